/** Enrichment jobs: one row per "enrich these leads" request, with per-lead results and progress. */
import type { EnrichmentCounts, EnrichmentLeadResult, JobStatus } from "@prospector/contracts";
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const enrichmentJobs = pgTable(
  "enrichment_jobs",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    status: text("status").$type<JobStatus>().notNull().default("queued"),
    /** At most 1000 (the bulk limit). */
    leadIds: jsonb("lead_ids").$type<string[]>().notNull(),
    progress: integer("progress").notNull().default(0),
    counts: jsonb("counts").$type<EnrichmentCounts>().notNull(),
    results: jsonb("results").$type<EnrichmentLeadResult[]>().notNull().default([]),
    error: text("error"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("enrichment_jobs_ws_created_idx").on(t.workspaceId, t.createdAt),
    index("enrichment_jobs_ws_status_idx").on(t.workspaceId, t.status),
  ],
);
