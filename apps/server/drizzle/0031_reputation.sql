CREATE TABLE "automation_cursors" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid,
	"member_at" timestamp with time zone,
	"leased_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"trigger_type" text NOT NULL,
	"trigger" jsonb NOT NULL,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"created_by" uuid,
	"last_run_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"rule_id" uuid,
	"sequence_id" uuid,
	"owner" text NOT NULL,
	"run_key" text NOT NULL,
	"trigger_type" text NOT NULL,
	"trigger_ref" text NOT NULL,
	"lead_id" uuid,
	"campaign_id" uuid,
	"status" text NOT NULL,
	"actions" jsonb NOT NULL,
	"error" text,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_triggers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"type" text NOT NULL,
	"ref" text NOT NULL,
	"lead_id" uuid,
	"campaign_id" uuid,
	"step" integer,
	"tag" text,
	"depth" integer DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "nurture_enrollments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sequence_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entry_reason" text NOT NULL,
	"exited_at" timestamp with time zone,
	"exit_reason" text
);
--> statement-breakpoint
CREATE TABLE "nurture_sequences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"trigger_type" text NOT NULL,
	"entry_trigger" jsonb NOT NULL,
	"entry_conditions" jsonb NOT NULL,
	"exits" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reputation_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_label" text NOT NULL,
	"kind" text NOT NULL,
	"alert_key" text NOT NULL,
	"level" text NOT NULL,
	"value" real,
	"threshold" real,
	"zone" text,
	"message" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reputation_game_days" (
	"workspace_id" uuid NOT NULL,
	"day" date NOT NULL,
	"score" integer NOT NULL,
	CONSTRAINT "reputation_game_days_workspace_id_day_pk" PRIMARY KEY("workspace_id","day")
);
--> statement-breakpoint
CREATE TABLE "reputation_game_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"inbox_id" uuid NOT NULL,
	"task" text NOT NULL,
	"done" boolean NOT NULL,
	"first_done_at" timestamp with time zone,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reputation_snapshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"label" text NOT NULL,
	"domain" text NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	"complaints" integer DEFAULT 0 NOT NULL,
	"unsubscribes" integer DEFAULT 0 NOT NULL,
	"window_sent" integer DEFAULT 0 NOT NULL,
	"window_bounces" integer DEFAULT 0 NOT NULL,
	"window_complaints" integer DEFAULT 0 NOT NULL,
	"window_unsubscribes" integer DEFAULT 0 NOT NULL,
	"listed_on" text[],
	"score" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reputation_state" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"backfill_status" text DEFAULT 'idle' NOT NULL,
	"backfill_days" integer DEFAULT 0 NOT NULL,
	"backfill_done_days" integer DEFAULT 0 NOT NULL,
	"backfill_started_at" timestamp with time zone,
	"backfill_finished_at" timestamp with time zone,
	"backfill_error" text
);
--> statement-breakpoint
ALTER TABLE "automation_cursors" ADD CONSTRAINT "automation_cursors_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_sequence_id_nurture_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."nurture_sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_triggers" ADD CONSTRAINT "automation_triggers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_triggers" ADD CONSTRAINT "automation_triggers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurture_enrollments" ADD CONSTRAINT "nurture_enrollments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurture_enrollments" ADD CONSTRAINT "nurture_enrollments_sequence_id_nurture_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."nurture_sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurture_enrollments" ADD CONSTRAINT "nurture_enrollments_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurture_sequences" ADD CONSTRAINT "nurture_sequences_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurture_sequences" ADD CONSTRAINT "nurture_sequences_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurture_sequences" ADD CONSTRAINT "nurture_sequences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reputation_alerts" ADD CONSTRAINT "reputation_alerts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reputation_game_days" ADD CONSTRAINT "reputation_game_days_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reputation_game_tasks" ADD CONSTRAINT "reputation_game_tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reputation_game_tasks" ADD CONSTRAINT "reputation_game_tasks_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reputation_snapshots" ADD CONSTRAINT "reputation_snapshots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reputation_state" ADD CONSTRAINT "reputation_state_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_rules_ws_created_idx" ON "automation_rules" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "automation_rules_ws_trigger_idx" ON "automation_rules" USING btree ("workspace_id","trigger_type") WHERE "automation_rules"."enabled";--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_once_uq" ON "automation_runs" USING btree ("owner","lead_id","run_key");--> statement-breakpoint
CREATE INDEX "automation_runs_ws_created_idx" ON "automation_runs" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "automation_runs_rule_created_idx" ON "automation_runs" USING btree ("rule_id","created_at");--> statement-breakpoint
CREATE INDEX "automation_runs_ws_lead_idx" ON "automation_runs" USING btree ("workspace_id","lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_triggers_once_uq" ON "automation_triggers" USING btree ("workspace_id","type","ref");--> statement-breakpoint
CREATE INDEX "automation_triggers_pending_idx" ON "automation_triggers" USING btree ("created_at") WHERE "automation_triggers"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "nurture_enrollments_once_uq" ON "nurture_enrollments" USING btree ("sequence_id","lead_id");--> statement-breakpoint
CREATE INDEX "nurture_enrollments_seq_status_idx" ON "nurture_enrollments" USING btree ("sequence_id","status","entered_at");--> statement-breakpoint
CREATE INDEX "nurture_enrollments_ws_lead_idx" ON "nurture_enrollments" USING btree ("workspace_id","lead_id","entered_at");--> statement-breakpoint
CREATE INDEX "nurture_enrollments_ws_entered_idx" ON "nurture_enrollments" USING btree ("workspace_id","entered_at");--> statement-breakpoint
CREATE INDEX "nurture_sequences_ws_created_idx" ON "nurture_sequences" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nurture_sequences_campaign_uq" ON "nurture_sequences" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reputation_alerts_open_uq" ON "reputation_alerts" USING btree ("workspace_id","subject_kind","subject_id","alert_key") WHERE "reputation_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "reputation_alerts_ws_opened_idx" ON "reputation_alerts" USING btree ("workspace_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reputation_game_tasks_key_uq" ON "reputation_game_tasks" USING btree ("inbox_id","task");--> statement-breakpoint
CREATE INDEX "reputation_game_tasks_ws_done_idx" ON "reputation_game_tasks" USING btree ("workspace_id","first_done_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reputation_snapshots_key_uq" ON "reputation_snapshots" USING btree ("workspace_id","subject_kind","subject_id","day");--> statement-breakpoint
CREATE INDEX "reputation_snapshots_ws_day_idx" ON "reputation_snapshots" USING btree ("workspace_id","day");