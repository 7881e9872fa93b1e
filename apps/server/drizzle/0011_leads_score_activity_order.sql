DROP INDEX "leads_ws_activity_desc_idx";--> statement-breakpoint
DROP INDEX "leads_ws_score_desc_idx";--> statement-breakpoint
CREATE INDEX "leads_ws_activity_order_idx" ON "leads" USING btree ("workspace_id","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_ws_score_order_idx" ON "leads" USING btree ("workspace_id","score" DESC NULLS LAST,"id" DESC NULLS LAST);