/**
 * The MX lookup job (pg-boss queue `send-insights.mx-lookup`): looks up the email domains of the
 * workspace's leads a few at a time (well-known consumer domains without DNS), saves each batch,
 * and pushes progress to the team socket. Safe to re-run: a lookup overwrites the domain's row.
 */
import type { AppContext } from "../../context.ts";
import { providersChanged } from "./send-insights.freshness.ts";
import { LOOKUP_QUEUE, publishProgress, toJob } from "./send-insights.provider-service.ts";
import { type DomainLookup, lookupDomain, type MxResolver } from "./send-insights.providers.ts";
import * as repo from "./send-insights.repository.ts";

/** Domains looked up at once: the work is waiting on DNS. */
const CONCURRENCY = 8;
/** A domain checked this recently is not looked up again unless forced. */
export const LOOKUP_TTL_MS = 7 * 86_400_000;

export function defineLookupJobs(ctx: AppContext): void {
  ctx.jobs.define<{ jobId: string }>(LOOKUP_QUEUE, (data) => runLookupJob(ctx, ctx.mxResolver, data.jobId), {
    expireInSeconds: 60 * 60,
    retryLimit: 1,
    batchSize: 1,
  });
}

export async function runLookupJob(ctx: AppContext, resolver: MxResolver, jobId: string): Promise<void> {
  const job = await repo.getJobById(ctx.db, jobId);
  if (!job || (job.status !== "queued" && job.status !== "running")) return;
  const ws = job.workspaceId;
  try {
    const domains = await repo.domainsToLookUp(ctx.db, ws, job.force ? null : new Date(Date.now() - LOOKUP_TTL_MS));
    let processed = 0;
    let classified = 0;
    let unresolved = 0;
    await repo.updateJob(ctx.db, jobId, { status: "running", startedAt: new Date(), total: domains.length, processed: 0 });
    await publishProgress(ctx, ws, { id: jobId, status: "running", total: domains.length, processed: 0, progress: 0 });
    let next = 0;
    const pending: ({ domain: string } & DomainLookup)[] = [];
    let lastWrite = 0;
    const flush = async (force = false) => {
      if (!force && pending.length < 50 && Date.now() - lastWrite < 500) return;
      lastWrite = Date.now();
      const batch = pending.splice(0);
      await repo.saveDomains(ctx.db, ws, batch);
      await repo.updateJob(ctx.db, jobId, { processed, classified, unresolved });
      await publishProgress(ctx, ws, {
        id: jobId,
        status: "running",
        total: domains.length,
        processed,
        progress: domains.length ? Math.floor((processed / domains.length) * 100) : 100,
      });
    };
    const worker = async () => {
      while (next < domains.length) {
        const domain = domains[next++]!;
        const result = await lookupDomain(resolver, domain);
        pending.push({ domain, ...result });
        processed++;
        if (result.provider === "unknown") unresolved++;
        else classified++;
        await flush();
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, domains.length) }, worker));
    await flush(true);
    // The provider answers count by classification: recompute the ones people read before saying "completed".
    await providersChanged(ctx, ws).catch((err) => ctx.log.error({ err, jobId }, "provider answers not recomputed"));
    const done = await repo.updateJob(ctx.db, jobId, { status: "completed", finishedAt: new Date(), processed, classified, unresolved });
    if (done) await publishProgress(ctx, ws, { ...pick(toJob(done)), status: "completed" });
  } catch (err) {
    ctx.log.error({ err, jobId }, "MX lookup job failed");
    const failed = await repo.updateJob(ctx.db, jobId, {
      status: "failed",
      finishedAt: new Date(),
      error: "The lookup stopped on an unexpected error; the server log has the details. Domains looked up so far are kept.",
    });
    if (failed) await publishProgress(ctx, ws, { ...pick(toJob(failed)), status: "failed" });
  }
}

const pick = (j: ReturnType<typeof toJob>) => ({
  id: j.id,
  status: j.status,
  total: j.total,
  processed: j.processed,
  progress: j.progress,
});
