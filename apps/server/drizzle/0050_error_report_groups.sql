ALTER TABLE "error_reports" ADD COLUMN "field" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "error_reports" ADD COLUMN "component" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "error_reports_group_idx" ON "error_reports" USING btree ("type","field","component","created_at");