/**
 * Forecasts are precomputed: when deals change ("crm.dealsChanged"), the workspace's snapshots are
 * marked stale and a pipeline.precompute job recomputes them a few seconds later. Changes within
 * that delay share one job (per process; a duplicate job finds nothing stale and is cheap).
 */
import type { AppContext } from "../../context.ts";
import { precompute } from "./pipeline.service.ts";
import { markStale } from "./pipeline.snapshots.repository.ts";

export const PRECOMPUTE_JOB = "pipeline.precompute";
/** Debounce: a burst of deal writes (a drag across the board, an import) is recomputed once. */
export const PRECOMPUTE_DELAY_MS = 3000;

export function definePipelineJobs(ctx: AppContext): void {
  ctx.jobs.define<{ workspaceId: string }>(
    PRECOMPUTE_JOB,
    async (data) => {
      await precompute(ctx, data.workspaceId);
    },
    { expireInSeconds: 600, retryLimit: 2 },
  );

  const sentAt = new Map<string, number>();
  ctx.hooks.on("crm.dealsChanged", async ({ workspaceId }) => {
    const now = Date.now();
    await markStale(ctx.db, workspaceId, new Date(now));
    const last = sentAt.get(workspaceId);
    if (last !== undefined && now - last < PRECOMPUTE_DELAY_MS) return;
    sentAt.set(workspaceId, now);
    if (sentAt.size > 10_000) sentAt.clear();
    await ctx.jobs.send(PRECOMPUTE_JOB, { workspaceId }, { startAfter: new Date(now + PRECOMPUTE_DELAY_MS) });
  });
}
