CREATE TABLE "send_insights_data_marks" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"mark_from" timestamp with time zone NOT NULL,
	"mark" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "send_insights_snapshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"days" integer NOT NULL,
	"campaign_id" text DEFAULT '' NOT NULL,
	"payload" jsonb,
	"computed_at" timestamp with time zone,
	"duration_ms" integer,
	"stale_since" timestamp with time zone,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refresh_status" text DEFAULT 'idle' NOT NULL,
	"refresh_progress" integer DEFAULT 0 NOT NULL,
	"refresh_step" text,
	"refresh_error" text,
	"refresh_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "send_insights_data_marks" ADD CONSTRAINT "send_insights_data_marks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_insights_snapshots" ADD CONSTRAINT "send_insights_snapshots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "send_insights_snapshots_key_uq" ON "send_insights_snapshots" USING btree ("workspace_id","kind","days","campaign_id");--> statement-breakpoint
CREATE INDEX "send_insights_snapshots_read_idx" ON "send_insights_snapshots" USING btree ("read_at");