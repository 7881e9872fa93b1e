/** The pipeline's own tables: cached answers (snapshots) and the state of alerts someone acted on. */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pipelineAlertStates, pipelineSnapshots } from "./pipeline.table.ts";

const iso = (d: Date) => d.toISOString();

export interface SnapshotKey {
  workspaceId: string;
  kind: string;
  scope: string;
  paramsKey: string;
}

const keyWhere = (k: SnapshotKey) =>
  and(
    eq(pipelineSnapshots.workspaceId, k.workspaceId),
    eq(pipelineSnapshots.kind, k.kind),
    eq(pipelineSnapshots.scope, k.scope),
    eq(pipelineSnapshots.paramsKey, k.paramsKey),
  );

export async function getSnapshot(db: Db, k: SnapshotKey) {
  const [row] = await db.select().from(pipelineSnapshots).where(keyWhere(k)).limit(1);
  return row;
}

/**
 * Stores an answer computed from data read at `computedAt`. A stale mark set after that moment
 * (deals changed while it was computed) stays, so the next read computes again.
 */
export async function saveSnapshot(db: Db, k: SnapshotKey, payload: unknown, computedAt: Date, durationMs: number): Promise<void> {
  await db
    .insert(pipelineSnapshots)
    .values({ ...k, payload, computedAt, durationMs, staleSince: null })
    .onConflictDoUpdate({
      target: [pipelineSnapshots.workspaceId, pipelineSnapshots.kind, pipelineSnapshots.scope, pipelineSnapshots.paramsKey],
      set: {
        payload,
        computedAt,
        durationMs,
        staleSince: sql`case when ${pipelineSnapshots.staleSince} > ${iso(computedAt)} then ${pipelineSnapshots.staleSince} else null end`,
      },
    });
}

/** Deals changed: every snapshot of the workspace is out of date from `at` (the latest change wins, see saveSnapshot). */
export async function markStale(db: Db, workspaceId: string, at: Date): Promise<number> {
  const res = await db
    .update(pipelineSnapshots)
    .set({ staleSince: at })
    .where(eq(pipelineSnapshots.workspaceId, workspaceId))
    .returning({ id: pipelineSnapshots.id });
  return res.length;
}

export async function staleSnapshots(db: Db, workspaceId: string): Promise<SnapshotKey[]> {
  return db
    .select({
      workspaceId: pipelineSnapshots.workspaceId,
      kind: pipelineSnapshots.kind,
      scope: pipelineSnapshots.scope,
      paramsKey: pipelineSnapshots.paramsKey,
    })
    .from(pipelineSnapshots)
    .where(and(eq(pipelineSnapshots.workspaceId, workspaceId), isNotNull(pipelineSnapshots.staleSince)));
}

/** Keys of the alerts snoozed past `now`. */
export async function snoozedKeys(db: Db, workspaceId: string, now: Date): Promise<Set<string>> {
  const rows = await db
    .select({ key: pipelineAlertStates.alertKey })
    .from(pipelineAlertStates)
    .where(and(eq(pipelineAlertStates.workspaceId, workspaceId), sql`${pipelineAlertStates.snoozedUntil} > ${iso(now)}`));
  return new Set(rows.map((r) => r.key));
}

export async function snooze(
  db: Db,
  v: { workspaceId: string; alertKey: string; until: Date; reason: string | null; userId: string },
): Promise<void> {
  await db
    .insert(pipelineAlertStates)
    .values({ workspaceId: v.workspaceId, alertKey: v.alertKey, snoozedUntil: v.until, reason: v.reason, updatedBy: v.userId })
    .onConflictDoUpdate({
      target: [pipelineAlertStates.workspaceId, pipelineAlertStates.alertKey],
      set: { snoozedUntil: v.until, reason: v.reason, updatedBy: v.userId, resolvedAt: null },
    });
}
