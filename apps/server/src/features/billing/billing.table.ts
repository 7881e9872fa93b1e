/** An organization's subscription details beyond organizations.plan, and its invoices (from a payment processor). */
import type { BillingAddress } from "@prospector/contracts";
import { boolean, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { organizations } from "../organizations/organizations.table.ts";

export const organizationBilling = pgTable(
  "organization_billing",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    billingCycle: text("billing_cycle").$type<"monthly" | "yearly">().notNull().default("monthly"),
    subscriptionStatus: text("subscription_status").$type<"trialing" | "active" | "past_due" | "canceled">().notNull().default("trialing"),
    autoRenew: boolean("auto_renew").notNull().default(true),
    billingAddress: jsonb("billing_address").$type<BillingAddress>(),
    /** Percent, set by the processor from the billing address once one is configured. */
    taxRate: numeric("tax_rate", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    currentPeriodStart: ts("current_period_start"),
    currentPeriodEnd: ts("current_period_end"),
    processorCustomerId: text("processor_customer_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("organization_billing_org_uq").on(t.organizationId)],
);

export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    /** Cents, as processors report them. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    status: text("status").$type<"draft" | "open" | "paid" | "void" | "uncollectible">().notNull(),
    description: text("description").notNull().default(""),
    periodStart: ts("period_start"),
    periodEnd: ts("period_end"),
    processorInvoiceId: text("processor_invoice_id"),
    issuedAt: ts("issued_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("invoices_org_idx").on(t.organizationId, t.issuedAt)],
);
