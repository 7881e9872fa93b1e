/**
 * The per-workspace suppression list: addresses that unsubscribed, bounced hard, complained or
 * were added by hand. The sender checks it at send time, so nothing on it is emailed again.
 */
import type { SuppressionReason } from "@prospector/contracts";
import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "../../db/columns.ts";
import { campaigns } from "../campaigns/campaigns.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const suppressions = pgTable(
  "suppressions",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Lower-cased, so lookups are exact. */
    email: text("email").notNull(),
    reason: text("reason").$type<SuppressionReason>().notNull(),
    detail: text("detail"),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("suppressions_ws_email_uq").on(t.workspaceId, t.email),
    index("suppressions_ws_created_idx").on(t.workspaceId, t.createdAt),
  ],
);
