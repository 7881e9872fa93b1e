CREATE TABLE "analytics_benchmarks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid,
	"seed_key" text,
	"metric" text NOT NULL,
	"value_low" double precision NOT NULL,
	"value_high" double precision NOT NULL,
	"segment" text NOT NULL,
	"source_name" text NOT NULL,
	"source_url" text NOT NULL,
	"published" text NOT NULL,
	"retrieved_on" date NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_insight_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"step" text,
	"error" text,
	"period_days" integer NOT NULL,
	"current_from" date NOT NULL,
	"current_to" date NOT NULL,
	"previous_from" date NOT NULL,
	"previous_to" date NOT NULL,
	"tests" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "analytics_benchmarks" ADD CONSTRAINT "analytics_benchmarks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_benchmarks" ADD CONSTRAINT "analytics_benchmarks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_insight_runs" ADD CONSTRAINT "analytics_insight_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_insight_runs" ADD CONSTRAINT "analytics_insight_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_benchmarks_seed_uq" ON "analytics_benchmarks" USING btree ("seed_key") WHERE "analytics_benchmarks"."seed_key" is not null;--> statement-breakpoint
CREATE INDEX "analytics_benchmarks_ws_metric_idx" ON "analytics_benchmarks" USING btree ("workspace_id","metric","id");--> statement-breakpoint
CREATE INDEX "analytics_insight_runs_ws_requested_idx" ON "analytics_insight_runs" USING btree ("workspace_id","requested_at");--> statement-breakpoint
CREATE INDEX "analytics_insight_runs_ws_status_idx" ON "analytics_insight_runs" USING btree ("workspace_id","status","requested_at");