DROP INDEX "crm_tasks_ws_created_idx";--> statement-breakpoint
CREATE INDEX "crm_tasks_ws_created_idx" ON "crm_tasks" USING btree ("workspace_id","created_at","id");