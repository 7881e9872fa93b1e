/** Drizzle calls for replies: find the sent message an email refers to, and the inbox's IMAP cursor. */
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignMessages, campaigns } from "../campaigns/campaigns.table.ts";
import { inboxes } from "../inboxes/inboxes.table.ts";
import { leads } from "../leads/leads.table.ts";

export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

const matchColumns = {
  id: campaignMessages.id,
  workspaceId: campaignMessages.workspaceId,
  campaignId: campaignMessages.campaignId,
  leadId: campaignMessages.leadId,
  step: campaignMessages.step,
  variant: campaignMessages.variant,
  inboxId: campaignMessages.inboxId,
  email: leads.email,
  stopOnReply: campaigns.stopOnReply,
  createdBy: campaigns.createdBy,
  campaignName: campaigns.name,
};

export type Match = {
  id: string;
  workspaceId: string;
  campaignId: string;
  leadId: string | null;
  step: number;
  variant: number;
  inboxId: string | null;
  email: string | null;
  stopOnReply: boolean;
  createdBy: string | null;
  campaignName: string;
};

/** The first of these Message-IDs (in order) that one of the workspace's campaign emails carries. */
export async function findByMessageIds(db: Tx, workspaceId: string, ids: string[]): Promise<Match | null> {
  if (ids.length === 0) return null;
  const rows = await db
    .select({ ...matchColumns, messageId: campaignMessages.messageId })
    .from(campaignMessages)
    .innerJoin(campaigns, eq(campaigns.id, campaignMessages.campaignId))
    .leftJoin(leads, eq(leads.id, campaignMessages.leadId))
    .where(and(inArray(campaignMessages.messageId, ids.slice(0, 50)), eq(campaignMessages.workspaceId, workspaceId)));
  rows.sort((a, b) => ids.indexOf(a.messageId ?? "") - ids.indexOf(b.messageId ?? ""));
  const first = rows[0];
  if (!first) return null;
  const { messageId: _, ...match } = first;
  return match;
}

/** Fallback when headers were stripped: the latest email this inbox sent to that address. */
export async function findLatestTo(db: Tx, inboxId: string, email: string): Promise<Match | null> {
  const [row] = await db
    .select(matchColumns)
    .from(campaignMessages)
    .innerJoin(campaigns, eq(campaigns.id, campaignMessages.campaignId))
    .innerJoin(leads, eq(leads.id, campaignMessages.leadId))
    .where(and(eq(campaignMessages.inboxId, inboxId), eq(leads.email, email.toLowerCase()), isNotNull(campaignMessages.sentAt)))
    .orderBy(desc(campaignMessages.sentAt))
    .limit(1);
  return row ?? null;
}

export async function markBounced(tx: Tx, messageRowId: string): Promise<void> {
  await tx
    .update(campaignMessages)
    .set({ status: "bounced" })
    .where(and(eq(campaignMessages.id, messageRowId), inArray(campaignMessages.status, ["sent", "sending"])));
}

export async function moveCursor(tx: Tx, inboxId: string, uid: number, uidValidity: number): Promise<void> {
  await tx.update(inboxes).set({ imapLastUid: uid, imapUidValidity: uidValidity }).where(eq(inboxes.id, inboxId));
}

/** Inboxes whose IMAP folder is due a check, each claimed so only one process polls it. */
export async function claimDueInboxes(db: Tx, everySeconds: number, now = new Date(), limit = 20) {
  const before = new Date(now.getTime() - everySeconds * 1000);
  const due = await db
    .select({ id: inboxes.id })
    .from(inboxes)
    .where(and(isNotNull(inboxes.imap), or(isNull(inboxes.imapLastPolledAt), lt(inboxes.imapLastPolledAt, before))))
    .limit(limit);
  const claimed = [];
  for (const { id } of due) {
    const [row] = await db
      .update(inboxes)
      .set({ imapLastPolledAt: now })
      .where(and(eq(inboxes.id, id), or(isNull(inboxes.imapLastPolledAt), lt(inboxes.imapLastPolledAt, before))))
      .returning();
    if (row) claimed.push(row);
  }
  return claimed;
}

export async function setImapError(db: Tx, inboxId: string, error: string | null): Promise<void> {
  await db
    .update(inboxes)
    .set({ imapError: error?.slice(0, 500) ?? null, imapLastPolledAt: sql`now()` })
    .where(eq(inboxes.id, inboxId));
}
