CREATE TABLE "ab_experiments" (
	"campaign_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"workspace_id" uuid NOT NULL,
	"mode" text DEFAULT 'even' NOT NULL,
	"metric" text DEFAULT 'reply' NOT NULL,
	"min_share" double precision DEFAULT 0.1 NOT NULL,
	"winner" integer,
	"weights" jsonb,
	"weights_at" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ab_experiments_campaign_id_step_pk" PRIMARY KEY("campaign_id","step")
);
--> statement-breakpoint
CREATE TABLE "ab_traffic_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"weights" jsonb NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ab_experiments" ADD CONSTRAINT "ab_experiments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_experiments" ADD CONSTRAINT "ab_experiments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_experiments" ADD CONSTRAINT "ab_experiments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_traffic_history" ADD CONSTRAINT "ab_traffic_history_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_traffic_history" ADD CONSTRAINT "ab_traffic_history_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ab_experiments_ws_idx" ON "ab_experiments" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "ab_traffic_history_step_at_idx" ON "ab_traffic_history" USING btree ("campaign_id","step","at");