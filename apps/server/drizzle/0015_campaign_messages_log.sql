DROP INDEX "campaign_events_message_idx";--> statement-breakpoint
DROP INDEX "campaign_messages_campaign_sent_idx";--> statement-breakpoint
DROP INDEX "campaign_messages_campaign_status_idx";--> statement-breakpoint
DROP INDEX "campaign_messages_ws_sent_idx";--> statement-breakpoint
CREATE INDEX "campaign_events_message_type_idx" ON "campaign_events" USING btree ("message_id","type","is_bot","occurred_at");--> statement-breakpoint
CREATE INDEX "campaign_messages_campaign_sent_status_idx" ON "campaign_messages" USING btree ("campaign_id","sent_at","status");--> statement-breakpoint
CREATE INDEX "campaign_messages_ws_sent_campaign_idx" ON "campaign_messages" USING btree ("workspace_id","sent_at","campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaign_messages_log_idx" ON "campaign_messages" USING btree ("campaign_id",coalesce("sent_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "campaign_messages_log_status_idx" ON "campaign_messages" USING btree ("campaign_id","status",coalesce("sent_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "campaign_messages_log_step_idx" ON "campaign_messages" USING btree ("campaign_id","step",coalesce("sent_at", "created_at"),"id");