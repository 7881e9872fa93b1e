/**
 * The cached answers (send_insights_snapshots) with their refresh state, and the per-workspace
 * data marks the change check compares. Every query names its workspace, except the sweeps of the
 * change check and the purge, which read across workspaces and act per row.
 */
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignEvents, campaignMessages } from "../campaigns/index.ts";
import { sendInsightsDataMarks, sendInsightsSnapshots } from "./send-insights.table.ts";

export type SnapshotRow = typeof sendInsightsSnapshots.$inferSelect;
export type SnapshotKind = SnapshotRow["kind"];

export interface SnapshotKey {
  workspaceId: string;
  kind: SnapshotKind;
  days: number;
  /** '' = the whole workspace. */
  campaignId: string;
}

const iso = (d: Date) => d.toISOString();
const keyWhere = (k: SnapshotKey) =>
  and(
    eq(sendInsightsSnapshots.workspaceId, k.workspaceId),
    eq(sendInsightsSnapshots.kind, k.kind),
    eq(sendInsightsSnapshots.days, k.days),
    eq(sendInsightsSnapshots.campaignId, k.campaignId),
  );
const conflictTarget = [
  sendInsightsSnapshots.workspaceId,
  sendInsightsSnapshots.kind,
  sendInsightsSnapshots.days,
  sendInsightsSnapshots.campaignId,
];

export async function getSnapshot(db: Db, k: SnapshotKey): Promise<SnapshotRow | undefined> {
  const [row] = await db.select().from(sendInsightsSnapshots).where(keyWhere(k)).limit(1);
  return row;
}

export async function getSnapshotById(db: Db, id: string): Promise<SnapshotRow | undefined> {
  const [row] = await db.select().from(sendInsightsSnapshots).where(eq(sendInsightsSnapshots.id, id)).limit(1);
  return row;
}

/** Records a read, at most once an hour per row (a read is otherwise no write). */
export async function touchRead(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(sendInsightsSnapshots)
    .set({ readAt: now })
    .where(and(eq(sendInsightsSnapshots.id, id), lt(sendInsightsSnapshots.readAt, new Date(now.getTime() - 3_600_000))));
}

/**
 * Stores an answer computed from data read at `computedAt`; the refresh is over. A stale mark set
 * after that instant (new data while it computed) stays, so the next sweep computes again.
 */
export async function saveComputed(db: Db, k: SnapshotKey, payload: unknown, computedAt: Date, durationMs: number): Promise<SnapshotRow> {
  const [row] = await db
    .insert(sendInsightsSnapshots)
    .values({ ...k, payload, computedAt, durationMs, readAt: computedAt, refreshStatus: "idle", refreshProgress: 100 })
    .onConflictDoUpdate({
      target: conflictTarget,
      set: {
        payload,
        computedAt,
        durationMs,
        staleSince: sql`case when ${sendInsightsSnapshots.staleSince} > ${iso(computedAt)} then ${sendInsightsSnapshots.staleSince} else null end`,
        refreshStatus: "idle",
        refreshProgress: 100,
        refreshStep: null,
        refreshError: null,
      },
    })
    .returning();
  return row!;
}

/** A refresh queued or running longer than this is taken to have died with its process. */
const REFRESH_LEASE_MS = 15 * 60_000;

/**
 * Marks the row queued (creating it without an answer if needed) unless a refresh is already
 * queued or running; answers the row and whether this call queued it (then it sends the job).
 */
export async function claimRefresh(db: Db, k: SnapshotKey, now: Date): Promise<{ row: SnapshotRow; claimed: boolean }> {
  await db
    .insert(sendInsightsSnapshots)
    .values({ ...k, readAt: now })
    .onConflictDoNothing({ target: conflictTarget });
  const claimed = await db
    .update(sendInsightsSnapshots)
    .set({ refreshStatus: "queued", refreshProgress: 0, refreshStep: null, refreshError: null, refreshRequestedAt: now })
    .where(
      and(
        keyWhere(k),
        or(
          inArray(sendInsightsSnapshots.refreshStatus, ["idle", "failed"]),
          lt(sendInsightsSnapshots.refreshRequestedAt, new Date(now.getTime() - REFRESH_LEASE_MS)),
        ),
      ),
    )
    .returning();
  if (claimed[0]) return { row: claimed[0], claimed: true };
  return { row: (await getSnapshot(db, k))!, claimed: false };
}

export async function setRefresh(
  db: Db,
  id: string,
  v: Partial<Pick<SnapshotRow, "refreshStatus" | "refreshProgress" | "refreshStep" | "refreshError">>,
): Promise<void> {
  await db.update(sendInsightsSnapshots).set(v).where(eq(sendInsightsSnapshots.id, id));
}

/** New data: the workspace's answers (of one kind, or all) are out of date from `at`; the first mark stays. */
export async function markStale(db: Db, workspaceId: string, at: Date, kind?: SnapshotKind): Promise<number> {
  const res = await db
    .update(sendInsightsSnapshots)
    .set({ staleSince: at })
    .where(
      and(
        eq(sendInsightsSnapshots.workspaceId, workspaceId),
        isNull(sendInsightsSnapshots.staleSince),
        kind ? eq(sendInsightsSnapshots.kind, kind) : undefined,
      ),
    )
    .returning({ id: sendInsightsSnapshots.id });
  return res.length;
}

/**
 * Workspaces with an answer someone read since `readSince` (the ones the change check watches),
 * the least recently checked first, so more than `limit` of them are all checked in turn.
 */
export async function watchedWorkspaces(db: Db, readSince: Date, limit: number): Promise<string[]> {
  const res = await db.execute(sql`
    select s.workspace_id from ${sendInsightsSnapshots} s
      left join ${sendInsightsDataMarks} m on m.workspace_id = s.workspace_id
    where s.read_at >= ${iso(readSince)}
    group by s.workspace_id
    order by min(m.checked_at) nulls first
    limit ${limit}`);
  return (res as unknown as { rows: { workspace_id: string }[] }).rows.map((r) => r.workspace_id);
}

/**
 * Answers to recompute: read since `readSince`, no refresh under way (or one past its lease), computed before
 * `notAfter` (the debounce) and either stale or computed before `oldBefore` (the period slides).
 */
export async function dueForRefresh(
  db: Db,
  o: { readSince: Date; notAfter: Date; oldBefore: Date; limit: number; workspaceId?: string; kind?: SnapshotKind },
): Promise<SnapshotRow[]> {
  return db
    .select()
    .from(sendInsightsSnapshots)
    .where(
      and(
        o.workspaceId ? eq(sendInsightsSnapshots.workspaceId, o.workspaceId) : undefined,
        o.kind ? eq(sendInsightsSnapshots.kind, o.kind) : undefined,
        sql`${sendInsightsSnapshots.readAt} >= ${iso(o.readSince)}`,
        // A refresh queued or running past its lease died with its process: due again.
        or(
          inArray(sendInsightsSnapshots.refreshStatus, ["idle", "failed"]),
          lt(sendInsightsSnapshots.refreshRequestedAt, new Date(Date.now() - REFRESH_LEASE_MS)),
        ),
        isNotNull(sendInsightsSnapshots.payload),
        lt(sendInsightsSnapshots.computedAt, o.notAfter),
        or(isNotNull(sendInsightsSnapshots.staleSince), lt(sendInsightsSnapshots.computedAt, o.oldBefore)),
      ),
    )
    .orderBy(sendInsightsSnapshots.computedAt)
    .limit(o.limit);
}

/** Answers nobody read since `before` go (a read computes them again). */
export async function purgeUnread(db: Db, before: Date): Promise<number> {
  const res = await db
    .delete(sendInsightsSnapshots)
    .where(and(lt(sendInsightsSnapshots.readAt, before), inArray(sendInsightsSnapshots.refreshStatus, ["idle", "failed"])))
    .returning({ id: sendInsightsSnapshots.id });
  return res.length;
}

// ---------------------------------------------------------------- data marks

export type MarkRow = typeof sendInsightsDataMarks.$inferSelect;

export async function getMark(db: Db, workspaceId: string): Promise<MarkRow | undefined> {
  const [row] = await db.select().from(sendInsightsDataMarks).where(eq(sendInsightsDataMarks.workspaceId, workspaceId));
  return row;
}

export async function saveMark(db: Db, v: { workspaceId: string; markFrom: Date; mark: string; checkedAt: Date; changedAt?: Date }) {
  await db
    .insert(sendInsightsDataMarks)
    .values(v)
    .onConflictDoUpdate({
      target: sendInsightsDataMarks.workspaceId,
      set: { markFrom: v.markFrom, mark: v.mark, checkedAt: v.checkedAt, ...(v.changedAt ? { changedAt: v.changedAt } : {}) },
    });
}

/**
 * The workspace's sends, bounces and events since `from`, as one string: index-only range scans
 * (campaign_messages_ws_sent_campaign_idx, campaign_events_ws_series_idx), so the check stays
 * cheap whatever the workspace's history.
 */
export async function dataMark(db: Db, workspaceId: string, from: Date): Promise<string> {
  const res = await db.execute(sql`
    select
      (select count(*) from ${campaignMessages} m where m.workspace_id = ${workspaceId} and m.sent_at >= ${iso(from)})::int as sends,
      (select count(*) from ${campaignMessages} m where m.workspace_id = ${workspaceId} and m.sent_at >= ${iso(from)}
        and m.status = 'bounced')::int as bounced,
      (select count(*) from ${campaignEvents} e where e.workspace_id = ${workspaceId} and e.occurred_at >= ${iso(from)})::int as events`);
  const row = (res as unknown as { rows: { sends: number; bounced: number; events: number }[] }).rows[0]!;
  return `${row.sends}:${row.bounced}:${row.events}`;
}

// ---------------------------------------------------------------- planner statistics

/** The tables the answers read; their planner statistics decide between a linear plan and minutes of nested loops. */
const READ_TABLES = ["campaign_messages", "campaign_events", "leads"] as const;

/**
 * ANALYZE those of READ_TABLES changed a lot since their last analyze (autovacuum's own rule:
 * more than 1,000 + 10 % of their rows). PGlite runs no autovacuum, so after a bulk import its
 * tables would keep no statistics; on PostgreSQL this usually finds nothing to do. Answers how
 * long it took and what it analyzed.
 */
export async function analyzeIfChanged(db: Db): Promise<{ tables: string[]; ms: number }> {
  const t0 = performance.now();
  const res = await db.execute(sql`
    select relname from pg_stat_user_tables
    where schemaname = current_schema() and relname in ${sql.raw(`(${READ_TABLES.map((t) => `'${t}'`).join(", ")})`)}
      and (n_mod_since_analyze > 1000 + 0.1 * greatest(n_live_tup, 0) or (last_analyze is null and last_autoanalyze is null and n_live_tup > 1000))`);
  const tables = (res as unknown as { rows: { relname: string }[] }).rows
    .map((r) => r.relname)
    .filter((t): t is (typeof READ_TABLES)[number] => (READ_TABLES as readonly string[]).includes(t));
  for (const t of tables) await db.execute(sql.raw(`analyze ${t}`));
  return { tables, ms: Math.round(performance.now() - t0) };
}
