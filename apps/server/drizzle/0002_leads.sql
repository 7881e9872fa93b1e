CREATE TABLE "lead_import_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"file_size" bigint NOT NULL,
	"mapping" jsonb NOT NULL,
	"duplicate_policy" text NOT NULL,
	"bytes_processed" bigint DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_merges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kept_lead_id" uuid NOT NULL,
	"merged_lead_ids" uuid[] NOT NULL,
	"match" text NOT NULL,
	"match_key" text NOT NULL,
	"taken_from" jsonb NOT NULL,
	"merged_snapshots" jsonb NOT NULL,
	"merged_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"company_name" text,
	"role" text,
	"industry" text,
	"pain_point" text,
	"company_insight" text,
	"campaign_id" uuid,
	"phone" text,
	"website" text,
	"linkedin_url" text,
	"city" text,
	"country" text,
	"seniority" text,
	"department" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"score" integer,
	"score_breakdown" jsonb,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"owner_id" uuid,
	"created_by" uuid,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email_status" text DEFAULT 'unknown' NOT NULL,
	"provenance" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plan_usage" (
	"organization_id" uuid NOT NULL,
	"period" date NOT NULL,
	"leads_created" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_usage_organization_id_period_pk" PRIMARY KEY("organization_id","period")
);
--> statement-breakpoint
ALTER TABLE "lead_import_jobs" ADD CONSTRAINT "lead_import_jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_import_jobs" ADD CONSTRAINT "lead_import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_merges" ADD CONSTRAINT "lead_merges_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_merges" ADD CONSTRAINT "lead_merges_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_usage" ADD CONSTRAINT "plan_usage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_import_jobs_ws_idx" ON "lead_import_jobs" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_merges_ws_idx" ON "lead_merges" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_merges_kept_idx" ON "lead_merges" USING btree ("kept_lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_ws_email_uq" ON "leads" USING btree ("workspace_id",lower("email")) WHERE "leads"."email" is not null;--> statement-breakpoint
CREATE INDEX "leads_ws_created_idx" ON "leads" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_ws_updated_idx" ON "leads" USING btree ("workspace_id","updated_at");--> statement-breakpoint
CREATE INDEX "leads_ws_activity_idx" ON "leads" USING btree ("workspace_id","last_activity_at");--> statement-breakpoint
CREATE INDEX "leads_ws_status_idx" ON "leads" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "leads_ws_source_idx" ON "leads" USING btree ("workspace_id","source");--> statement-breakpoint
CREATE INDEX "leads_ws_email_status_idx" ON "leads" USING btree ("workspace_id","email_status");--> statement-breakpoint
CREATE INDEX "leads_ws_campaign_idx" ON "leads" USING btree ("workspace_id","campaign_id");--> statement-breakpoint
CREATE INDEX "leads_ws_owner_idx" ON "leads" USING btree ("workspace_id","owner_id");--> statement-breakpoint
CREATE INDEX "leads_ws_score_idx" ON "leads" USING btree ("workspace_id","score");--> statement-breakpoint
CREATE INDEX "leads_ws_company_idx" ON "leads" USING btree ("workspace_id","company_name");--> statement-breakpoint
CREATE INDEX "leads_ws_last_name_idx" ON "leads" USING btree ("workspace_id","last_name");--> statement-breakpoint
CREATE INDEX "leads_tags_idx" ON "leads" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ((coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(company_name, '')) gin_trgm_ops);