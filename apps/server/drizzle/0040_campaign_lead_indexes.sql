CREATE INDEX "campaign_events_lead_idx" ON "campaign_events" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "campaign_messages_lead_idx" ON "campaign_messages" USING btree ("lead_id");