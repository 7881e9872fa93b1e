CREATE TABLE "automation_scan_cursors" (
	"source" text PRIMARY KEY NOT NULL,
	"event_id" uuid,
	"member_at" timestamp with time zone,
	"leased_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliverability_daily" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"day" date NOT NULL,
	"checks" jsonb NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	"complaints" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliverability_domains" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"dkim_selector" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliverability_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"domain" text,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "send_insights_lookup_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"force" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"classified" integer DEFAULT 0 NOT NULL,
	"unresolved" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "send_insights_mail_domains" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"mx_hosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"error" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sending_holds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"target_id" uuid NOT NULL,
	"target_label" text NOT NULL,
	"reason" text NOT NULL,
	"held_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" uuid,
	"release_note" text
);
--> statement-breakpoint
DROP TABLE "automation_cursors" CASCADE;--> statement-breakpoint
ALTER TABLE "deliverability_daily" ADD CONSTRAINT "deliverability_daily_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverability_domains" ADD CONSTRAINT "deliverability_domains_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverability_runs" ADD CONSTRAINT "deliverability_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_insights_lookup_jobs" ADD CONSTRAINT "send_insights_lookup_jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_insights_lookup_jobs" ADD CONSTRAINT "send_insights_lookup_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_insights_mail_domains" ADD CONSTRAINT "send_insights_mail_domains_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sending_holds" ADD CONSTRAINT "sending_holds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sending_holds" ADD CONSTRAINT "sending_holds_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sending_holds" ADD CONSTRAINT "sending_holds_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliverability_daily_key_uq" ON "deliverability_daily" USING btree ("workspace_id","day","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "deliverability_domains_key_uq" ON "deliverability_domains" USING btree ("workspace_id","domain");--> statement-breakpoint
CREATE INDEX "deliverability_runs_ws_idx" ON "deliverability_runs" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "send_insights_lookup_jobs_ws_created_idx" ON "send_insights_lookup_jobs" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "send_insights_lookup_jobs_ws_status_idx" ON "send_insights_lookup_jobs" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "send_insights_mail_domains_ws_domain_uq" ON "send_insights_mail_domains" USING btree ("workspace_id","domain");--> statement-breakpoint
CREATE INDEX "send_insights_mail_domains_ws_provider_idx" ON "send_insights_mail_domains" USING btree ("workspace_id","provider","domain");--> statement-breakpoint
CREATE INDEX "send_insights_mail_domains_ws_checked_idx" ON "send_insights_mail_domains" USING btree ("workspace_id","checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sending_holds_active_uq" ON "sending_holds" USING btree ("workspace_id","scope","target_id") WHERE "sending_holds"."released_at" is null;--> statement-breakpoint
CREATE INDEX "sending_holds_ws_active_idx" ON "sending_holds" USING btree ("workspace_id") WHERE "sending_holds"."released_at" is null;--> statement-breakpoint
CREATE INDEX "sending_holds_ws_created_idx" ON "sending_holds" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sending_holds_ws_scope_created_idx" ON "sending_holds" USING btree ("workspace_id","scope","created_at");