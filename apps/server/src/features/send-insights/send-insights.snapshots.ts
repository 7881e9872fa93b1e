/**
 * Cached answers of the two pages (docs/send-insights.md, "Cached answers"). A read serves the
 * stored answer (stale or not) and says when it was computed; the first read of a period and
 * campaign computes it once in the request (concurrent first reads in a process share that work)
 * and stores it. Recomputing runs as the `send-insights.snapshot` job with its progress on the
 * row: asked for (Refresh), after new sends or events (the change check on the sender's tick,
 * debounced), when the answer is old, or after an MX lookup finished (providers).
 */
import type { InsightsCache } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import * as snaps from "./send-insights.snapshots.repository.ts";

export const SNAPSHOT_QUEUE = "send-insights.snapshot";
export const SNAPSHOT_EVENT = "send_insights_snapshot.progress";

/** Reports a computation's progress: 0–100 and what it is doing. */
export type Step = (progress: number, step: string) => Promise<void>;
export type Compute<P> = (now: Date, step: Step) => Promise<P>;

const noStep: Step = async () => {};
const inFlight = new Map<string, Promise<snaps.SnapshotRow>>();
const keyString = (k: snaps.SnapshotKey) => `${k.workspaceId}|${k.kind}|${k.days}|${k.campaignId}`;

export function cacheOf(row: snaps.SnapshotRow, fresh: boolean): InsightsCache {
  return {
    computed_at: (row.computedAt ?? new Date()).toISOString(),
    duration_ms: row.durationMs,
    fresh,
    stale: row.staleSince !== null,
    refresh: {
      status: row.refreshStatus,
      progress: row.refreshProgress,
      step: row.refreshStep,
      error: row.refreshError,
      requested_at: row.refreshRequestedAt?.toISOString() ?? null,
    },
  };
}

/** How often a process checks whether the read tables need fresh planner statistics. */
const ANALYZE_CHECK_MS = 10 * 60_000;
let lastAnalyzeCheck = 0;

/**
 * Before computing: tables that changed a lot since their last ANALYZE get one (PGlite has no
 * autovacuum; without statistics the send-time query took 2.7 s instead of 0.6 s at 50,000 sends).
 */
async function freshStatistics(ctx: AppContext): Promise<void> {
  if (Date.now() - lastAnalyzeCheck < ANALYZE_CHECK_MS) return;
  lastAnalyzeCheck = Date.now();
  try {
    const { tables, ms } = await snaps.analyzeIfChanged(ctx.db);
    if (tables.length) ctx.log.info({ tables, ms }, "send-insights: analyzed tables before computing");
  } catch (err) {
    ctx.log.warn({ err }, "send-insights: ANALYZE failed; computing anyway");
  }
}

async function computeAndSave<P>(ctx: AppContext, key: snaps.SnapshotKey, compute: Compute<P>, step: Step): Promise<snaps.SnapshotRow> {
  await freshStatistics(ctx);
  const started = new Date();
  const t0 = performance.now();
  const payload = await compute(started, step);
  return snaps.saveComputed(ctx.db, key, payload, started, Math.round(performance.now() - t0));
}

/** The stored answer, or (none yet) the answer computed now and stored. */
export async function serveCached<P>(
  ctx: AppContext,
  key: snaps.SnapshotKey,
  compute: Compute<P>,
  now = new Date(),
): Promise<{ payload: P; cache: InsightsCache }> {
  const row = await snaps.getSnapshot(ctx.db, key);
  if (row?.payload != null) {
    await snaps.touchRead(ctx.db, row.id, now);
    return { payload: row.payload as P, cache: cacheOf(row, false) };
  }
  const k = keyString(key);
  let pending = inFlight.get(k);
  if (!pending) {
    pending = computeAndSave(ctx, key, compute, noStep).finally(() => inFlight.delete(k));
    inFlight.set(k, pending);
  }
  const saved = await pending;
  // A refresh queued before the first answer existed is still under way: say so.
  const current = (await snaps.getSnapshot(ctx.db, key)) ?? saved;
  return { payload: saved.payload as P, cache: cacheOf({ ...current, payload: saved.payload }, true) };
}

function publish(ctx: Pick<AppContext, "bus">, row: snaps.SnapshotRow, status: string, progress: number): Promise<void> {
  return ctx.bus.publish(`ws:${row.workspaceId}`, {
    type: SNAPSHOT_EVENT,
    payload: { kind: row.kind, days: row.days, campaign_id: row.campaignId || null, status, progress },
  });
}

/** Queues a recompute of this answer unless one is queued or running; answers its cache state and whether it queued one. */
export async function requestRefresh(
  ctx: AppContext,
  key: snaps.SnapshotKey,
  now = new Date(),
): Promise<{ cache: InsightsCache; queued: boolean }> {
  const { row, claimed } = await snaps.claimRefresh(ctx.db, key, now);
  if (claimed) {
    await ctx.jobs.send(SNAPSHOT_QUEUE, { snapshotId: row.id });
    await publish(ctx, row, "queued", 0).catch(() => {});
  }
  return { cache: cacheOf(row, false), queued: claimed };
}

/** The job: recomputes one stored answer with its progress on the row (and the team socket); a failure keeps the last answer. */
export async function runRefresh<P>(ctx: AppContext, row: snaps.SnapshotRow, compute: Compute<P>): Promise<void> {
  const key: snaps.SnapshotKey = { workspaceId: row.workspaceId, kind: row.kind, days: row.days, campaignId: row.campaignId };
  const step: Step = async (progress, label) => {
    await snaps.setRefresh(ctx.db, row.id, { refreshStatus: "running", refreshProgress: progress, refreshStep: label });
    await publish(ctx, row, "running", progress).catch(() => {});
  };
  try {
    await step(0, "Starting");
    await computeAndSave(ctx, key, compute, step);
    await publish(ctx, row, "idle", 100).catch(() => {});
  } catch (err) {
    ctx.log.error({ err, snapshot: row.id }, "send-insights snapshot refresh failed");
    await snaps.setRefresh(ctx.db, row.id, {
      refreshStatus: "failed",
      refreshError: "The recompute stopped on an unexpected error; the last answer is kept. The server log has the details.",
    });
    await publish(ctx, row, "failed", 0).catch(() => {});
  }
}
