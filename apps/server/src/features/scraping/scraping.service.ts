/**
 * Scraping-job rules: a source must be configured and a website must be a public address before
 * a job is queued; jobs are read and cancelled within the caller's workspace only.
 */
import type { JobListQuery, ScrapingJob, ScrapingJobCreate } from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { type SafeFetch, SafeFetchError } from "../../platform/safe-fetch.ts";
import { publishProgress, SCRAPING_QUEUE } from "./scraping.jobs.ts";
import * as repo from "./scraping.repository.ts";
import { type SingleSource, sourceStatus } from "./scraping.sources.ts";

type Ctx = Pick<AppContext, "db" | "config" | "jobs" | "bus" | "scraper">;
type CreateInput = z.output<typeof ScrapingJobCreate>;

export function toScrapingJob(r: repo.ScrapingJobRow): ScrapingJob {
  return {
    id: r.id,
    source: r.source,
    parameters: r.parameters,
    status: r.status,
    progress: r.progress,
    counts: r.counts,
    error: r.error,
    notes: r.notes,
    result_lead_ids: r.resultLeadIds,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
    updated_at: r.updatedAt.toISOString(),
  };
}

/** Refuses private addresses now, with a field error, rather than as a failed job later. */
async function checkWebsite(fetch: SafeFetch, url: string, field: string): Promise<void> {
  try {
    await fetch.assertAllowed(url);
  } catch (err) {
    if (!(err instanceof SafeFetchError)) throw err;
    if (err.reason === "network") {
      const message = `${new URL(url).hostname} could not be found (DNS)`;
      throw new AppError("VALIDATION_FAILED", message, { errors: [{ field, message }] });
    }
    throw new AppError("URL_NOT_ALLOWED", undefined, { errors: [{ field, message: err.message }] });
  }
}

export async function createScrapingJob(ctx: Ctx, auth: AuthContext, input: CreateInput): Promise<ScrapingJob> {
  const parts: { source: SingleSource; url?: string; field: string }[] =
    input.source === "multi_source"
      ? input.parameters.sources.map((s, i) => ({
          source: s.source,
          url: s.source === "website" ? s.url : undefined,
          field: `sources.${i}.url`,
        }))
      : [{ source: input.source, url: input.source === "website" ? input.parameters.url : undefined, field: "url" }];
  for (const p of parts) {
    const status = sourceStatus(ctx.config, p.source);
    if (!status.configured) throw new AppError("SOURCE_NOT_CONFIGURED", `${label(p.source)} is not configured. ${status.hint}`);
  }
  for (const p of parts) if (p.url) await checkWebsite(ctx.scraper.fetch, p.url, p.field);

  const row = await repo.insertJob(ctx.db, {
    workspaceId: auth.workspaceId,
    source: input.source,
    parameters: input.parameters as Record<string, unknown>,
    createdBy: auth.userId,
  });
  await ctx.jobs.send(SCRAPING_QUEUE, { jobId: row.id });
  await publishProgress(ctx, auth.workspaceId, { id: row.id, status: row.status, progress: 0, counts: row.counts, error: null });
  return toScrapingJob(row);
}

const label = (s: SingleSource) =>
  ({ website: "Website crawling", google_maps: "Google Maps (Google Places API)", linkedin: "LinkedIn (data provider)" })[s];

export async function listScrapingJobs(ctx: Ctx, workspaceId: string, q: JobListQuery): Promise<{ jobs: ScrapingJob[]; total: number }> {
  const { rows, total } = await repo.listJobs(ctx.db, workspaceId, q);
  return { jobs: rows.map(toScrapingJob), total };
}

export async function getScrapingJob(ctx: Ctx, workspaceId: string, id: string): Promise<ScrapingJob> {
  const row = isUuid(id) ? await repo.getJob(ctx.db, workspaceId, id) : undefined;
  if (!row) throw new AppError("SCRAPING_JOB_NOT_FOUND");
  return toScrapingJob(row);
}

export async function cancelScrapingJob(ctx: Ctx, workspaceId: string, id: string): Promise<ScrapingJob> {
  const existing = await getScrapingJob(ctx, workspaceId, id);
  const row = await repo.cancelJob(ctx.db, workspaceId, id);
  if (!row) throw new AppError("JOB_NOT_CANCELLABLE", `This job is already ${existing.status} and cannot be cancelled`);
  await publishProgress(ctx, workspaceId, { id, status: "cancelled", progress: row.progress, counts: row.counts, error: null });
  return toScrapingJob(row);
}

export function scrapingSources(config: AppContext["config"]) {
  return (["website", "google_maps", "linkedin"] as const).map((source) => ({ source, ...sourceStatus(config, source) }));
}
