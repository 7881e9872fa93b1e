/**
 * The reputation feature's reads of the sending tables (sends per inbox and day, bounce, complaint
 * and unsubscribe events of people) and its own snapshots, alerts and refresh/backfill state.
 * Days are UTC calendar days, always read back as 'YYYY-MM-DD' text.
 */
import type { ReputationBackfill, SubjectKind } from "@prospector/contracts";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignEvents, campaignMessages } from "../campaigns/index.ts";
import { inboxes } from "../inboxes/index.ts";
import { workspaces } from "../organizations/index.ts";
import { reputationAlerts, reputationSnapshots, reputationState } from "./reputation.table.ts";

type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export type SnapshotRow = typeof reputationSnapshots.$inferSelect;
export type NewSnapshot = typeof reputationSnapshots.$inferInsert;
export type AlertRow = typeof reputationAlerts.$inferSelect;
export type StateRow = typeof reputationState.$inferSelect;

/** The workspace's inboxes that really deliver (the local mailbox reaches nobody and has no reputation). */
export async function deliveringInboxes(db: Tx, workspaceId: string) {
  return db
    .select()
    .from(inboxes)
    .where(and(eq(inboxes.workspaceId, workspaceId), eq(inboxes.kind, "smtp")))
    .orderBy(asc(inboxes.createdAt), asc(inboxes.id));
}

export interface DayCount {
  inboxId: string;
  day: string;
  n: number;
}

/** Messages handed to SMTP (sent, or refused at RCPT as a hard bounce) per inbox and UTC day in [from, to). */
export async function sendsPerDay(db: Tx, workspaceId: string, from: Date, to: Date): Promise<DayCount[]> {
  const res = await db.execute(sql`
    select inbox_id, ((sent_at at time zone 'UTC')::date)::text as day, count(*) as n
    from ${campaignMessages}
    where workspace_id = ${workspaceId} and sent_at >= ${from.toISOString()} and sent_at < ${to.toISOString()}
      and status in ('sent', 'bounced') and inbox_id is not null
    group by 1, 2`);
  return rowsOf<{ inbox_id: string; day: string; n: unknown }>(res).map((r) => ({ inboxId: r.inbox_id, day: r.day, n: Number(r.n) }));
}

export interface DayEvent extends DayCount {
  type: "bounce" | "complaint" | "unsubscribe";
}

/** People's bounces, complaints and unsubscribes per sending inbox and UTC day (each message counted once per type). */
export async function eventsPerDay(db: Tx, workspaceId: string, from: Date, to: Date): Promise<DayEvent[]> {
  const res = await db.execute(sql`
    select m.inbox_id, ((e.occurred_at at time zone 'UTC')::date)::text as day, e.type, count(distinct e.message_id) as n
    from ${campaignEvents} e join ${campaignMessages} m on m.id = e.message_id
    where e.workspace_id = ${workspaceId} and e.occurred_at >= ${from.toISOString()} and e.occurred_at < ${to.toISOString()}
      and e.type in ('bounce', 'complaint', 'unsubscribe') and not e.is_bot and m.inbox_id is not null
    group by 1, 2, 3`);
  return rowsOf<{ inbox_id: string; day: string; type: DayEvent["type"]; n: unknown }>(res).map((r) => ({
    inboxId: r.inbox_id,
    day: r.day,
    type: r.type,
    n: Number(r.n),
  }));
}

/** When each of the workspace's inboxes first sent (index-only per inbox), for its age. */
export async function firstSends(db: Tx, workspaceId: string): Promise<Map<string, Date>> {
  const res = await db.execute(sql`
    select i.id, (select min(m.sent_at) from ${campaignMessages} m where m.inbox_id = i.id) as first_sent
    from ${inboxes} i where i.workspace_id = ${workspaceId} and i.kind = 'smtp'`);
  const out = new Map<string, Date>();
  for (const r of rowsOf<{ id: string; first_sent: Date | string | null }>(res)) if (r.first_sent) out.set(r.id, new Date(r.first_sent));
  return out;
}

/**
 * Writes snapshots. A row given without listed_on (a day rebuilt from events) keeps the blocklist
 * state recorded on that day, if any.
 */
export async function upsertSnapshots(db: Tx, rows: NewSnapshot[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(reputationSnapshots)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [reputationSnapshots.workspaceId, reputationSnapshots.subjectKind, reputationSnapshots.subjectId, reputationSnapshots.day],
        set: {
          label: sql`excluded.label`,
          domain: sql`excluded.domain`,
          sent: sql`excluded.sent`,
          bounces: sql`excluded.bounces`,
          complaints: sql`excluded.complaints`,
          unsubscribes: sql`excluded.unsubscribes`,
          windowSent: sql`excluded.window_sent`,
          windowBounces: sql`excluded.window_bounces`,
          windowComplaints: sql`excluded.window_complaints`,
          windowUnsubscribes: sql`excluded.window_unsubscribes`,
          listedOn: sql`coalesce(excluded.listed_on, ${reputationSnapshots.listedOn})`,
          score: sql`excluded.score`,
          computedAt: sql`excluded.computed_at`,
        },
      });
  }
}

/** Blocklist state already recorded per subject and day in [from, to] (so a rebuilt day's score keeps it). */
export async function recordedListings(db: Tx, workspaceId: string, from: string, to: string) {
  return db
    .select({
      subjectKind: reputationSnapshots.subjectKind,
      subjectId: reputationSnapshots.subjectId,
      day: reputationSnapshots.day,
      listedOn: reputationSnapshots.listedOn,
    })
    .from(reputationSnapshots)
    .where(
      and(
        eq(reputationSnapshots.workspaceId, workspaceId),
        gte(reputationSnapshots.day, from),
        lte(reputationSnapshots.day, to),
        isNotNull(reputationSnapshots.listedOn),
      ),
    );
}

/** The newest snapshot of each subject of the workspace. */
export async function latestSnapshots(db: Tx, workspaceId: string): Promise<SnapshotRow[]> {
  const res = await db.execute(sql`
    select distinct on (subject_kind, subject_id) id from ${reputationSnapshots}
    where workspace_id = ${workspaceId} order by subject_kind, subject_id, day desc`);
  const ids = rowsOf<{ id: string }>(res).map((r) => r.id);
  if (!ids.length) return [];
  return db.select().from(reputationSnapshots).where(inArray(reputationSnapshots.id, ids));
}

/** Snapshots of one day for the workspace's subjects (the 7-day comparison). */
export async function snapshotsOn(db: Tx, workspaceId: string, day: string): Promise<SnapshotRow[]> {
  return db
    .select()
    .from(reputationSnapshots)
    .where(and(eq(reputationSnapshots.workspaceId, workspaceId), eq(reputationSnapshots.day, day)));
}

export async function history(db: Tx, workspaceId: string, kind: SubjectKind, subjectId: string, from: string): Promise<SnapshotRow[]> {
  return db
    .select()
    .from(reputationSnapshots)
    .where(
      and(
        eq(reputationSnapshots.workspaceId, workspaceId),
        eq(reputationSnapshots.subjectKind, kind),
        eq(reputationSnapshots.subjectId, subjectId),
        gte(reputationSnapshots.day, from),
      ),
    )
    .orderBy(asc(reputationSnapshots.day));
}

/** The label the newest snapshot of a subject carries (a deleted inbox is still named), or undefined. */
export async function subjectLabel(db: Tx, workspaceId: string, kind: SubjectKind, subjectId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ label: reputationSnapshots.label })
    .from(reputationSnapshots)
    .where(
      and(
        eq(reputationSnapshots.workspaceId, workspaceId),
        eq(reputationSnapshots.subjectKind, kind),
        eq(reputationSnapshots.subjectId, subjectId),
      ),
    )
    .orderBy(desc(reputationSnapshots.day))
    .limit(1);
  return row?.label;
}

// ---- alerts ----

export async function openAlerts(db: Tx, workspaceId: string): Promise<AlertRow[]> {
  return db
    .select()
    .from(reputationAlerts)
    .where(and(eq(reputationAlerts.workspaceId, workspaceId), isNull(reputationAlerts.resolvedAt)));
}

/** Opens an alert unless one is open for the same subject and key (then undefined: that crossing was already told). */
export async function openAlert(db: Tx, row: typeof reputationAlerts.$inferInsert): Promise<AlertRow | undefined> {
  const [inserted] = await db
    .insert(reputationAlerts)
    .values(row)
    .onConflictDoNothing({
      target: [reputationAlerts.workspaceId, reputationAlerts.subjectKind, reputationAlerts.subjectId, reputationAlerts.alertKey],
      where: sql`${reputationAlerts.resolvedAt} is null`,
    })
    .returning();
  return inserted;
}

export async function updateAlert(
  db: Tx,
  id: string,
  set: Partial<Pick<AlertRow, "level" | "value" | "threshold" | "message" | "resolvedAt" | "notifiedAt" | "subjectLabel">>,
): Promise<void> {
  await db.update(reputationAlerts).set(set).where(eq(reputationAlerts.id, id));
}

export async function listAlerts(db: Tx, workspaceId: string, status: "open" | "resolved" | "all", limit: number, offset: number) {
  const where = and(
    eq(reputationAlerts.workspaceId, workspaceId),
    status === "open" ? isNull(reputationAlerts.resolvedAt) : status === "resolved" ? isNotNull(reputationAlerts.resolvedAt) : undefined,
  );
  const [rows, [total], [open]] = await Promise.all([
    db
      .select()
      .from(reputationAlerts)
      .where(where)
      .orderBy(desc(reputationAlerts.openedAt), desc(reputationAlerts.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(reputationAlerts).where(where),
    db
      .select({ n: count() })
      .from(reputationAlerts)
      .where(and(eq(reputationAlerts.workspaceId, workspaceId), isNull(reputationAlerts.resolvedAt))),
  ]);
  return { rows, total: Number(total?.n ?? 0), open: Number(open?.n ?? 0) };
}

/** Who hears about an alert: the workspace's owner. */
export async function workspaceOwner(db: Tx, workspaceId: string): Promise<string | null> {
  const [row] = await db.select({ ownerId: workspaces.ownerId }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.ownerId ?? null;
}

// ---- refresh and backfill state ----

export async function getState(db: Tx, workspaceId: string): Promise<StateRow | undefined> {
  const [row] = await db.select().from(reputationState).where(eq(reputationState.workspaceId, workspaceId));
  return row;
}

export async function ensureState(db: Tx, workspaceId: string): Promise<void> {
  await db.insert(reputationState).values({ workspaceId }).onConflictDoNothing();
}

export async function setRefreshed(db: Tx, workspaceId: string, at: Date): Promise<void> {
  await db
    .insert(reputationState)
    .values({ workspaceId, refreshedAt: at })
    .onConflictDoUpdate({ target: reputationState.workspaceId, set: { refreshedAt: at } });
}

/**
 * Workspaces with an inbox that delivers whose snapshots are older than `staleBefore` (or were never
 * built), claimed for this process: the conditional update lets only one process take each.
 */
export async function claimDueWorkspaces(
  db: Tx,
  now: Date,
  staleBefore: Date,
  limit: number,
): Promise<{ workspaceId: string; isNew: boolean }[]> {
  const res = await db.execute(sql`
    with due as (
      select distinct i.workspace_id from ${inboxes} i
      left join ${reputationState} s on s.workspace_id = i.workspace_id
      where i.kind = 'smtp' and (s.workspace_id is null or
        ((s.refreshed_at is null or s.refreshed_at < ${staleBefore.toISOString()})
         and (s.claimed_at is null or s.claimed_at < ${staleBefore.toISOString()})))
      limit ${limit}
    )
    insert into ${reputationState} (workspace_id, claimed_at)
    select workspace_id, ${now.toISOString()} from due
    on conflict (workspace_id) do update set claimed_at = excluded.claimed_at
      where ${reputationState}.claimed_at is null or ${reputationState}.claimed_at < ${staleBefore.toISOString()}
    returning workspace_id, (refreshed_at is null and backfill_status = 'idle') as is_new`);
  return rowsOf<{ workspace_id: string; is_new: boolean }>(res).map((r) => ({ workspaceId: r.workspace_id, isNew: Boolean(r.is_new) }));
}

/** Queues a backfill unless one is queued or running; false when one is. */
export async function queueBackfill(db: Tx, workspaceId: string, days: number): Promise<boolean> {
  await ensureState(db, workspaceId);
  const res = await db
    .update(reputationState)
    .set({
      backfillStatus: "queued",
      backfillDays: days,
      backfillDoneDays: 0,
      backfillStartedAt: null,
      backfillFinishedAt: null,
      backfillError: null,
    })
    .where(and(eq(reputationState.workspaceId, workspaceId), sql`${reputationState.backfillStatus} not in ('queued', 'running')`))
    .returning({ id: reputationState.workspaceId });
  return res.length > 0;
}

export async function setBackfill(
  db: Tx,
  workspaceId: string,
  set: Partial<{ status: ReputationBackfill["status"]; doneDays: number; startedAt: Date; finishedAt: Date; error: string | null }>,
): Promise<void> {
  await db
    .update(reputationState)
    .set({
      ...(set.status ? { backfillStatus: set.status } : {}),
      ...(set.doneDays !== undefined ? { backfillDoneDays: set.doneDays } : {}),
      ...(set.startedAt ? { backfillStartedAt: set.startedAt } : {}),
      ...(set.finishedAt ? { backfillFinishedAt: set.finishedAt } : {}),
      ...(set.error !== undefined ? { backfillError: set.error } : {}),
    })
    .where(eq(reputationState.workspaceId, workspaceId));
}
