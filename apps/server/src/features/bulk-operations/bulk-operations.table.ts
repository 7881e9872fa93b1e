/**
 * Bulk operations (docs/bulk-operations.md): one row per operation with its counters and cursor,
 * one row per target with its result and the values it had before (what undo writes back).
 */
import type { BulkItemStatus, BulkOperationStatus, BulkTargetType, BulkUndoStatus } from "@prospector/contracts";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const bulkOperations = pgTable(
  "bulk_operations",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    targetType: text("target_type").$type<BulkTargetType>().notNull(),
    action: text("action").notNull(),
    /** The action's parameters as asked (tags, status, campaign id). */
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    /** The target as asked: {ids} or {filter}; resolved into items by the job. */
    target: jsonb("target").$type<Record<string, unknown>>().notNull(),
    targetDescription: text("target_description").notNull(),
    status: text("status").$type<BulkOperationStatus>().notNull().default("queued"),
    /** Items written (the target resolved at the job's start); processing begins once true. */
    resolved: boolean("resolved").notNull().default(false),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    succeeded: integer("succeeded").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** The next item (seq) to process: a restarted job carries on from here. */
    cursor: integer("cursor").notNull().default(0),
    /** The first errors with their reasons (all of them are on the items). */
    errors: jsonb("errors").$type<{ id: string; label: string; error: string }[]>().notNull().default([]),
    error: text("error"),
    undoable: boolean("undoable").notNull().default(false),
    undoUntil: ts("undo_until"),
    undoStatus: text("undo_status").$type<BulkUndoStatus>(),
    undoCursor: integer("undo_cursor").notNull().default(0),
    undone: integer("undone").notNull().default(0),
    undoFailed: integer("undo_failed").notNull().default(0),
    undoneBy: uuid("undone_by").references(() => users.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
    undoneAt: ts("undone_at"),
    updatedAt: updatedAt(),
  },
  (t) => [index("bulk_operations_ws_created_idx").on(t.workspaceId, t.createdAt), index("bulk_operations_status_idx").on(t.status)],
);

export const bulkOperationItems = pgTable(
  "bulk_operation_items",
  {
    operationId: uuid("operation_id")
      .notNull()
      .references(() => bulkOperations.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    /** A lead or campaign id; no foreign key: the target may be deleted by the operation itself. */
    targetId: uuid("target_id").notNull(),
    label: text("label").notNull(),
    status: text("status").$type<BulkItemStatus>().notNull().default("pending"),
    error: text("error"),
    /** The values before the change (a deleted lead's row and memberships); null until tried. */
    previous: jsonb("previous").$type<Record<string, unknown>>(),
    undoError: text("undo_error"),
  },
  (t) => [primaryKey({ columns: [t.operationId, t.seq] }), index("bulk_operation_items_status_idx").on(t.operationId, t.status, t.seq)],
);
