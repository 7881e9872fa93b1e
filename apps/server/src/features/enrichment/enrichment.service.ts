/**
 * Enrichment-job rules: enrich one lead or up to 1000 of the caller's workspace in the background;
 * jobs are read and cancelled within that workspace only.
 */
import type { EnrichmentJob, JobListQuery } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { ENRICHMENT_QUEUE, publishEnrichmentProgress } from "./enrichment.jobs.ts";
import * as repo from "./enrichment.repository.ts";

type Ctx = Pick<AppContext, "db" | "jobs" | "bus">;

export function toEnrichmentJob(r: repo.EnrichmentJobRow): EnrichmentJob {
  return {
    id: r.id,
    status: r.status,
    progress: r.progress,
    counts: r.counts,
    lead_ids: r.leadIds,
    results: r.results,
    error: r.error,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
    updated_at: r.updatedAt.toISOString(),
  };
}

/** Queues a job for the given leads; ids outside the workspace show up as "not_found" results, none at all is a 404. */
export async function startEnrichment(ctx: Ctx, auth: AuthContext, leadIds: string[]): Promise<EnrichmentJob> {
  const valid = leadIds.filter(isUuid);
  const existing = await repo.existingLeadIds(ctx.db, auth.workspaceId, valid);
  if (existing.size === 0)
    throw new AppError("LEAD_NOT_FOUND", leadIds.length === 1 ? "Lead not found" : "None of these leads exist in this workspace");
  const row = await repo.insertJob(ctx.db, {
    workspaceId: auth.workspaceId,
    leadIds: [...new Set(leadIds)],
    counts: repo.zeroCounts(new Set(leadIds).size),
    createdBy: auth.userId,
  });
  await ctx.jobs.send(ENRICHMENT_QUEUE, { jobId: row.id });
  await publishEnrichmentProgress(ctx, auth.workspaceId, { id: row.id, status: "queued", progress: 0, counts: row.counts, error: null });
  return toEnrichmentJob(row);
}

export async function listEnrichmentJobs(
  ctx: Ctx,
  workspaceId: string,
  q: JobListQuery,
): Promise<{ jobs: EnrichmentJob[]; total: number }> {
  const { rows, total } = await repo.listJobs(ctx.db, workspaceId, q);
  return { jobs: rows.map(toEnrichmentJob), total };
}

export async function getEnrichmentJob(ctx: Ctx, workspaceId: string, id: string): Promise<EnrichmentJob> {
  const row = isUuid(id) ? await repo.getJob(ctx.db, workspaceId, id) : undefined;
  if (!row) throw new AppError("ENRICHMENT_JOB_NOT_FOUND");
  return toEnrichmentJob(row);
}

export async function cancelEnrichmentJob(ctx: Ctx, workspaceId: string, id: string): Promise<EnrichmentJob> {
  const existing = await getEnrichmentJob(ctx, workspaceId, id);
  const row = await repo.cancelJob(ctx.db, workspaceId, id);
  if (!row) throw new AppError("JOB_NOT_CANCELLABLE", `This job is already ${existing.status} and cannot be cancelled`);
  await publishEnrichmentProgress(ctx, workspaceId, { id, status: "cancelled", progress: row.progress, counts: row.counts, error: null });
  return toEnrichmentJob(row);
}
