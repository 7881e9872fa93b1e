/** Scraping jobs: one row per run of a source (website, Google Maps, LinkedIn provider, several), with its progress. */
import type { JobStatus, ScrapingCounts, ScrapingSource } from "@prospector/contracts";
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const scrapingJobs = pgTable(
  "scraping_jobs",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    source: text("source").$type<ScrapingSource>().notNull(),
    parameters: jsonb("parameters").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<JobStatus>().notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    counts: jsonb("counts").$type<ScrapingCounts>().notNull().default({ found: 0, created: 0, duplicates_skipped: 0, failed: 0 }),
    error: text("error"),
    notes: jsonb("notes").$type<string[]>().notNull().default([]),
    /** Created leads, at most 1000 (the counts hold the totals). */
    resultLeadIds: jsonb("result_lead_ids").$type<string[]>().notNull().default([]),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("scraping_jobs_ws_created_idx").on(t.workspaceId, t.createdAt),
    index("scraping_jobs_ws_status_idx").on(t.workspaceId, t.status),
  ],
);
