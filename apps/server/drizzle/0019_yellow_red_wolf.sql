ALTER TABLE "access_audit" ADD COLUMN "source" text DEFAULT 'server' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD COLUMN "created_via" text DEFAULT 'session' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD COLUMN "stopped_reason" text;--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD CONSTRAINT "scheduled_exports_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;