CREATE TABLE "ai_agent_proposals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"explanation" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"previous" jsonb,
	"result" jsonb,
	"autopilot" boolean DEFAULT false NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_agent_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid,
	"subject_label" text,
	"engine" text,
	"budget_tokens" integer NOT NULL,
	"budget_pages" integer NOT NULL,
	"budget_seconds" integer NOT NULL,
	"used_tokens" integer DEFAULT 0 NOT NULL,
	"used_pages" integer DEFAULT 0 NOT NULL,
	"used_ms" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text,
	"error" text,
	"autopilot" boolean DEFAULT false NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_agent_settings" (
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"autopilot" boolean DEFAULT false NOT NULL,
	"budget_tokens" integer NOT NULL,
	"budget_pages" integer NOT NULL,
	"budget_seconds" integer NOT NULL,
	"schedule_hours" integer,
	"last_scheduled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_agent_settings_workspace_id_kind_pk" PRIMARY KEY("workspace_id","kind")
);
--> statement-breakpoint
CREATE TABLE "ai_agent_steps" (
	"run_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"data" jsonb,
	"tokens" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_agent_steps_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
ALTER TABLE "ai_agent_proposals" ADD CONSTRAINT "ai_agent_proposals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_agent_proposals" ADD CONSTRAINT "ai_agent_proposals_run_id_ai_agent_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."ai_agent_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_agent_proposals" ADD CONSTRAINT "ai_agent_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_agent_runs" ADD CONSTRAINT "ai_agent_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_agent_runs" ADD CONSTRAINT "ai_agent_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_agent_settings" ADD CONSTRAINT "ai_agent_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_agent_steps" ADD CONSTRAINT "ai_agent_steps_run_id_ai_agent_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."ai_agent_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_agent_proposals_run_idx" ON "ai_agent_proposals" USING btree ("run_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_agent_proposals_ws_status_idx" ON "ai_agent_proposals" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "ai_agent_runs_ws_created_idx" ON "ai_agent_runs" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ai_agent_runs_ws_kind_created_idx" ON "ai_agent_runs" USING btree ("workspace_id","kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ai_agent_runs_ws_status_created_idx" ON "ai_agent_runs" USING btree ("workspace_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);