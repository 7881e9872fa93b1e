DROP INDEX "leads_ws_company_idx";--> statement-breakpoint
DROP INDEX "leads_ws_last_name_idx";--> statement-breakpoint
CREATE INDEX "leads_ws_company_lower_idx" ON "leads" USING btree ("workspace_id",lower("company_name"));--> statement-breakpoint
CREATE INDEX "leads_ws_name_lower_idx" ON "leads" USING btree ("workspace_id",lower("last_name"),lower("first_name"));