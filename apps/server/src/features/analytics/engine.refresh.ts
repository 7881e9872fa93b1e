/**
 * Keeping analytics_daily current (docs/analytics.md "Freshness and refresh"): a refresh rewrites
 * the (day, campaign) groups that had sends or events since the workspace's watermark (less an
 * overlap for transactions that committed late), or every group when it is full. Idempotent: any
 * refresh may run again; two for one workspace serialize on an advisory lock.
 */
import type { AnalyticsRefreshStatus } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import * as repo from "./analytics.repository.ts";

export const REFRESH_JOB = "analytics.refresh";
/** Re-read sends and events this far before the watermark: a transaction may commit after its timestamps. */
export const OVERLAP_MS = 15 * 60_000;
/** A full rebuild at least this often catches what the watermark cannot see (un-marked meetings, deleted leads). */
export const FULL_EVERY_MS = 24 * 60 * 60_000;

export interface RefreshOutcome {
  groups: number;
  durationMs: number;
  full: boolean;
}

/** Brings the workspace's rollup up to now; `full` rewrites every day. */
export async function refreshAnalytics(
  ctx: AppContext,
  workspaceId: string,
  opts: { full?: boolean; now?: Date } = {},
): Promise<RefreshOutcome> {
  const started = Date.now();
  return transaction(ctx.db, async (tx) => {
    await repo.lockWorkspace(tx, workspaceId);
    const state = await repo.refreshState(tx, workspaceId);
    const full = opts.full === true || state === null;
    // The new watermark is taken before reading: whatever commits during the refresh is re-read next time.
    const watermark = opts.now ?? new Date();
    const since = full || !state ? null : new Date(state.watermark.getTime() - OVERLAP_MS);
    const groups = await repo.rewriteGroups(tx, workspaceId, since);
    const durationMs = Date.now() - started;
    await repo.saveState(tx, workspaceId, { watermark, computedAt: new Date(), full, groups, durationMs });
    return { groups, durationMs, full };
  });
}

export async function refreshStatus(ctx: AppContext, workspaceId: string): Promise<AnalyticsRefreshStatus> {
  const s = await repo.refreshState(ctx.db, workspaceId);
  return {
    status: (s?.status as AnalyticsRefreshStatus["status"]) ?? "idle",
    computed_at: s?.computedAt.toISOString() ?? null,
    watermark: s?.watermark.toISOString() ?? null,
    full_at: s?.fullAt.toISOString() ?? null,
    groups_refreshed: s?.groupsRefreshed ?? 0,
    duration_ms: s?.durationMs ?? 0,
  };
}

/** Asks for a refresh job (one per workspace at a time); the status says queued until it runs. */
export async function requestRefresh(ctx: AppContext, workspaceId: string, full: boolean): Promise<AnalyticsRefreshStatus> {
  await repo.markStatus(ctx.db, workspaceId, "queued");
  await ctx.jobs.send(REFRESH_JOB, { workspaceId, full }, { singletonKey: `analytics-refresh:${workspaceId}` });
  const status = await refreshStatus(ctx, workspaceId);
  // Never refreshed: no state row to mark yet; say so anyway.
  return { ...status, status: status.status === "idle" ? "queued" : status.status };
}

/** The schedule's pass: queues a refresh for each workspace whose rollup is behind. */
export async function tick(ctx: AppContext, limit = 200): Promise<number> {
  const stale = await repo.staleWorkspaces(ctx.db, FULL_EVERY_MS, limit);
  for (const w of stale) {
    await repo.markStatus(ctx.db, w.workspaceId, "queued");
    await ctx.jobs.send(REFRESH_JOB, { workspaceId: w.workspaceId, full: w.full }, { singletonKey: `analytics-refresh:${w.workspaceId}` });
  }
  return stale.length;
}
