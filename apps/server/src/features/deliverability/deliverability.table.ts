/**
 * The latest answer of each check per workspace and sending domain (docs/deliverability.md): the
 * pages read these rows (cached checks), a refresh job rewrites them. Other tables of the feature
 * (history for trends) live here too.
 */
import type { CheckStatus } from "@prospector/contracts";
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, ts } from "../../db/columns.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const deliverabilityChecks = pgTable(
  "deliverability_checks",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Lower-case sending domain (the part after @ of an inbox's address). */
    domain: text("domain").notNull(),
    /** spf, dkim, dmarc, mx, or blocklist:<zone> (contracts CheckKind). */
    kind: text("kind").notNull(),
    status: text("status").$type<CheckStatus>().notNull(),
    summary: text("summary").notNull(),
    found: text("found"),
    fix: jsonb("fix").$type<{ name: string; type: string; value: string } | null>(),
    checkedAt: ts("checked_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("deliverability_checks_key_uq").on(t.workspaceId, t.domain, t.kind),
    index("deliverability_checks_checked_idx").on(t.checkedAt),
  ],
);
