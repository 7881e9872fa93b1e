/**
 * Keeps the cached answers fresh. On the sender's tick (every 5 s where jobs run), at most once a
 * minute per process: for each workspace whose answers someone read in the last week, count its
 * sends, bounces and events of the last days (index-only); a count that moved marks its answers
 * stale. Then answers that are stale (and at least REFRESH_DEBOUNCE_MS old) or older than
 * REFRESH_MAX_AGE_MS are recomputed by the `send-insights.snapshot` job. Answers nobody read for
 * PURGE_AFTER_MS are deleted. A finished MX lookup recomputes the workspace's provider answers now.
 */
import type { AppContext } from "../../context.ts";
import { providersCompute } from "./send-insights.provider-service.ts";
import { sendTimeCompute } from "./send-insights.send-time.ts";
import * as snaps from "./send-insights.snapshots.repository.ts";
import { type Compute, runRefresh, SNAPSHOT_QUEUE } from "./send-insights.snapshots.ts";

const MINUTE = 60_000;
/** How often a process runs the change check. */
export const CHECK_EVERY_MS = MINUTE;
/** A stale answer is recomputed at most this often (a burst of sends is one recompute). */
export const REFRESH_DEBOUNCE_MS = 5 * MINUTE;
/** An answer is recomputed after this long even without new data: its period slides. */
export const REFRESH_MAX_AGE_MS = 6 * 60 * MINUTE;
/** Only answers read this recently are watched and kept fresh. */
export const WATCH_READ_WITHIN_MS = 7 * 24 * 60 * MINUTE;
/** Answers nobody read for this long are deleted (the next read computes them again). */
export const PURGE_AFTER_MS = 30 * 24 * 60 * MINUTE;
/** The change check counts what happened since this long ago (late replies and bounces within it are seen). */
export const MARK_SPAN_MS = 3 * 24 * 60 * MINUTE;

const computeOf = (ctx: AppContext, row: snaps.SnapshotRow): Compute<unknown> =>
  row.kind === "send_time"
    ? sendTimeCompute(ctx, row.workspaceId, row.days, row.campaignId || null)
    : providersCompute(ctx, row.workspaceId, row.days, row.campaignId || null);

export function defineSnapshotJobs(ctx: AppContext): void {
  ctx.jobs.define<{ snapshotId: string }>(SNAPSHOT_QUEUE, (data) => runSnapshotJob(ctx, data.snapshotId), {
    expireInSeconds: 30 * 60,
    retryLimit: 1,
    batchSize: 1,
  });

  let lastCheck = 0;
  let lastPurge = 0;
  let checking = false;
  ctx.hooks.on("sending.tick", async ({ now }) => {
    if (checking || now.getTime() - lastCheck < CHECK_EVERY_MS) return;
    checking = true;
    lastCheck = now.getTime();
    try {
      await checkForNewData(ctx, now);
      await refreshDue(ctx, now);
      if (now.getTime() - lastPurge > 60 * MINUTE) {
        lastPurge = now.getTime();
        await snaps.purgeUnread(ctx.db, new Date(now.getTime() - PURGE_AFTER_MS));
      }
    } catch (err) {
      ctx.log.error({ err }, "send-insights freshness check failed");
    } finally {
      checking = false;
    }
  });
}

/** The `send-insights.snapshot` job: recompute one stored answer (gone: nothing to do). */
export async function runSnapshotJob(ctx: AppContext, snapshotId: string): Promise<void> {
  const row = await snaps.getSnapshotById(ctx.db, snapshotId);
  if (row) await runRefresh(ctx, row, computeOf(ctx, row));
}

/** Marks stale the answers of every watched workspace whose recent sends, bounces or events changed; answers how many workspaces changed. */
export async function checkForNewData(ctx: Pick<AppContext, "db">, now = new Date()): Promise<number> {
  const workspaces = await snaps.watchedWorkspaces(ctx.db, new Date(now.getTime() - WATCH_READ_WITHIN_MS), 500);
  let changed = 0;
  for (const workspaceId of workspaces) {
    const prev = await snaps.getMark(ctx.db, workspaceId);
    if (!prev) {
      // First check: nothing to compare with. Answers computed before it may miss the last data.
      const markFrom = new Date(now.getTime() - MARK_SPAN_MS);
      await snaps.saveMark(ctx.db, { workspaceId, markFrom, mark: await snaps.dataMark(ctx.db, workspaceId, markFrom), checkedAt: now });
      changed += (await snaps.markStale(ctx.db, workspaceId, now)) > 0 ? 1 : 0;
      continue;
    }
    const mark = await snaps.dataMark(ctx.db, workspaceId, prev.markFrom);
    if (mark !== prev.mark) {
      await snaps.saveMark(ctx.db, { workspaceId, markFrom: prev.markFrom, mark, checkedAt: now, changedAt: now });
      await snaps.markStale(ctx.db, workspaceId, now);
      changed++;
    } else if (now.getTime() - prev.markFrom.getTime() > MARK_SPAN_MS + 24 * 60 * MINUTE) {
      // Nothing moved: slide the counted span forward so the counts stay small.
      const markFrom = new Date(now.getTime() - MARK_SPAN_MS);
      await snaps.saveMark(ctx.db, { workspaceId, markFrom, mark: await snaps.dataMark(ctx.db, workspaceId, markFrom), checkedAt: now });
    } else {
      await snaps.saveMark(ctx.db, { workspaceId, markFrom: prev.markFrom, mark, checkedAt: now });
    }
  }
  return changed;
}

/** Queues the recompute of answers that are stale (debounced) or old; answers how many it queued. */
export async function refreshDue(ctx: AppContext, now = new Date()): Promise<number> {
  const due = await snaps.dueForRefresh(ctx.db, {
    readSince: new Date(now.getTime() - WATCH_READ_WITHIN_MS),
    notAfter: new Date(now.getTime() - REFRESH_DEBOUNCE_MS),
    oldBefore: new Date(now.getTime() - REFRESH_MAX_AGE_MS),
    limit: 50,
  });
  let queued = 0;
  for (const row of due) {
    const { row: claimed, claimed: ok } = await snaps.claimRefresh(
      ctx.db,
      { workspaceId: row.workspaceId, kind: row.kind, days: row.days, campaignId: row.campaignId },
      now,
    );
    if (!ok) continue;
    await ctx.jobs.send(SNAPSHOT_QUEUE, { snapshotId: claimed.id });
    queued++;
  }
  return queued;
}

/**
 * Provider answers are out of date once an MX lookup saved new classifications: the lookup job
 * recomputes the recently read ones itself before it reports completion, so "completed" means the
 * figures show the new providers. One already being recomputed elsewhere stays marked stale.
 */
export async function providersChanged(ctx: AppContext, workspaceId: string, now = new Date()): Promise<void> {
  await snaps.markStale(ctx.db, workspaceId, now, "providers");
  const due = await snaps.dueForRefresh(ctx.db, {
    readSince: new Date(now.getTime() - WATCH_READ_WITHIN_MS),
    notAfter: new Date(now.getTime() + 1),
    oldBefore: new Date(0),
    limit: 50,
    workspaceId,
    kind: "providers",
  });
  for (const row of due) {
    const { row: claimed, claimed: ok } = await snaps.claimRefresh(
      ctx.db,
      { workspaceId, kind: "providers", days: row.days, campaignId: row.campaignId },
      now,
    );
    if (ok) await runRefresh(ctx, claimed, computeOf(ctx, claimed));
  }
}
