/** Drizzle calls for campaign membership: who is in, per-lead progress, and the lead's campaign_id. */
import type { CampaignLeadListQuery, CampaignLeadState } from "@prospector/contracts";
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { leads } from "../leads/index.ts";
import type { Tx } from "./campaigns.repository.ts";
import { campaignEvents, campaignLeads, campaignMessages, campaigns } from "./campaigns.table.ts";

/** States in which a lead may still be emailed by its campaign. */
export const RUNNING_LEAD_STATES: CampaignLeadState[] = ["queued", "in_progress"];

export interface MembershipCandidate {
  id: string;
  email: string | null;
  status: string;
  emailStatus: string;
  /** Another campaign (not this one) in which the lead is still queued or in progress, and not finished. */
  otherCampaign: { id: string; name: string } | null;
  alreadyMember: boolean;
  /** Why the address is on the workspace's suppression list (unsubscribed, bounced, complained, manual). */
  suppressed?: string | null;
}

export async function membershipCandidates(tx: Tx, workspaceId: string, campaignId: string, ids: string[]): Promise<MembershipCandidate[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: leads.id, email: leads.email, status: leads.status, emailStatus: leads.emailStatus })
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), inArray(leads.id, ids)));
  const found = rows.map((r) => r.id);
  const memberships = found.length
    ? await tx
        .select({ leadId: campaignLeads.leadId, campaignId: campaignLeads.campaignId, name: campaigns.name, status: campaigns.status })
        .from(campaignLeads)
        .innerJoin(campaigns, eq(campaigns.id, campaignLeads.campaignId))
        .where(and(inArray(campaignLeads.leadId, found), inArray(campaignLeads.state, RUNNING_LEAD_STATES)))
    : [];
  return rows.map((r) => {
    const mine = memberships.filter((m) => m.leadId === r.id);
    const other = mine.find((m) => m.campaignId !== campaignId && m.status !== "stopped" && m.status !== "completed");
    return {
      ...r,
      otherCampaign: other ? { id: other.campaignId, name: other.name } : null,
      alreadyMember: mine.some((m) => m.campaignId === campaignId),
    };
  });
}

export async function addMembers(
  tx: Tx,
  opts: { workspaceId: string; campaignId: string; leadIds: string[]; nextSendAt: Date | null },
): Promise<string[]> {
  if (opts.leadIds.length === 0) return [];
  const inserted = await tx
    .insert(campaignLeads)
    .values(
      opts.leadIds.map((leadId) => ({ campaignId: opts.campaignId, leadId, workspaceId: opts.workspaceId, nextSendAt: opts.nextSendAt })),
    )
    .onConflictDoNothing()
    .returning({ leadId: campaignLeads.leadId });
  const ids = inserted.map((r) => r.leadId);
  if (ids.length) {
    await tx
      .update(leads)
      .set({ campaignId: opts.campaignId })
      .where(and(eq(leads.workspaceId, opts.workspaceId), inArray(leads.id, ids)));
  }
  return ids;
}

export async function removeMembers(tx: Tx, opts: { workspaceId: string; campaignId: string; leadIds: string[] }): Promise<string[]> {
  if (opts.leadIds.length === 0) return [];
  const removed = await tx
    .delete(campaignLeads)
    .where(
      and(
        eq(campaignLeads.workspaceId, opts.workspaceId),
        eq(campaignLeads.campaignId, opts.campaignId),
        inArray(campaignLeads.leadId, opts.leadIds),
      ),
    )
    .returning({ leadId: campaignLeads.leadId });
  const ids = removed.map((r) => r.leadId);
  if (ids.length) {
    await tx
      .update(leads)
      .set({ campaignId: null })
      .where(and(eq(leads.workspaceId, opts.workspaceId), eq(leads.campaignId, opts.campaignId), inArray(leads.id, ids)));
  }
  return ids;
}

/** Before a campaign is deleted: its leads no longer show it. */
export async function clearLeadCampaign(tx: Tx, workspaceId: string, campaignId: string): Promise<void> {
  await tx
    .update(leads)
    .set({ campaignId: null })
    .where(and(eq(leads.workspaceId, workspaceId), eq(leads.campaignId, campaignId)));
}

/** Leads per state in one campaign. */
export async function stateCounts(tx: Tx, campaignId: string): Promise<Record<CampaignLeadState, number>> {
  const rows = await tx
    .select({ state: campaignLeads.state, n: count() })
    .from(campaignLeads)
    .where(eq(campaignLeads.campaignId, campaignId))
    .groupBy(campaignLeads.state);
  const out = { queued: 0, in_progress: 0, replied: 0, bounced: 0, unsubscribed: 0, completed: 0, stopped: 0 };
  for (const r of rows) out[r.state] = Number(r.n);
  return out;
}

/** When a meeting was marked for the member (campaign_events_totals_idx: campaign, type, lead). */
const meetingOfMember = sql<Date | null>`(select min(e.occurred_at) from ${campaignEvents} e
  where e.campaign_id = ${campaignLeads.campaignId} and e.type = 'meeting' and e.lead_id = ${campaignLeads.leadId})`.mapWith(
  (v: unknown) => (v == null ? null : new Date(v as string)),
);

export async function listMembers(tx: Tx, campaignId: string, q: CampaignLeadListQuery) {
  const where: SQL = and(
    eq(campaignLeads.campaignId, campaignId),
    q.state?.length ? inArray(campaignLeads.state, q.state) : undefined,
  ) as SQL;
  const [rows, [total]] = await Promise.all([
    tx
      .select({ member: campaignLeads, lead: leads, meetingAt: meetingOfMember })
      .from(campaignLeads)
      .innerJoin(leads, eq(leads.id, campaignLeads.leadId))
      .where(where)
      .orderBy(asc(campaignLeads.addedAt), asc(campaignLeads.leadId))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    tx.select({ n: count() }).from(campaignLeads).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** On launch: queued leads without a send time become due at `at`. */
export async function scheduleQueued(tx: Tx, campaignId: string, at: Date): Promise<void> {
  await tx
    .update(campaignLeads)
    .set({ nextSendAt: at, updatedAt: new Date() })
    .where(and(eq(campaignLeads.campaignId, campaignId), eq(campaignLeads.state, "queued"), isNull(campaignLeads.nextSendAt)));
}

/** On stop: every lead still waiting is stopped and no longer due. */
export async function stopRunning(tx: Tx, campaignId: string): Promise<void> {
  const now = new Date();
  await tx
    .update(campaignLeads)
    .set({ state: "stopped", nextSendAt: null, finishedAt: now, updatedAt: now, waitReason: null })
    .where(and(eq(campaignLeads.campaignId, campaignId), inArray(campaignLeads.state, RUNNING_LEAD_STATES)));
}

/** Messages still to send: for each running lead, the steps from its current one to the end. */
export async function remainingMessages(tx: Tx, campaignId: string, stepCount: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(greatest(${stepCount} - ${campaignLeads.currentStep}, 0)), 0)` })
    .from(campaignLeads)
    .where(and(eq(campaignLeads.campaignId, campaignId), inArray(campaignLeads.state, RUNNING_LEAD_STATES)));
  return Number(row?.n ?? 0);
}

/** Custom-field names present on the campaign's leads (template variables that may be used). */
export async function customFieldKeys(tx: Tx, campaignId: string): Promise<string[]> {
  const res = await tx.execute(sql`
    select distinct jsonb_object_keys(l.custom_fields) as key
    from ${campaignLeads} cl join ${leads} l on l.id = cl.lead_id
    where cl.campaign_id = ${campaignId} limit 500`);
  return (res as unknown as { rows: { key: string }[] }).rows.map((r) => r.key);
}

/**
 * Before leads leave the workspace (deleted, or merged away): their cascades remove memberships and
 * clear their outbox rows' lead, so take those rows in the documented order first (docs/campaigns.md,
 * "Lock order"): the campaigns holding them FOR NO KEY UPDATE, ordered by id, then the memberships,
 * ordered. A sending pass, a stop and a reply take the campaign row before the leads too, so they
 * wait for this transaction, or it for them, instead of deadlocking on a lead. Returns the campaigns
 * locked, for dropLeavingRetries.
 */
export async function lockMembershipsOfLeads(tx: Tx, workspaceId: string, leadIds: string[]): Promise<string[]> {
  if (leadIds.length === 0) return [];
  const held = await tx
    .select({ campaignId: campaignLeads.campaignId })
    .from(campaignLeads)
    .where(and(eq(campaignLeads.workspaceId, workspaceId), inArray(campaignLeads.leadId, leadIds)))
    .groupBy(campaignLeads.campaignId);
  const campaignIds = held.map((r) => r.campaignId).sort();
  if (campaignIds.length === 0) return [];
  await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), inArray(campaigns.id, campaignIds)))
    .orderBy(asc(campaigns.id))
    .for("no key update");
  await tx
    .select({ leadId: campaignLeads.leadId })
    .from(campaignLeads)
    .where(and(inArray(campaignLeads.campaignId, campaignIds), inArray(campaignLeads.leadId, leadIds)))
    .orderBy(asc(campaignLeads.campaignId), asc(campaignLeads.leadId))
    .for("update");
  return campaignIds;
}

/**
 * Retries still waiting in the outbox for leads about to be deleted were never delivered: they go
 * with the lead. Without a lead they could never be sent, and the campaign would never complete.
 * After lockMembershipsOfLeads, with the campaigns it returned (no pass is claiming them then).
 */
export async function dropLeavingRetries(tx: Tx, campaignIds: string[], leadIds: string[]): Promise<void> {
  if (campaignIds.length === 0 || leadIds.length === 0) return;
  await tx
    .delete(campaignMessages)
    .where(
      and(
        inArray(campaignMessages.campaignId, campaignIds),
        inArray(campaignMessages.leadId, leadIds),
        eq(campaignMessages.status, "queued"),
      ),
    );
}

/**
 * The lead's membership row, locked (after the campaign row, as everywhere: docs/campaigns.md) so
 * two marks of the same meeting record it once; undefined when the lead is not in the campaign.
 */
export async function lockMember(tx: Tx, campaignId: string, leadId: string): Promise<{ workspaceId: string } | undefined> {
  const [row] = await tx
    .select({ workspaceId: campaignLeads.workspaceId })
    .from(campaignLeads)
    .where(and(eq(campaignLeads.campaignId, campaignId), eq(campaignLeads.leadId, leadId)))
    .for("no key update");
  return row;
}

/** When the meeting with this lead of the campaign was marked, if it was. */
export async function meetingAt(tx: Tx, campaignId: string, leadId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: campaignEvents.occurredAt })
    .from(campaignEvents)
    .where(and(eq(campaignEvents.campaignId, campaignId), eq(campaignEvents.type, "meeting"), eq(campaignEvents.leadId, leadId)))
    .orderBy(asc(campaignEvents.occurredAt))
    .limit(1);
  return row?.at ?? null;
}

/** A meeting event: what the Meetings figure and the daily series count. */
export async function insertMeeting(
  tx: Tx,
  m: { workspaceId: string; campaignId: string; leadId: string; userId: string; at: Date },
): Promise<void> {
  await tx.insert(campaignEvents).values({
    workspaceId: m.workspaceId,
    campaignId: m.campaignId,
    leadId: m.leadId,
    type: "meeting",
    occurredAt: m.at,
    detail: { marked_by: m.userId },
  });
}

/** Un-marks the lead's meeting in the campaign; how many events went. */
export async function deleteMeetings(tx: Tx, campaignId: string, leadId: string): Promise<number> {
  const gone = await tx
    .delete(campaignEvents)
    .where(and(eq(campaignEvents.campaignId, campaignId), eq(campaignEvents.type, "meeting"), eq(campaignEvents.leadId, leadId)))
    .returning({ id: campaignEvents.id });
  return gone.length;
}
