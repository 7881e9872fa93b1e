DROP INDEX "leads_ws_email_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "leads_ws_email_unique" ON "leads" USING btree ("workspace_id","email") WHERE "leads"."email" is not null;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_email_lower_ck" CHECK ("leads"."email" = lower("leads"."email"));