CREATE TABLE "reply_intent_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"model_version" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reply_intents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"reply_ref" text NOT NULL,
	"lead_id" uuid,
	"campaign_id" uuid,
	"from_address" text,
	"subject" text DEFAULT '' NOT NULL,
	"snippet" text NOT NULL,
	"class" text NOT NULL,
	"predicted_class" text NOT NULL,
	"confidence" double precision NOT NULL,
	"explanation" jsonb NOT NULL,
	"model_version" text NOT NULL,
	"action_id" uuid,
	"corrected_class" text,
	"corrected_by" uuid,
	"corrected_at" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	"classified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reply_intent_jobs" ADD CONSTRAINT "reply_intent_jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_intent_jobs" ADD CONSTRAINT "reply_intent_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_intents" ADD CONSTRAINT "reply_intents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_intents" ADD CONSTRAINT "reply_intents_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_intents" ADD CONSTRAINT "reply_intents_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_intents" ADD CONSTRAINT "reply_intents_action_id_ai_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."ai_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_intents" ADD CONSTRAINT "reply_intents_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_intent_jobs_ws_created_idx" ON "reply_intent_jobs" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reply_intents_ws_ref_uq" ON "reply_intents" USING btree ("workspace_id","reply_ref");--> statement-breakpoint
CREATE INDEX "reply_intents_ws_received_idx" ON "reply_intents" USING btree ("workspace_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reply_intents_ws_class_received_idx" ON "reply_intents" USING btree ("workspace_id","class","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reply_intents_ws_campaign_received_idx" ON "reply_intents" USING btree ("workspace_id","campaign_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reply_intents_ws_version_idx" ON "reply_intents" USING btree ("workspace_id","model_version");--> statement-breakpoint
CREATE INDEX "reply_intents_lead_idx" ON "reply_intents" USING btree ("lead_id");