ALTER TABLE "campaign_messages" DROP CONSTRAINT "campaign_messages_lead_id_leads_id_fk";
--> statement-breakpoint
DROP INDEX "campaign_events_ws_series_idx";--> statement-breakpoint
ALTER TABLE "campaign_messages" ALTER COLUMN "lead_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_events_ws_series_idx" ON "campaign_events" USING btree ("workspace_id","occurred_at","type","is_bot","campaign_id","lead_id");