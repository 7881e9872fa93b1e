CREATE TABLE "security_detection_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" uuid,
	"window_from" timestamp with time zone,
	"window_to" timestamp with time zone,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"steps_total" integer DEFAULT 0 NOT NULL,
	"alerts_raised" integer DEFAULT 0 NOT NULL,
	"alerts_updated" integer DEFAULT 0 NOT NULL,
	"events_pruned" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"method" text NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_rule_settings" (
	"workspace_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"thresholds" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_rule_settings_workspace_id_rule_pk" PRIMARY KEY("workspace_id","rule")
);
--> statement-breakpoint
ALTER TABLE "security_rule_settings" ADD CONSTRAINT "security_rule_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_detection_runs_created_idx" ON "security_detection_runs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "security_detection_runs_status_idx" ON "security_detection_runs" USING btree ("status","window_to");--> statement-breakpoint
CREATE INDEX "security_events_at_idx" ON "security_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "security_events_user_at_idx" ON "security_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "security_events_ip_at_idx" ON "security_events" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "security_events_email_at_idx" ON "security_events" USING btree ("email","created_at");