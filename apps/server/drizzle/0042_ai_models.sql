CREATE TABLE "ai_model_deployments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"task" text NOT NULL,
	"from_model_id" uuid,
	"from_version" integer,
	"to_model_id" uuid,
	"to_version" integer NOT NULL,
	"action" text NOT NULL,
	"forced" boolean DEFAULT false NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_model_drift_snapshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"day" text NOT NULL,
	"window_days" integer NOT NULL,
	"n" integer NOT NULL,
	"training_n" integer NOT NULL,
	"prediction_psi" double precision,
	"max_feature_psi" double precision,
	"features" jsonb NOT NULL,
	"realized_auc" double precision,
	"realized_n" integer DEFAULT 0 NOT NULL,
	"realized_positives" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_model_deployments" ADD CONSTRAINT "ai_model_deployments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_model_deployments" ADD CONSTRAINT "ai_model_deployments_from_model_id_ml_models_id_fk" FOREIGN KEY ("from_model_id") REFERENCES "public"."ml_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_model_deployments" ADD CONSTRAINT "ai_model_deployments_to_model_id_ml_models_id_fk" FOREIGN KEY ("to_model_id") REFERENCES "public"."ml_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_model_deployments" ADD CONSTRAINT "ai_model_deployments_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_model_drift_snapshots" ADD CONSTRAINT "ai_model_drift_snapshots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_model_drift_snapshots" ADD CONSTRAINT "ai_model_drift_snapshots_model_id_ml_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ml_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_model_deployments_ws_created_idx" ON "ai_model_deployments" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ai_model_deployments_ws_task_created_idx" ON "ai_model_deployments" USING btree ("workspace_id","task","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ai_model_drift_snapshots_model_day_uq" ON "ai_model_drift_snapshots" USING btree ("workspace_id","model_id","day","window_days");