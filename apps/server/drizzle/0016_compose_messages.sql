CREATE TABLE "compose_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"inbox_id" uuid,
	"lead_id" uuid,
	"sent_by" uuid,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"to_name" text,
	"subject" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"error" text,
	"message_id" text,
	"track_opens" boolean DEFAULT false NOT NULL,
	"track_clicks" boolean DEFAULT false NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compose_messages" ADD CONSTRAINT "compose_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compose_messages" ADD CONSTRAINT "compose_messages_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compose_messages" ADD CONSTRAINT "compose_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compose_messages" ADD CONSTRAINT "compose_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compose_messages_ws_created_idx" ON "compose_messages" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "compose_messages_ws_sent_idx" ON "compose_messages" USING btree ("workspace_id","sent_at");--> statement-breakpoint
CREATE INDEX "compose_messages_inbox_sent_idx" ON "compose_messages" USING btree ("inbox_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "compose_messages_message_id_uq" ON "compose_messages" USING btree ("message_id") WHERE "compose_messages"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "compose_messages_sending_idx" ON "compose_messages" USING btree ("created_at") WHERE "compose_messages"."status" = 'sending';