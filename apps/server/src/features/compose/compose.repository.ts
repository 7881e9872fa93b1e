/**
 * Drizzle calls for one-off sends: the row written before the SMTP call and its outcome, the
 * workspace's paged history, the crash sweep, tracking counters and the unsubscribe look-up.
 */
import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { leads } from "../leads/index.ts";
import { workspaces } from "../organizations/index.ts";
import { composeMessages } from "./compose.table.ts";

export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;
export type ComposeRow = typeof composeMessages.$inferSelect;

export async function insertMessage(tx: Tx, values: typeof composeMessages.$inferInsert): Promise<ComposeRow> {
  const [row] = await tx.insert(composeMessages).values(values).returning();
  return row as ComposeRow;
}

export async function finishMessage(
  db: Tx,
  id: string,
  values: { status: ComposeRow["status"]; error?: string | null; sentAt?: Date | null; bouncedAt?: Date | null },
): Promise<ComposeRow> {
  const [row] = await db
    .update(composeMessages)
    .set({
      status: values.status,
      error: values.error ?? null,
      sentAt: values.sentAt ?? null,
      bouncedAt: values.bouncedAt ?? null,
      updatedAt: new Date(),
    })
    .where(eq(composeMessages.id, id))
    .returning();
  return row as ComposeRow;
}

export async function listMessages(db: Tx, workspaceId: string, page: { limit: number; offset: number }) {
  const where = eq(composeMessages.workspaceId, workspaceId);
  const rows = await db
    .select()
    .from(composeMessages)
    .where(where)
    .orderBy(desc(composeMessages.createdAt), desc(composeMessages.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(composeMessages).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A first email to a new lead makes it "contacted", as campaign mail does. */
export async function markLeadContacted(db: Tx, workspaceId: string, leadId: string): Promise<void> {
  await db
    .update(leads)
    .set({ status: "contacted", updatedAt: new Date() })
    .where(and(eq(leads.workspaceId, workspaceId), eq(leads.id, leadId), eq(leads.status, "new")));
}

/**
 * Sends a crash left "sending" past the lease. Unlike campaign mail they are not sent again: the
 * person who pressed Send saw no answer and may already have retried, so they become "failed" with
 * a note that the server may have accepted them.
 */
export async function failInterrupted(db: Tx, leaseSeconds: number, now = new Date()): Promise<number> {
  const rows = await db
    .update(composeMessages)
    .set({
      status: "failed",
      error: "Interrupted while sending (the server stopped): it may or may not have been delivered",
      updatedAt: now,
    })
    .where(and(eq(composeMessages.status, "sending"), lt(composeMessages.createdAt, new Date(now.getTime() - leaseSeconds * 1000))))
    .returning({ id: composeMessages.id });
  return rows.length;
}

/** What the open pixel and click route need to know about a one-off send. */
export async function trackingRef(db: Tx, id: string) {
  const [row] = await db
    .select({
      id: composeMessages.id,
      sentAt: composeMessages.sentAt,
      trackOpens: composeMessages.trackOpens,
      trackClicks: composeMessages.trackClicks,
    })
    .from(composeMessages)
    .where(eq(composeMessages.id, id));
  return row;
}

/** Counts one human open or click (the first one also sets opened_at / clicked_at). */
export async function countTracked(db: Tx, id: string, type: "open" | "click", at: Date): Promise<void> {
  const set =
    type === "open"
      ? { opens: sql`${composeMessages.opens} + 1`, openedAt: sql`coalesce(${composeMessages.openedAt}, ${at.toISOString()}::timestamptz)` }
      : {
          clicks: sql`${composeMessages.clicks} + 1`,
          clickedAt: sql`coalesce(${composeMessages.clickedAt}, ${at.toISOString()}::timestamptz)`,
        };
  await db.update(composeMessages).set(set).where(eq(composeMessages.id, id));
}

/** Who a one-off email went to, for its unsubscribe link. */
export async function recipientOf(db: Pick<Db, "select">, id: string) {
  const [row] = await db
    .select({ workspaceId: composeMessages.workspaceId, leadId: composeMessages.leadId, email: composeMessages.toAddress })
    .from(composeMessages)
    .where(eq(composeMessages.id, id));
  return row;
}

/** One-off emails sent since `since` across the organization's workspaces. */
export async function sentSince(db: Tx, organizationId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(composeMessages)
    .innerJoin(workspaces, eq(workspaces.id, composeMessages.workspaceId))
    .where(and(eq(workspaces.organizationId, organizationId), gte(composeMessages.sentAt, since)));
  return Number(row?.n ?? 0);
}
