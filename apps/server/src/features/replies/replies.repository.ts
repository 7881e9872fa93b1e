/**
 * Drizzle calls for replies: find the sent email an incoming one refers to (campaign mail or a
 * one-off send from /compose), record what it did to that email, and the inbox's IMAP cursor.
 */
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignMessages, campaigns } from "../campaigns/index.ts";
import { composeMessages } from "../compose/index.ts";
import { inboxes } from "../inboxes/index.ts";
import { leads } from "../leads/index.ts";

export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

/** A sent email an incoming one is about. */
export type Match = {
  /** campaign_messages (campaign mail) or compose_messages (a one-off send from /compose). */
  source: "campaign" | "compose";
  id: string;
  workspaceId: string;
  /** Null for a one-off send: no campaign, no sequence. */
  campaignId: string | null;
  leadId: string | null;
  step: number;
  variant: number;
  inboxId: string | null;
  /** The address it went to. */
  email: string | null;
  stopOnReply: boolean;
  /** Who hears of a reply: the campaign's creator, or the person who sent the one-off email. */
  notifyUserId: string | null;
  /** Null for a one-off send. */
  campaignName: string | null;
};

const campaignColumns = {
  id: campaignMessages.id,
  workspaceId: campaignMessages.workspaceId,
  campaignId: campaignMessages.campaignId,
  leadId: campaignMessages.leadId,
  step: campaignMessages.step,
  variant: campaignMessages.variant,
  inboxId: campaignMessages.inboxId,
  email: leads.email,
  stopOnReply: campaigns.stopOnReply,
  notifyUserId: campaigns.createdBy,
  campaignName: campaigns.name,
  messageId: campaignMessages.messageId,
  sentAt: campaignMessages.sentAt,
};

const composeColumns = {
  id: composeMessages.id,
  workspaceId: composeMessages.workspaceId,
  leadId: composeMessages.leadId,
  inboxId: composeMessages.inboxId,
  email: composeMessages.toAddress,
  notifyUserId: composeMessages.sentBy,
  messageId: composeMessages.messageId,
  sentAt: composeMessages.sentAt,
};

type Found = Match & { messageId: string | null; sentAt: Date | null };

const fromCampaign = (r: Omit<Found, "source">): Found => ({ ...r, source: "campaign" });
const fromCompose = (r: { [K in keyof typeof composeColumns]: Found[K] }): Found => ({
  ...r,
  source: "compose",
  campaignId: null,
  step: 0,
  variant: 0,
  stopOnReply: false,
  campaignName: null,
});

function toMatch(found: Found | undefined): Match | null {
  if (!found) return null;
  const { messageId: _, sentAt: __, ...match } = found;
  return match;
}

/** The first of these Message-IDs (in order) that one of the workspace's sent emails carries, campaign mail or one-off. */
export async function findByMessageIds(db: Tx, workspaceId: string, ids: string[]): Promise<Match | null> {
  if (ids.length === 0) return null;
  const wanted = ids.slice(0, 50);
  const campaignRows = await db
    .select(campaignColumns)
    .from(campaignMessages)
    .innerJoin(campaigns, eq(campaigns.id, campaignMessages.campaignId))
    .leftJoin(leads, eq(leads.id, campaignMessages.leadId))
    .where(and(inArray(campaignMessages.messageId, wanted), eq(campaignMessages.workspaceId, workspaceId)));
  const composeRows = await db
    .select(composeColumns)
    .from(composeMessages)
    .where(and(inArray(composeMessages.messageId, wanted), eq(composeMessages.workspaceId, workspaceId)));
  const found = [...campaignRows.map(fromCampaign), ...composeRows.map(fromCompose)];
  found.sort((a, b) => ids.indexOf(a.messageId ?? "") - ids.indexOf(b.messageId ?? ""));
  return toMatch(found[0]);
}

/** Fallback when headers were stripped: the latest email this inbox sent to that address, campaign mail or one-off. */
export async function findLatestTo(db: Tx, inboxId: string, email: string): Promise<Match | null> {
  const address = email.toLowerCase();
  const [campaignRow] = await db
    .select(campaignColumns)
    .from(campaignMessages)
    .innerJoin(campaigns, eq(campaigns.id, campaignMessages.campaignId))
    .innerJoin(leads, eq(leads.id, campaignMessages.leadId))
    .where(and(eq(campaignMessages.inboxId, inboxId), eq(leads.email, address), isNotNull(campaignMessages.sentAt)))
    .orderBy(desc(campaignMessages.sentAt))
    .limit(1);
  const [composeRow] = await db
    .select(composeColumns)
    .from(composeMessages)
    .where(and(eq(composeMessages.inboxId, inboxId), eq(composeMessages.toAddress, address), isNotNull(composeMessages.sentAt)))
    .orderBy(desc(composeMessages.sentAt))
    .limit(1);
  const found = [campaignRow && fromCampaign(campaignRow), composeRow && fromCompose(composeRow)].filter((f) => f !== undefined);
  found.sort((a, b) => (b.sentAt?.getTime() ?? 0) - (a.sentAt?.getTime() ?? 0));
  return toMatch(found[0]);
}

/** A hard bounce: the sent email becomes "bounced" (which the inbox's bounce window counts). */
export async function markBounced(tx: Tx, match: Pick<Match, "source" | "id">, at: Date, detail: string | null): Promise<void> {
  if (match.source === "campaign") {
    await tx
      .update(campaignMessages)
      .set({ status: "bounced" })
      .where(and(eq(campaignMessages.id, match.id), inArray(campaignMessages.status, ["sent", "sending"])));
    return;
  }
  await tx
    .update(composeMessages)
    .set({ status: "bounced", bouncedAt: at, error: detail, updatedAt: new Date() })
    .where(and(eq(composeMessages.id, match.id), inArray(composeMessages.status, ["sent", "sending"])));
}

/** A person's reply to a one-off send: its first reply time (campaign mail records a reply event instead). */
export async function markComposeReplied(tx: Tx, id: string, at: Date): Promise<void> {
  await tx
    .update(composeMessages)
    .set({ repliedAt: sql`coalesce(${composeMessages.repliedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: new Date() })
    .where(eq(composeMessages.id, id));
}

/** The lead wrote back: its last activity moves to the reply (never backwards). */
export async function touchLeadActivity(tx: Tx, workspaceId: string, leadId: string, at: Date): Promise<void> {
  await tx
    .update(leads)
    .set({ lastActivityAt: sql`greatest(${leads.lastActivityAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(leads.id, leadId), eq(leads.workspaceId, workspaceId)));
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
