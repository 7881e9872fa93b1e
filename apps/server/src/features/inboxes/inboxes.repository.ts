/** Drizzle calls for inboxes: rows, the local mailbox row, and the send counts caps and health read. */
import { INBOX_HEALTH_WINDOW } from "@prospector/contracts";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { inboxes } from "./inboxes.table.ts";
import type { InboxRow, SendStats } from "./inboxes.types.ts";

export type { InboxRow, SendStats };

export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;
export type InboxValues = Partial<typeof inboxes.$inferInsert>;
/** An outbox of a feature that sends from inboxes (campaign mail, one-off sends): what the send counts read. */
export type SentMessagesTable = PgTable & { inboxId: AnyPgColumn; status: AnyPgColumn; sentAt: AnyPgColumn };

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export async function listInboxes(db: Tx, workspaceId: string): Promise<InboxRow[]> {
  return db.select().from(inboxes).where(eq(inboxes.workspaceId, workspaceId)).orderBy(asc(inboxes.createdAt), asc(inboxes.id)).limit(500);
}

export async function getInbox(db: Tx, workspaceId: string, id: string): Promise<InboxRow | undefined> {
  const [row] = await db
    .select()
    .from(inboxes)
    .where(and(eq(inboxes.workspaceId, workspaceId), eq(inboxes.id, id)));
  return row;
}

export async function getInboxesByIds(db: Tx, workspaceId: string, ids: string[]): Promise<InboxRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(inboxes)
    .where(and(eq(inboxes.workspaceId, workspaceId), inArray(inboxes.id, ids)));
}

export async function getInboxById(db: Tx, id: string): Promise<InboxRow | undefined> {
  const [row] = await db.select().from(inboxes).where(eq(inboxes.id, id));
  return row;
}

export async function insertInbox(db: Tx, values: typeof inboxes.$inferInsert): Promise<InboxRow> {
  const [row] = await db.insert(inboxes).values(values).returning();
  return row as InboxRow;
}

export async function updateInbox(db: Tx, workspaceId: string, id: string, values: InboxValues): Promise<InboxRow | undefined> {
  const [row] = await db
    .update(inboxes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(inboxes.workspaceId, workspaceId), eq(inboxes.id, id)))
    .returning();
  return row;
}

export async function deleteInbox(db: Tx, workspaceId: string, id: string): Promise<void> {
  await db.delete(inboxes).where(and(eq(inboxes.workspaceId, workspaceId), eq(inboxes.id, id)));
}

/** The workspace's local-mailbox inbox (listing inboxes creates it). */
export async function getLocalInbox(db: Tx, workspaceId: string): Promise<InboxRow | undefined> {
  const [row] = await db
    .select()
    .from(inboxes)
    .where(and(eq(inboxes.workspaceId, workspaceId), eq(inboxes.kind, "local")));
  return row;
}

/** The workspace's local-mailbox inbox, created on first use. */
export async function ensureLocalInbox(db: Tx, workspaceId: string): Promise<void> {
  await db
    .insert(inboxes)
    .values({ workspaceId, kind: "local", email: "local-mailbox@prospector.invalid", fromName: "", dailyLimit: 1000, minGapSeconds: 0 })
    .onConflictDoNothing();
}

/**
 * Per inbox: the rolling-24-hour count the daily limit applies to, and the bounce window, over
 * campaign mail and one-off sends from /compose alike.
 */
export async function sendStats(
  db: Tx,
  ids: string[],
  outboxes: readonly SentMessagesTable[],
  now = new Date(),
): Promise<Map<string, SendStats>> {
  const out = new Map<string, SendStats>(ids.map((id) => [id, { sentToday: 0, recentSends: 0, recentBounces: 0 }]));
  if (ids.length === 0 || outboxes.length === 0) return out;
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // One count and one slice of the bounce window per outbox (campaign mail, one-off sends), summed and merged here.
  const sentToday = sql.join(
    outboxes.map(
      (t) => sql`(select count(*) from ${t} m
        where m.inbox_id = i.id and (m.sent_at >= ${since} or m.status = 'sending'))`,
    ),
    sql`
      + `,
  );
  const recent: SQL = sql.join(
    outboxes.map(
      (t) => sql`(select m.status, m.sent_at from ${t} m
             where m.inbox_id = i.id and m.sent_at is not null and m.sent_at >= coalesce(i.health_since, '-infinity'::timestamptz)
             order by m.sent_at desc limit ${INBOX_HEALTH_WINDOW})`,
    ),
    sql`
            union all
            `,
  );
  const res = await db.execute(sql`
    select i.id,
      ${sentToday} as sent_today,
      w.sends, w.bounces
    from ${inboxes} i
    cross join lateral (
      select count(*) as sends, count(*) filter (where r.status = 'bounced') as bounces
      from (${recent}
            order by sent_at desc limit ${INBOX_HEALTH_WINDOW}) r
    ) w
    where i.id in (${idList})`);
  for (const r of rowsOf<{ id: string; sent_today: unknown; sends: unknown; bounces: unknown }>(res)) {
    out.set(r.id, { sentToday: Number(r.sent_today), recentSends: Number(r.sends), recentBounces: Number(r.bounces) });
  }
  return out;
}
