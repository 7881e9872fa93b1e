ALTER TABLE "compose_messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "compose_messages" ADD COLUMN "bounced_at" timestamp with time zone;