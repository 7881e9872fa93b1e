CREATE TABLE "system_samples" (
	"taken_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"sample" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid,
	"rule" text NOT NULL,
	"severity" text NOT NULL,
	"subject" text NOT NULL,
	"title" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"incident_id" uuid,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_alerts" ADD CONSTRAINT "security_alerts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_alerts_ws_created_idx" ON "security_alerts" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "security_alerts_ws_status_idx" ON "security_alerts" USING btree ("workspace_id","status","created_at");--> statement-breakpoint
CREATE INDEX "security_alerts_open_subject_idx" ON "security_alerts" USING btree ("workspace_id","rule","subject","status");