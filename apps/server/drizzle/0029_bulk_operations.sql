CREATE TABLE "bulk_operation_items" (
	"operation_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"target_id" uuid NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"previous" jsonb,
	"undo_error" text,
	CONSTRAINT "bulk_operation_items_operation_id_seq_pk" PRIMARY KEY("operation_id","seq")
);
--> statement-breakpoint
CREATE TABLE "bulk_operations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"action" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"target" jsonb NOT NULL,
	"target_description" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"undoable" boolean DEFAULT false NOT NULL,
	"undo_until" timestamp with time zone,
	"undo_status" text,
	"undo_cursor" integer DEFAULT 0 NOT NULL,
	"undone" integer DEFAULT 0 NOT NULL,
	"undo_failed" integer DEFAULT 0 NOT NULL,
	"undone_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_operation_items" ADD CONSTRAINT "bulk_operation_items_operation_id_bulk_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."bulk_operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_operations" ADD CONSTRAINT "bulk_operations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_operations" ADD CONSTRAINT "bulk_operations_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_operations" ADD CONSTRAINT "bulk_operations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_operation_items_status_idx" ON "bulk_operation_items" USING btree ("operation_id","status","seq");--> statement-breakpoint
CREATE INDEX "bulk_operations_ws_created_idx" ON "bulk_operations" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "bulk_operations_status_idx" ON "bulk_operations" USING btree ("status");