/**
 * The kill switch's holds: one row per stop of the whole workspace, one inbox or one campaign, kept
 * after it is resumed (released_at) so the table is also the audit history. At most one hold is on
 * per target (partial unique index); the sender reads the workspace's active holds through a
 * partial index before every handoff to SMTP (docs/sending.md, "Kill switch").
 */
import type { HoldScope } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const sendingHolds = pgTable(
  "sending_holds",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    scope: text("scope").$type<HoldScope>().notNull(),
    /** The inbox or campaign held; the workspace's own id for a workspace hold (so the unique index applies). No foreign key: the history outlives a deleted campaign or inbox. */
    targetId: uuid("target_id").notNull(),
    /** The target's name when it was held (the history still reads after it is renamed or deleted). */
    targetLabel: text("target_label").notNull(),
    reason: text("reason").notNull(),
    heldBy: uuid("held_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    releasedAt: ts("released_at"),
    releasedBy: uuid("released_by").references(() => users.id, { onDelete: "set null" }),
    releaseNote: text("release_note"),
  },
  (t) => [
    uniqueIndex("sending_holds_active_uq").on(t.workspaceId, t.scope, t.targetId).where(sql`${t.releasedAt} is null`),
    // The sender's check and the page's state: the workspace's holds that are on.
    index("sending_holds_ws_active_idx").on(t.workspaceId).where(sql`${t.releasedAt} is null`),
    index("sending_holds_ws_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("sending_holds_ws_scope_created_idx").on(t.workspaceId, t.scope, t.createdAt),
  ],
);
