CREATE INDEX "crm_interactions_ws_created_idx" ON "crm_interactions" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_tasks_ws_due_idx" ON "crm_tasks" USING btree ("workspace_id","due_at","id");--> statement-breakpoint
CREATE INDEX "crm_tasks_ws_updated_idx" ON "crm_tasks" USING btree ("workspace_id","updated_at");--> statement-breakpoint
CREATE INDEX "crm_tasks_ws_title_idx" ON "crm_tasks" USING btree ("workspace_id",lower("title"),"id");