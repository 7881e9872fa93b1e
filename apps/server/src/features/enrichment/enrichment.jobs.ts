/**
 * The enrichment job runner (pg-boss queue `enrichment.run`): enriches the job's leads a few at a
 * time, persists per-lead results and progress, pushes progress to the team socket and stops
 * between leads once cancelled. Safe to re-run: enriching a lead again sets nothing new.
 */
import type { EnrichmentJobProgress, EnrichmentLeadResult } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { type EnrichDeps, enrichLead, newCaches } from "./enrichment.pipeline.ts";
import * as repo from "./enrichment.repository.ts";

export const ENRICHMENT_QUEUE = "enrichment.run";
/** Leads enriched at once: the work is mostly waiting on DNS and websites. */
const CONCURRENCY = 4;

/** The job handler; it reads ctx.enricher when a job runs. */
export function defineEnrichmentJobs(ctx: AppContext): void {
  ctx.jobs.define<{ jobId: string }>(ENRICHMENT_QUEUE, (data) => runEnrichmentJob(ctx, ctx.enricher, data.jobId), {
    expireInSeconds: 60 * 60,
    retryLimit: 1,
    batchSize: 1,
  });
}

export function publishEnrichmentProgress(
  ctx: Pick<AppContext, "bus">,
  workspaceId: string,
  payload: EnrichmentJobProgress,
): Promise<void> {
  // Same envelope as realtime.toWorkspace, relayed by every API process to the workspace's sockets.
  return ctx.bus.publish(`ws:${workspaceId}`, { type: "enrichment_job.progress", payload });
}

export async function runEnrichmentJob(ctx: AppContext, deps: EnrichDeps, jobId: string): Promise<void> {
  const job = await repo.getJobById(ctx.db, jobId);
  if (!job || (job.status !== "queued" && job.status !== "running")) return;
  const ids = job.leadIds;
  if (!(await repo.markRunning(ctx.db, jobId, ids.length))) return;

  const counts = repo.zeroCounts(ids.length);
  const results: EnrichmentLeadResult[] = [];
  const caches = newCaches();
  let cancelled = false;
  let lastWrite = 0;
  const progress = () => (ids.length ? Math.floor((counts.processed / ids.length) * 100) : 100);
  const snapshot = () => ({ progress: progress(), counts: { ...counts }, results: [...results] });
  const persist = async (force = false) => {
    if (!force && Date.now() - lastWrite < 300) return;
    lastWrite = Date.now();
    await repo.saveProgress(ctx.db, jobId, snapshot());
    await publishEnrichmentProgress(ctx, job.workspaceId, {
      id: jobId,
      status: "running",
      progress: progress(),
      counts: { ...counts },
      error: null,
    });
  };

  let next = 0;
  const worker = async () => {
    while (next < ids.length && !cancelled) {
      if ((await repo.getStatus(ctx.db, jobId)) === "cancelled") {
        cancelled = true;
        return;
      }
      const id = ids[next++]!;
      const result = await enrichLead(ctx, deps, caches, job.workspaceId, id);
      results.push(result);
      counts.processed++;
      if (result.status === "enriched") counts.enriched++;
      else if (result.status === "unchanged") counts.unchanged++;
      else counts.failed++;
      await persist();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
  } catch (err) {
    ctx.log.error({ err, jobId }, "enrichment job failed");
    const row = await repo.finishJob(ctx.db, jobId, {
      ...snapshot(),
      status: "failed",
      error: "The job stopped on an unexpected error; the server log has the details",
    });
    if (row)
      await publishEnrichmentProgress(ctx, job.workspaceId, {
        id: jobId,
        status: "failed",
        progress: row.progress,
        counts: row.counts,
        error: row.error,
      });
    return;
  }
  // Results in the order the leads were asked for.
  const order = new Map(ids.map((id, i) => [id, i]));
  results.sort((a, b) => order.get(a.lead_id)! - order.get(b.lead_id)!);
  const row = cancelled
    ? undefined
    : await repo.finishJob(ctx.db, jobId, { ...snapshot(), progress: 100, status: "completed", error: null });
  if (row) {
    await publishEnrichmentProgress(ctx, job.workspaceId, {
      id: jobId,
      status: "completed",
      progress: 100,
      counts: row.counts,
      error: null,
    });
    return;
  }
  await repo.saveProgress(ctx.db, jobId, snapshot(), { whileCancelled: true });
  await publishEnrichmentProgress(ctx, job.workspaceId, {
    id: jobId,
    status: "cancelled",
    progress: progress(),
    counts: { ...counts },
    error: null,
  });
}
