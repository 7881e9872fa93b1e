CREATE TABLE "lead_predictions" (
	"lead_id" uuid NOT NULL,
	"kind" text DEFAULT 'lead_score' NOT NULL,
	"workspace_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"probability" double precision NOT NULL,
	"contacted" boolean NOT NULL,
	"contributions" jsonb NOT NULL,
	"scored_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_predictions_lead_id_kind_pk" PRIMARY KEY("lead_id","kind")
);
--> statement-breakpoint
CREATE TABLE "lead_score_train_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text DEFAULT 'Waiting for a worker' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"target" text NOT NULL,
	"days" integer NOT NULL,
	"error" text,
	"model_id" uuid,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ml_models" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"target" text NOT NULL,
	"features" jsonb NOT NULL,
	"weights" jsonb NOT NULL,
	"metrics" jsonb NOT NULL,
	"training_from" timestamp with time zone NOT NULL,
	"training_to" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"positives" integer NOT NULL,
	"cv_auc" double precision,
	"trained_at" timestamp with time zone NOT NULL,
	"scored_at" timestamp with time zone,
	"trained_by" uuid
);
--> statement-breakpoint
CREATE TABLE "recommendation_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"recommendation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"target" jsonb NOT NULL,
	"applied_by" uuid,
	"applied_at" timestamp with time zone NOT NULL,
	"baseline" jsonb NOT NULL,
	"min_sends" integer NOT NULL,
	"evaluate_after" timestamp with time zone NOT NULL,
	"evaluated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_outcomes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"verdict" text NOT NULL,
	"after" jsonb NOT NULL,
	"test" jsonb NOT NULL,
	"note" text NOT NULL,
	"evaluated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"step" text,
	"created" integer DEFAULT 0 NOT NULL,
	"refreshed" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"evaluated" integer DEFAULT 0 NOT NULL,
	"error" text,
	"requested_by" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recommendations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"title" text NOT NULL,
	"rationale" text NOT NULL,
	"target" jsonb NOT NULL,
	"figures" jsonb NOT NULL,
	"test" jsonb,
	"source" text NOT NULL,
	"expected" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"permission" text NOT NULL,
	"action_text" text NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"snoozed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_predictions" ADD CONSTRAINT "lead_predictions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_predictions" ADD CONSTRAINT "lead_predictions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_predictions" ADD CONSTRAINT "lead_predictions_model_id_ml_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ml_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_score_train_jobs" ADD CONSTRAINT "lead_score_train_jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_score_train_jobs" ADD CONSTRAINT "lead_score_train_jobs_model_id_ml_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ml_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_score_train_jobs" ADD CONSTRAINT "lead_score_train_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ml_models" ADD CONSTRAINT "ml_models_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ml_models" ADD CONSTRAINT "ml_models_trained_by_users_id_fk" FOREIGN KEY ("trained_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_applications" ADD CONSTRAINT "recommendation_applications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_applications" ADD CONSTRAINT "recommendation_applications_recommendation_id_recommendations_id_fk" FOREIGN KEY ("recommendation_id") REFERENCES "public"."recommendations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_applications" ADD CONSTRAINT "recommendation_applications_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_outcomes" ADD CONSTRAINT "recommendation_outcomes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_outcomes" ADD CONSTRAINT "recommendation_outcomes_application_id_recommendation_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."recommendation_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_runs" ADD CONSTRAINT "recommendation_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_runs" ADD CONSTRAINT "recommendation_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_predictions_rank_idx" ON "lead_predictions" USING btree ("workspace_id","model_id","probability" DESC NULLS LAST,"lead_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lead_predictions_contacted_rank_idx" ON "lead_predictions" USING btree ("workspace_id","model_id","contacted","probability" DESC NULLS LAST,"lead_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lead_score_train_jobs_ws_created_idx" ON "lead_score_train_jobs" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ml_models_ws_kind_version_uq" ON "ml_models" USING btree ("workspace_id","kind","version");--> statement-breakpoint
CREATE INDEX "ml_models_ws_kind_status_idx" ON "ml_models" USING btree ("workspace_id","kind","status");--> statement-breakpoint
CREATE INDEX "recommendation_applications_ws_order_idx" ON "recommendation_applications" USING btree ("workspace_id","applied_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recommendation_applications_pending_idx" ON "recommendation_applications" USING btree ("applied_at") WHERE "recommendation_applications"."evaluated_at" is null;--> statement-breakpoint
CREATE INDEX "recommendation_applications_rec_idx" ON "recommendation_applications" USING btree ("recommendation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recommendation_outcomes_application_uq" ON "recommendation_outcomes" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "recommendation_outcomes_ws_idx" ON "recommendation_outcomes" USING btree ("workspace_id","evaluated_at");--> statement-breakpoint
CREATE INDEX "recommendation_runs_ws_started_idx" ON "recommendation_runs" USING btree ("workspace_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "recommendations_ws_key_uq" ON "recommendations" USING btree ("workspace_id","kind","key");--> statement-breakpoint
CREATE INDEX "recommendations_ws_status_order_idx" ON "recommendations" USING btree ("workspace_id","status","generated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recommendations_status_expires_idx" ON "recommendations" USING btree ("status","expires_at");