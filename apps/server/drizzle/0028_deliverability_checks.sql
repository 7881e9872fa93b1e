CREATE TABLE "deliverability_checks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"summary" text NOT NULL,
	"found" text,
	"fix" jsonb,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliverability_checks" ADD CONSTRAINT "deliverability_checks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliverability_checks_key_uq" ON "deliverability_checks" USING btree ("workspace_id","domain","kind");--> statement-breakpoint
CREATE INDEX "deliverability_checks_checked_idx" ON "deliverability_checks" USING btree ("checked_at");