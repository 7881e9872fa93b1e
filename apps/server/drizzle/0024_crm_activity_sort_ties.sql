DROP INDEX "crm_interactions_ws_created_idx";--> statement-breakpoint
DROP INDEX "crm_tasks_ws_updated_idx";--> statement-breakpoint
CREATE INDEX "crm_interactions_ws_created_idx" ON "crm_interactions" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crm_tasks_ws_updated_idx" ON "crm_tasks" USING btree ("workspace_id","updated_at","id");