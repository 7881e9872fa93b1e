CREATE TABLE "campaign_activity" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"user_id" uuid,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"lead_id" uuid,
	"message_id" uuid,
	"type" text NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"step" integer,
	"variant" integer,
	"url" text,
	"detail" jsonb,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_leads" (
	"campaign_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"current_step" integer DEFAULT 0 NOT NULL,
	"next_send_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"wait_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "campaign_leads_campaign_id_lead_id_pk" PRIMARY KEY("campaign_id","lead_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"variant" integer DEFAULT 0 NOT NULL,
	"inbox_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"message_id" text,
	"subject" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"scheduled_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"steps" jsonb NOT NULL,
	"inbox_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"schedule" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"track_opens" boolean DEFAULT true NOT NULL,
	"track_clicks" boolean DEFAULT true NOT NULL,
	"stop_on_reply" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"launched_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_activity" ADD CONSTRAINT "campaign_activity_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_activity" ADD CONSTRAINT "campaign_activity_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_activity" ADD CONSTRAINT "campaign_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_message_id_campaign_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."campaign_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD CONSTRAINT "campaign_leads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD CONSTRAINT "campaign_leads_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD CONSTRAINT "campaign_leads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_activity_campaign_idx" ON "campaign_activity" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_events_totals_idx" ON "campaign_events" USING btree ("campaign_id","type","is_bot","lead_id");--> statement-breakpoint
CREATE INDEX "campaign_events_series_idx" ON "campaign_events" USING btree ("campaign_id","occurred_at","type","is_bot","lead_id");--> statement-breakpoint
CREATE INDEX "campaign_events_ws_series_idx" ON "campaign_events" USING btree ("workspace_id","occurred_at","type","is_bot");--> statement-breakpoint
CREATE INDEX "campaign_events_message_idx" ON "campaign_events" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "campaign_leads_lead_idx" ON "campaign_leads" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "campaign_leads_campaign_state_idx" ON "campaign_leads" USING btree ("campaign_id","state");--> statement-breakpoint
CREATE INDEX "campaign_leads_added_idx" ON "campaign_leads" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_leads_due_idx" ON "campaign_leads" USING btree ("next_send_at") WHERE "campaign_leads"."state" in ('queued', 'in_progress');--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_messages_once_uq" ON "campaign_messages" USING btree ("campaign_id","lead_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_messages_message_id_uq" ON "campaign_messages" USING btree ("message_id") WHERE "campaign_messages"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "campaign_messages_campaign_sent_idx" ON "campaign_messages" USING btree ("campaign_id","sent_at");--> statement-breakpoint
CREATE INDEX "campaign_messages_campaign_status_idx" ON "campaign_messages" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaign_messages_ws_sent_idx" ON "campaign_messages" USING btree ("workspace_id","sent_at");--> statement-breakpoint
CREATE INDEX "campaign_messages_inbox_sent_idx" ON "campaign_messages" USING btree ("inbox_id","sent_at");--> statement-breakpoint
CREATE INDEX "campaign_messages_pending_idx" ON "campaign_messages" USING btree ("status","scheduled_at") WHERE "campaign_messages"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "campaigns_ws_created_idx" ON "campaigns" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_ws_updated_idx" ON "campaigns" USING btree ("workspace_id","updated_at");--> statement-breakpoint
CREATE INDEX "campaigns_ws_launched_idx" ON "campaigns" USING btree ("workspace_id","launched_at");--> statement-breakpoint
CREATE INDEX "campaigns_ws_status_created_idx" ON "campaigns" USING btree ("workspace_id","status","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_ws_name_idx" ON "campaigns" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "campaigns_name_trgm_idx" ON "campaigns" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaigns_scheduled_start_idx" ON "campaigns" USING btree ("starts_at") WHERE "campaigns"."status" = 'scheduled';