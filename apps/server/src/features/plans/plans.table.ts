/**
 * Monthly usage counters per organization. Counting creations (not current rows) means deleting
 * leads does not give the allowance back, and one row per month serializes concurrent imports.
 */
import { date, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { updatedAt } from "../../db/columns.ts";
import { organizations } from "../organizations/organizations.table.ts";

export const planUsage = pgTable(
  "plan_usage",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** First day of the calendar month (UTC). */
    period: date("period", { mode: "string" }).notNull(),
    leadsCreated: integer("leads_created").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.period] })],
);
