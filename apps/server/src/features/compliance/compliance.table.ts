/**
 * Tables of compliance (docs/compliance.md): data-subject requests (the subject only as a salted
 * hash, never the plain address), the workspace's footer/address and retention rules, and the
 * retention job's run log.
 */
import type { RetentionRules } from "@prospector/contracts";
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAtMs, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const complianceRequests = pgTable(
  "compliance_requests",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"export" | "erasure">().notNull(),
    subjectType: text("subject_type").$type<"lead" | "user">().notNull(),
    /** sha256 of workspace id + normalised address: the same hash the suppression list keeps. */
    subjectHash: text("subject_hash").notNull(),
    /** The lead or user id, for the export job; cleared once an erasure has run (the id points at nothing). */
    subjectId: uuid("subject_id"),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<"queued" | "running" | "completed" | "failed">().notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
    error: text("error"),
    /** An export's file, relative to DATA_DIR; removed when it expires. */
    filePath: text("file_path"),
    downloadedAt: ts("downloaded_at"),
    createdAt: createdAtMs(),
    completedAt: ts("completed_at"),
  },
  (t) => [index("compliance_requests_ws_created_idx").on(t.workspaceId, t.createdAt, t.id)],
);

export const complianceSettings = pgTable("compliance_settings", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  postalAddress: text("postal_address").notNull().default(""),
  footerText: text("footer_text").notNull().default(""),
  retention: jsonb("retention").$type<Partial<RetentionRules>>().notNull().default({}),
  /** When the daily ticker last queued this workspace's retention run (claimed with a conditional update). */
  retentionClaimedAt: ts("retention_claimed_at"),
  updatedAt: updatedAt(),
});

export const complianceRetentionRuns = pgTable(
  "compliance_retention_runs",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    trigger: text("trigger").$type<"schedule" | "manual">().notNull(),
    status: text("status").$type<"queued" | "running" | "completed" | "failed">().notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
    error: text("error"),
    startedAt: createdAtMs(),
    finishedAt: ts("finished_at"),
  },
  (t) => [index("compliance_retention_runs_ws_started_idx").on(t.workspaceId, t.startedAt, t.id)],
);
