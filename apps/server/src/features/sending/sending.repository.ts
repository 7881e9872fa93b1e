/**
 * Drizzle calls for the sender over the campaigns' tables: lock the campaign row (the lock order is in
 * docs/campaigns.md), claim due leads and retries (SKIP LOCKED), write outbox rows, mark them sent
 * or failed in batches, recover rows a crash left "sending", record why leads wait, and complete
 * finished campaigns.
 */
import type { CampaignLeadState, CampaignStatus, WaitReason } from "@prospector/contracts";
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";
import { inboxes } from "../inboxes/index.ts";
import { leads } from "../leads/index.ts";

export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;
export type LeadRow = typeof leads.$inferSelect;
export type MemberRow = typeof campaignLeads.$inferSelect;
export type MessageRow = typeof campaignMessages.$inferSelect;

const RUNNING: CampaignLeadState[] = ["queued", "in_progress"];
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** One campaign row by id (any workspace: the sender works for all of them). */
export async function campaignById(db: Tx, id: string): Promise<typeof campaigns.$inferSelect | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

/** Active campaigns with a lead due now or a retry due now. */
export async function campaignsWithDueWork(db: Tx, now: Date, limit = 200): Promise<string[]> {
  const at = now.toISOString();
  const res = await db.execute(sql`
    select c.id from ${campaigns} c
    where c.status = 'active' and (
      exists (select 1 from ${campaignLeads} cl where cl.campaign_id = c.id and cl.state in ('queued', 'in_progress') and cl.next_send_at <= ${at})
      or exists (select 1 from ${campaignMessages} m where m.campaign_id = c.id and m.status = 'queued' and m.scheduled_at <= ${at}))
    order by c.id limit ${limit}`);
  return rowsOf<{ id: string }>(res).map((r) => r.id);
}

/**
 * The campaign row FOR SHARE: taken by every sender transaction that writes the campaign's leads,
 * before it touches them (in a claim, right after the inboxes). A state transition holds the row
 * FOR NO KEY UPDATE while it changes the leads, so the two wait for each other on the campaign row
 * and never on leads in opposite orders (docs/campaigns.md, "Lock order"). The status is the
 * committed one: after a stop or pause has committed, the caller sees it. Null: the campaign is gone.
 */
export async function lockCampaign(tx: Tx, campaignId: string): Promise<CampaignStatus | null> {
  const [row] = await tx.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId)).for("share");
  return row?.status ?? null;
}

/**
 * A claimed batch that never reached SMTP because the campaign was stopped or paused meanwhile.
 * Stopped (or completed): the rows are dropped, as retries of a stopped campaign are. Otherwise they
 * go back to the outbox as retries (the attempt did not happen) and leave with the next pass after
 * a resume. Call after lockCampaign, with the status it returned.
 */
export async function releaseClaimed(
  tx: Tx,
  campaignId: string,
  ids: string[],
  status: CampaignStatus,
  /** Set when the kill switch holds them: the rows say so and the leads wait as "held". */
  heldReason?: string,
): Promise<void> {
  if (ids.length === 0) return;
  if (status === "stopped" || status === "completed") {
    await tx
      .delete(campaignMessages)
      .where(and(eq(campaignMessages.campaignId, campaignId), inArray(campaignMessages.id, ids), eq(campaignMessages.status, "sending")));
    return;
  }
  const held = await tx
    .update(campaignMessages)
    .set({
      status: "queued",
      attempts: sql`greatest(${campaignMessages.attempts} - 1, 0)`,
      scheduledAt: new Date(),
      error: heldReason
        ? `Held back by the kill switch before this message went out: ${heldReason}`.slice(0, 500)
        : `Held back: the campaign was ${status === "paused" ? "paused" : "changed"} before this message went out`,
    })
    .where(and(eq(campaignMessages.campaignId, campaignId), inArray(campaignMessages.id, ids), eq(campaignMessages.status, "sending")))
    .returning({ leadId: campaignMessages.leadId });
  const leadIds = held.flatMap((r) => (r.leadId ? [r.leadId] : []));
  if (leadIds.length) {
    await tx
      .update(campaignLeads)
      .set({ waitReason: heldReason ? "held" : "retrying" })
      .where(and(eq(campaignLeads.campaignId, campaignId), inArray(campaignLeads.leadId, leadIds), inArray(campaignLeads.state, RUNNING)));
  }
}

/**
 * Claimed rows ("sending") whose lead was deleted since the claim (the cascade cleared lead_id):
 * dropped before they reach SMTP, as the deleted lead's queued retries were. Call after lockCampaign.
 */
export async function dropLeadless(tx: Tx, campaignId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const gone = await tx
    .delete(campaignMessages)
    .where(
      and(
        eq(campaignMessages.campaignId, campaignId),
        inArray(campaignMessages.id, ids),
        eq(campaignMessages.status, "sending"),
        isNull(campaignMessages.leadId),
      ),
    )
    .returning({ id: campaignMessages.id });
  return new Set(gone.map((r) => r.id));
}

/** Locks the campaign's inboxes (ordered, so two passes never deadlock) for the caps arithmetic. */
export async function lockInboxes(tx: Tx, workspaceId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(inboxes)
    .where(and(eq(inboxes.workspaceId, workspaceId), inArray(inboxes.id, ids)))
    .orderBy(asc(inboxes.id))
    .for("update");
}

export async function setInboxLastSent(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(inboxes).set({ lastSentAt: at }).where(eq(inboxes.id, id));
}

export async function claimDueLeads(tx: Tx, campaignId: string, now: Date, limit: number) {
  if (limit <= 0) return [];
  return tx
    .select({ member: campaignLeads, lead: leads })
    .from(campaignLeads)
    .innerJoin(leads, eq(leads.id, campaignLeads.leadId))
    .where(and(eq(campaignLeads.campaignId, campaignId), inArray(campaignLeads.state, RUNNING), lte(campaignLeads.nextSendAt, now)))
    .orderBy(asc(campaignLeads.nextSendAt), asc(campaignLeads.leadId))
    .limit(limit)
    .for("update", { of: campaignLeads, skipLocked: true });
}

export async function claimRetries(tx: Tx, campaignId: string, now: Date, limit: number) {
  if (limit <= 0) return [];
  return tx
    .select({ message: campaignMessages, lead: leads })
    .from(campaignMessages)
    .innerJoin(leads, eq(leads.id, campaignMessages.leadId))
    .where(and(eq(campaignMessages.campaignId, campaignId), eq(campaignMessages.status, "queued"), lte(campaignMessages.scheduledAt, now)))
    .orderBy(asc(campaignMessages.scheduledAt), asc(campaignMessages.id))
    .limit(limit)
    .for("update", { of: campaignMessages, skipLocked: true });
}

/** The Message-ID of each lead's previous step, so follow-ups thread under the first email. */
export async function previousMessageIds(
  tx: Tx,
  campaignId: string,
  wanted: { leadId: string; step: number }[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const ids = wanted.filter((w) => w.step > 0).map((w) => w.leadId);
  if (ids.length === 0) return out;
  const rows = await tx
    .select({ leadId: campaignMessages.leadId, step: campaignMessages.step, messageId: campaignMessages.messageId })
    .from(campaignMessages)
    .where(and(eq(campaignMessages.campaignId, campaignId), inArray(campaignMessages.leadId, ids), isNotNull(campaignMessages.sentAt)));
  const want = new Map(wanted.map((w) => [w.leadId, w.step]));
  for (const r of rows) if (r.leadId && r.messageId && want.get(r.leadId) === r.step + 1) out.set(r.leadId, r.messageId);
  return out;
}

/** One unnest statement for the whole batch (far cheaper than a VALUES list with a parameter per cell). */
export async function insertOutbox(tx: Tx, rows: (typeof campaignMessages.$inferInsert)[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const col = <T extends string | number | null>(f: (r: (typeof rows)[number]) => T, type: string) => arrayLiteral(rows.map(f), type);
  const res = await tx.execute(sql`
    insert into ${campaignMessages} (id, workspace_id, campaign_id, lead_id, step, variant, inbox_id, status, message_id, subject, error, attempts, scheduled_at)
    select * from unnest(
      ${col((r) => r.id as string, "uuid")}, ${col((r) => r.workspaceId, "uuid")}, ${col((r) => r.campaignId, "uuid")},
      ${col((r) => r.leadId ?? null, "uuid")}, ${col((r) => r.step, "int")}, ${col((r) => r.variant ?? 0, "int")},
      ${col((r) => r.inboxId ?? null, "uuid")}, ${col((r) => r.status ?? "queued", "text")}, ${col((r) => r.messageId ?? null, "text")},
      ${col((r) => r.subject ?? null, "text")}, ${col((r) => r.error ?? null, "text")}, ${col((r) => r.attempts ?? 0, "int")},
      ${col((r) => (r.scheduledAt ? r.scheduledAt.toISOString() : null), "timestamptz")})
    on conflict do nothing
    returning id`);
  return new Set(rowsOf<{ id: string }>(res).map((r) => r.id));
}

/** The claimed leads move past their step; the next send time is set once the message is out. */
export async function advanceLeads(tx: Tx, campaignId: string, leadIds: string[]): Promise<void> {
  if (leadIds.length === 0) return;
  await tx
    .update(campaignLeads)
    .set({
      state: "in_progress",
      currentStep: sql`${campaignLeads.currentStep} + 1`,
      nextSendAt: null,
      waitReason: "sending",
      updatedAt: new Date(),
    })
    .where(and(eq(campaignLeads.campaignId, campaignId), inArray(campaignLeads.leadId, leadIds)));
}

export async function reclaimRetries(tx: Tx, ids: string[], inboxByMessage: Map<string, string>): Promise<void> {
  for (const id of ids) {
    await tx
      .update(campaignMessages)
      .set({ status: "sending", inboxId: inboxByMessage.get(id) ?? null, attempts: sql`${campaignMessages.attempts} + 1` })
      .where(eq(campaignMessages.id, id));
  }
}

/** Leads that leave the sequence now (suppressed, no address, template error, delivery given up). */
export async function finishLeads(
  tx: Tx,
  campaignId: string,
  leadIds: string[],
  state: CampaignLeadState,
  reason: string | null,
): Promise<void> {
  if (leadIds.length === 0) return;
  const now = new Date();
  await tx
    .update(campaignLeads)
    .set({ state, nextSendAt: null, finishedAt: now, updatedAt: now, waitReason: reason })
    .where(and(eq(campaignLeads.campaignId, campaignId), inArray(campaignLeads.leadId, leadIds), inArray(campaignLeads.state, RUNNING)));
}

export interface SentMark {
  id: string;
  leadId: string;
  sentAt: Date;
  /** When the lead's next step is due; null: that was the last step. */
  nextSendAt: Date | null;
}

/** A whole column as one array parameter, for unnest (values are never spliced into the SQL). */
const arrayLiteral = (xs: (string | number | null)[], type: string) => sql`${sql.param(xs)}::${sql.raw(type)}[]`;

/**
 * The sender's hot path, one statement for a whole group: messages sent, each lead's next step
 * due (or its sequence completed), and a first email makes a new lead "contacted". A lead that left
 * the sequence while its message was on the wire (the campaign stopped, a reply) keeps its state
 * and gets no next step; the send itself is still recorded. Run after lockCampaign.
 */
export async function markSent(db: Tx, campaignId: string, marks: SentMark[]): Promise<void> {
  if (marks.length === 0) return;
  const ids = arrayLiteral(
    marks.map((m) => m.id),
    "uuid",
  );
  const leadIds = arrayLiteral(
    marks.map((m) => m.leadId),
    "uuid",
  );
  const at = arrayLiteral(
    marks.map((m) => m.sentAt.toISOString()),
    "timestamptz",
  );
  const next = arrayLiteral(
    marks.map((m) => m.nextSendAt?.toISOString() ?? null),
    "timestamptz",
  );
  await db.execute(sql`
    with v as (select * from unnest(${ids}, ${leadIds}, ${at}, ${next}) as v(id, lead_id, sent_at, next_at)),
    msg as (
      update ${campaignMessages} m set status = 'sent', sent_at = v.sent_at, error = null, updated_at = now()
      from v where m.id = v.id and m.status = 'sending' returning m.id),
    member as (
      update ${campaignLeads} cl set
        last_sent_at = v.sent_at,
        next_send_at = case when cl.state in ('queued', 'in_progress') then v.next_at else cl.next_send_at end,
        wait_reason = case when cl.state not in ('queued', 'in_progress') then cl.wait_reason
          when v.next_at is null then null else 'step_delay' end,
        state = case when v.next_at is null and cl.state = 'in_progress' then 'completed' else cl.state end,
        finished_at = case when v.next_at is null and cl.state = 'in_progress' then v.sent_at else cl.finished_at end,
        updated_at = now()
      from v where cl.campaign_id = ${campaignId} and cl.lead_id = v.lead_id returning cl.lead_id)
    update ${leads} l set status = 'contacted', updated_at = now()
    from v where l.id = v.lead_id and l.status = 'new'`);
}

export async function markRetry(db: Tx, id: string, error: string, at: Date): Promise<void> {
  await db
    .update(campaignMessages)
    .set({ status: "queued", error: error.slice(0, 500), scheduledAt: at })
    .where(and(eq(campaignMessages.id, id), eq(campaignMessages.status, "sending")));
}

export async function markFailed(db: Tx, id: string, status: "failed" | "bounced", error: string, sentAt: Date | null): Promise<void> {
  await db
    .update(campaignMessages)
    .set({ status, error: error.slice(0, 500), sentAt })
    .where(eq(campaignMessages.id, id));
}

/** Rows left "sending" longer than the lease: the process died mid-send. They go again (at most these repeat). */
export async function recoverInterrupted(db: Tx, leaseSeconds: number, now = new Date()): Promise<number> {
  const res = await db.execute(sql`
    update ${campaignMessages} set status = 'queued', scheduled_at = ${now.toISOString()},
      error = 'Interrupted while sending (the process stopped); sending again'
    where status = 'sending' and updated_at < ${new Date(now.getTime() - leaseSeconds * 1000).toISOString()}
    returning id`);
  return rowsOf(res).length;
}

/**
 * Renews the lease of a pass's claimed messages that are still "sending" (on the wire, or claimed
 * and waiting for the batch before them), so recoverInterrupted, which any process's tick runs,
 * never takes a live pass's messages for a crash's and queues them again (they would go twice).
 * Rows another transaction holds (a "sent" mark under way) are skipped: they are leaving "sending".
 */
export async function renewLease(db: Tx, ids: string[], now = new Date()): Promise<void> {
  if (ids.length === 0) return;
  const live = db
    .select({ id: campaignMessages.id })
    .from(campaignMessages)
    .where(and(inArray(campaignMessages.id, ids), eq(campaignMessages.status, "sending")))
    .for("update", { skipLocked: true });
  await db.update(campaignMessages).set({ updatedAt: now }).where(inArray(campaignMessages.id, live));
}

/**
 * Retries of a stopped campaign never go, nor retries whose lead was deleted (a crash left them
 * "sending" and recoverInterrupted queued them again): drop them (they were never delivered).
 */
export async function dropStoppedRetries(db: Tx): Promise<void> {
  await db.execute(sql`
    delete from ${campaignMessages} m using ${campaigns} c
    where m.campaign_id = c.id and m.status = 'queued' and (c.status in ('stopped', 'completed') or m.lead_id is null)`);
}

/** Due leads that this pass could not send: say why. */
export async function setWaitReason(db: Tx, campaignId: string, now: Date, reason: WaitReason): Promise<void> {
  await db
    .update(campaignLeads)
    .set({ waitReason: reason })
    .where(
      and(
        eq(campaignLeads.campaignId, campaignId),
        inArray(campaignLeads.state, RUNNING),
        lte(campaignLeads.nextSendAt, now),
        sql`${campaignLeads.waitReason} is distinct from ${reason}`,
      ),
    );
}

/** Active campaigns with leads, none of them still running and nothing left in the outbox. */
export async function completeFinished(db: Tx): Promise<{ id: string; workspace_id: string }[]> {
  const res = await db.execute(sql`
    update ${campaigns} c set status = 'completed', completed_at = now(), updated_at = now()
    where c.status = 'active'
      and exists (select 1 from ${campaignLeads} a where a.campaign_id = c.id)
      and not exists (select 1 from ${campaignLeads} r where r.campaign_id = c.id and r.state in ('queued', 'in_progress'))
      and not exists (select 1 from ${campaignMessages} m where m.campaign_id = c.id and m.status in ('queued', 'sending'))
    returning c.id, c.workspace_id`);
  return rowsOf<{ id: string; workspace_id: string }>(res);
}

export async function attemptsOf(db: Tx, id: string): Promise<number | null> {
  const [row] = await db.select({ attempts: campaignMessages.attempts }).from(campaignMessages).where(eq(campaignMessages.id, id));
  return row?.attempts ?? null;
}

export async function setLeadWaitReason(db: Tx, campaignId: string, leadId: string, reason: WaitReason): Promise<void> {
  await db
    .update(campaignLeads)
    .set({ waitReason: reason })
    .where(and(eq(campaignLeads.campaignId, campaignId), eq(campaignLeads.leadId, leadId), inArray(campaignLeads.state, RUNNING)));
}
