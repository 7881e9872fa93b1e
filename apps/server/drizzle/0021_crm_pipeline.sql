CREATE TABLE "crm_customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"company" text,
	"phone" text,
	"owner_id" uuid,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"lead_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_deal_stage_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"from_stage_id" uuid,
	"to_stage_id" uuid,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_deals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" numeric(14, 2) DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"stage_id" uuid NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"description" text,
	"owner_id" uuid,
	"probability" integer,
	"expected_close_date" date,
	"customer_id" uuid,
	"lead_id" uuid,
	"source_campaign_id" uuid,
	"stage_entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_deals_value_ck" CHECK ("crm_deals"."value" >= 0),
	CONSTRAINT "crm_deals_probability_ck" CHECK ("crm_deals"."probability" is null or "crm_deals"."probability" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "crm_interactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text,
	"notes" text,
	"customer_id" uuid,
	"deal_id" uuid,
	"lead_id" uuid,
	"campaign_id" uuid,
	"source" text DEFAULT 'manual' NOT NULL,
	"source_ref" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_stages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"probability" integer NOT NULL,
	"is_won" boolean DEFAULT false NOT NULL,
	"is_lost" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_stages_probability_ck" CHECK ("crm_stages"."probability" between 0 and 100),
	CONSTRAINT "crm_stages_outcome_ck" CHECK (not ("crm_stages"."is_won" and "crm_stages"."is_lost"))
);
--> statement-breakpoint
CREATE TABLE "crm_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_at" timestamp with time zone,
	"description" text,
	"assignee_id" uuid,
	"customer_id" uuid,
	"deal_id" uuid,
	"lead_id" uuid,
	"remind_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_alert_states" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"alert_key" text NOT NULL,
	"snoozed_until" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"reason" text,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_snapshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"scope" text DEFAULT 'all' NOT NULL,
	"params_key" text DEFAULT '' NOT NULL,
	"payload" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_ms" integer,
	"stale_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_customers" ADD CONSTRAINT "crm_customers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customers" ADD CONSTRAINT "crm_customers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customers" ADD CONSTRAINT "crm_customers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customers" ADD CONSTRAINT "crm_customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deal_stage_history" ADD CONSTRAINT "crm_deal_stage_history_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deal_stage_history" ADD CONSTRAINT "crm_deal_stage_history_deal_id_crm_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crm_deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deal_stage_history" ADD CONSTRAINT "crm_deal_stage_history_from_stage_id_crm_stages_id_fk" FOREIGN KEY ("from_stage_id") REFERENCES "public"."crm_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deal_stage_history" ADD CONSTRAINT "crm_deal_stage_history_to_stage_id_crm_stages_id_fk" FOREIGN KEY ("to_stage_id") REFERENCES "public"."crm_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deal_stage_history" ADD CONSTRAINT "crm_deal_stage_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_stage_id_crm_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."crm_stages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_source_campaign_id_campaigns_id_fk" FOREIGN KEY ("source_campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_interactions" ADD CONSTRAINT "crm_interactions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_interactions" ADD CONSTRAINT "crm_interactions_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_interactions" ADD CONSTRAINT "crm_interactions_deal_id_crm_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crm_deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_interactions" ADD CONSTRAINT "crm_interactions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_interactions" ADD CONSTRAINT "crm_interactions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_interactions" ADD CONSTRAINT "crm_interactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_stages" ADD CONSTRAINT "crm_stages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tasks" ADD CONSTRAINT "crm_tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tasks" ADD CONSTRAINT "crm_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tasks" ADD CONSTRAINT "crm_tasks_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tasks" ADD CONSTRAINT "crm_tasks_deal_id_crm_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crm_deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tasks" ADD CONSTRAINT "crm_tasks_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tasks" ADD CONSTRAINT "crm_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_alert_states" ADD CONSTRAINT "pipeline_alert_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_alert_states" ADD CONSTRAINT "pipeline_alert_states_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_snapshots" ADD CONSTRAINT "pipeline_snapshots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_customers_ws_created_idx" ON "crm_customers" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_customers_ws_name_idx" ON "crm_customers" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "crm_customers_ws_owner_idx" ON "crm_customers" USING btree ("workspace_id","owner_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_customers_ws_email_idx" ON "crm_customers" USING btree ("workspace_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "crm_customers_lead_unique" ON "crm_customers" USING btree ("lead_id") WHERE "crm_customers"."lead_id" is not null;--> statement-breakpoint
CREATE INDEX "crm_customers_tags_idx" ON "crm_customers" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "crm_customers_search_trgm_idx" ON "crm_customers" USING gin (lower(name || ' ' || coalesce(email, '') || ' ' || coalesce(company, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_deal_stage_history_deal_idx" ON "crm_deal_stage_history" USING btree ("deal_id","changed_at");--> statement-breakpoint
CREATE INDEX "crm_deal_stage_history_ws_to_idx" ON "crm_deal_stage_history" USING btree ("workspace_id","to_stage_id","changed_at");--> statement-breakpoint
CREATE INDEX "crm_deal_stage_history_ws_from_idx" ON "crm_deal_stage_history" USING btree ("workspace_id","from_stage_id","changed_at");--> statement-breakpoint
CREATE INDEX "crm_deals_ws_created_idx" ON "crm_deals" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_deals_ws_updated_idx" ON "crm_deals" USING btree ("workspace_id","updated_at");--> statement-breakpoint
CREATE INDEX "crm_deals_ws_stage_position_idx" ON "crm_deals" USING btree ("workspace_id","stage_id","position");--> statement-breakpoint
CREATE INDEX "crm_deals_ws_owner_idx" ON "crm_deals" USING btree ("workspace_id","owner_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_deals_ws_close_idx" ON "crm_deals" USING btree ("workspace_id","expected_close_date");--> statement-breakpoint
CREATE INDEX "crm_deals_ws_value_idx" ON "crm_deals" USING btree ("workspace_id","value");--> statement-breakpoint
CREATE INDEX "crm_deals_customer_idx" ON "crm_deals" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "crm_deals_lead_idx" ON "crm_deals" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "crm_deals_campaign_idx" ON "crm_deals" USING btree ("source_campaign_id");--> statement-breakpoint
CREATE INDEX "crm_deals_search_trgm_idx" ON "crm_deals" USING gin (lower(name || ' ' || coalesce(description, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_interactions_ws_occurred_idx" ON "crm_interactions" USING btree ("workspace_id","occurred_at");--> statement-breakpoint
CREATE INDEX "crm_interactions_ws_type_occurred_idx" ON "crm_interactions" USING btree ("workspace_id","type","occurred_at");--> statement-breakpoint
CREATE INDEX "crm_interactions_customer_idx" ON "crm_interactions" USING btree ("customer_id","occurred_at");--> statement-breakpoint
CREATE INDEX "crm_interactions_deal_idx" ON "crm_interactions" USING btree ("deal_id","occurred_at");--> statement-breakpoint
CREATE INDEX "crm_interactions_lead_idx" ON "crm_interactions" USING btree ("lead_id","occurred_at");--> statement-breakpoint
CREATE INDEX "crm_interactions_campaign_idx" ON "crm_interactions" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_interactions_source_unique" ON "crm_interactions" USING btree ("workspace_id","source","source_ref") WHERE "crm_interactions"."source_ref" is not null;--> statement-breakpoint
CREATE INDEX "crm_interactions_search_trgm_idx" ON "crm_interactions" USING gin (lower(subject || ' ' || coalesce(description, '') || ' ' || coalesce(notes, '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "crm_stages_ws_name_unique" ON "crm_stages" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "crm_stages_ws_position_idx" ON "crm_stages" USING btree ("workspace_id","position");--> statement-breakpoint
CREATE INDEX "crm_tasks_ws_created_idx" ON "crm_tasks" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_tasks_ws_status_due_idx" ON "crm_tasks" USING btree ("workspace_id","status","due_at");--> statement-breakpoint
CREATE INDEX "crm_tasks_ws_assignee_due_idx" ON "crm_tasks" USING btree ("workspace_id","assignee_id","due_at");--> statement-breakpoint
CREATE INDEX "crm_tasks_customer_idx" ON "crm_tasks" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "crm_tasks_deal_idx" ON "crm_tasks" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "crm_tasks_lead_idx" ON "crm_tasks" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "crm_tasks_reminder_due_idx" ON "crm_tasks" USING btree ("remind_at") WHERE "crm_tasks"."reminded_at" is null and "crm_tasks"."remind_at" is not null;--> statement-breakpoint
CREATE INDEX "crm_tasks_search_trgm_idx" ON "crm_tasks" USING gin (lower(title || ' ' || coalesce(description, '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_alert_states_key_unique" ON "pipeline_alert_states" USING btree ("workspace_id","alert_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_snapshots_key_unique" ON "pipeline_snapshots" USING btree ("workspace_id","kind","scope","params_key");--> statement-breakpoint
CREATE INDEX "pipeline_snapshots_stale_idx" ON "pipeline_snapshots" USING btree ("stale_since");