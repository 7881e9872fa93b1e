CREATE TABLE "optimization_cost_models" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"inbox_monthly_cost" numeric(14, 2) DEFAULT 0 NOT NULL,
	"tooling_monthly_cost" numeric(14, 2) DEFAULT 0 NOT NULL,
	"default_lead_cost" numeric(14, 2) DEFAULT 0 NOT NULL,
	"lead_cost_by_source" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "optimization_scenarios" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "optimization_cost_models" ADD CONSTRAINT "optimization_cost_models_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optimization_scenarios" ADD CONSTRAINT "optimization_scenarios_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "optimization_scenarios_ws_created_idx" ON "optimization_scenarios" USING btree ("workspace_id","created_at" desc,"id" desc);