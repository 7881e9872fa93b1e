DROP INDEX "leads_ws_activity_idx";--> statement-breakpoint
DROP INDEX "leads_ws_status_idx";--> statement-breakpoint
DROP INDEX "leads_ws_source_idx";--> statement-breakpoint
DROP INDEX "leads_ws_email_status_idx";--> statement-breakpoint
DROP INDEX "leads_ws_campaign_idx";--> statement-breakpoint
DROP INDEX "leads_ws_owner_idx";--> statement-breakpoint
DROP INDEX "leads_ws_score_idx";--> statement-breakpoint
CREATE INDEX "leads_ws_activity_desc_idx" ON "leads" USING btree ("workspace_id","last_activity_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_ws_score_desc_idx" ON "leads" USING btree ("workspace_id","score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_ws_status_created_idx" ON "leads" USING btree ("workspace_id","status","created_at");--> statement-breakpoint
CREATE INDEX "leads_ws_source_created_idx" ON "leads" USING btree ("workspace_id","source","created_at");--> statement-breakpoint
CREATE INDEX "leads_ws_email_status_created_idx" ON "leads" USING btree ("workspace_id","email_status","created_at");--> statement-breakpoint
CREATE INDEX "leads_ws_campaign_created_idx" ON "leads" USING btree ("workspace_id","campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_ws_owner_created_idx" ON "leads" USING btree ("workspace_id","owner_id","created_at");