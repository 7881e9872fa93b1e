CREATE TABLE "analytics_daily" (
	"workspace_id" uuid NOT NULL,
	"day" date NOT NULL,
	"campaign_id" uuid NOT NULL,
	"inbox_id" uuid,
	"step" integer NOT NULL,
	"variant" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"clicked" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"meetings" integer DEFAULT 0 NOT NULL,
	"unsubscribed" integer DEFAULT 0 NOT NULL,
	"complaints" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_refresh_state" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"watermark" timestamp with time zone NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"full_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"groups_refreshed" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT null
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_refresh_state" ADD CONSTRAINT "analytics_refresh_state_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_daily_ws_day_idx" ON "analytics_daily" USING btree ("workspace_id","day","campaign_id");--> statement-breakpoint
CREATE INDEX "analytics_daily_campaign_idx" ON "analytics_daily" USING btree ("campaign_id","day");