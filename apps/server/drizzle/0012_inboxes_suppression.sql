CREATE TABLE "inboxes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text DEFAULT 'smtp' NOT NULL,
	"email" text NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"smtp" jsonb,
	"smtp_password" text,
	"imap" jsonb,
	"imap_password" text,
	"daily_limit" integer DEFAULT 30 NOT NULL,
	"min_gap_seconds" integer DEFAULT 60 NOT NULL,
	"warmup_enabled" boolean DEFAULT false NOT NULL,
	"warmup_start_per_day" integer DEFAULT 5 NOT NULL,
	"warmup_increase_per_day" integer DEFAULT 2 NOT NULL,
	"warmup_started_at" timestamp with time zone,
	"status" text DEFAULT 'healthy' NOT NULL,
	"status_reason" text,
	"paused_manually" boolean DEFAULT false NOT NULL,
	"last_sent_at" timestamp with time zone,
	"imap_uid_validity" bigint,
	"imap_last_uid" bigint,
	"imap_last_polled_at" timestamp with time zone,
	"imap_error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppressions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"campaign_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inboxes" ADD CONSTRAINT "inboxes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inboxes" ADD CONSTRAINT "inboxes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inboxes_ws_idx" ON "inboxes" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inboxes_ws_email_uq" ON "inboxes" USING btree ("workspace_id",lower("email")) WHERE "inboxes"."kind" = 'smtp';--> statement-breakpoint
CREATE UNIQUE INDEX "inboxes_ws_local_uq" ON "inboxes" USING btree ("workspace_id") WHERE "inboxes"."kind" = 'local';--> statement-breakpoint
CREATE INDEX "inboxes_imap_poll_idx" ON "inboxes" USING btree ("imap_last_polled_at") WHERE "inboxes"."imap" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "suppressions_ws_email_uq" ON "suppressions" USING btree ("workspace_id","email");--> statement-breakpoint
CREATE INDEX "suppressions_ws_created_idx" ON "suppressions" USING btree ("workspace_id","created_at");