/**
 * Campaign membership: leads join (skipping, with a reason, those that must not be emailed or are
 * already running in another campaign) and leave; the paged per-lead progress list.
 */
import type {
  CampaignLead,
  CampaignLeadList,
  CampaignLeadListQuery,
  CampaignLeadsResult,
  CampaignMeeting,
  CampaignStatus,
} from "@prospector/contracts";
import { transaction } from "../../db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import * as members from "./campaign-leads.repository.ts";
import * as repo from "./campaigns.repository.ts";
import { type Caller, type CampaignCtx, campaignChanged, campaignId, loadCampaign } from "./campaigns.service.ts";

/** A finished campaign's audience is history: it no longer changes. */
const LOCKED: CampaignStatus[] = ["stopped", "completed"];

/** Why a lead cannot join, or null. The sender's suppression list (unsubscribed, bounced, complained) joins these checks. */
export function membershipSkipReason(c: members.MembershipCandidate): string | null {
  if (c.alreadyMember) return "Already in this campaign";
  if (!c.email) return "No email address";
  if (c.emailStatus === "invalid") return "Email address is invalid";
  if (c.status === "unsubscribed") return "Unsubscribed";
  if (c.status === "bounced") return "Email bounced before";
  if (c.suppressed) return `On the suppression list (${c.suppressed})`;
  if (c.otherCampaign) return `Already running in campaign "${c.otherCampaign.name}"`;
  return null;
}

async function lockedCampaign(tx: repo.Tx, caller: Caller, id: string) {
  const campaign = await repo.getCampaign(tx, caller.workspaceId, campaignId(id), { lock: "no key update" });
  if (!campaign) throw new AppError("CAMPAIGN_NOT_FOUND");
  if (LOCKED.includes(campaign.status)) throw new AppError("CAMPAIGN_LEADS_LOCKED");
  return campaign;
}

export async function addLeads(ctx: CampaignCtx, caller: Caller, id: string, leadIds: string[]): Promise<CampaignLeadsResult> {
  const unique = [...new Set(leadIds)];
  const result = await transaction(ctx.db, async (tx) => {
    const campaign = await lockedCampaign(tx, caller, id);
    const found = await members.membershipCandidates(tx, caller.workspaceId, campaign.id, unique);
    // Suppressed addresses are never emailed again: refuse them here with the reason, not only at send time.
    // Suppression sits above campaigns: it answers "campaigns.suppressed" (address → reason).
    const suppressed = new Map<string, string>();
    const emails = found.flatMap((c) => (c.email ? [c.email] : []));
    if (emails.length) {
      if (ctx.hooks.count("campaigns.suppressed") === 0) throw new Error("no suppression list answers campaigns.suppressed");
      for (const listed of await ctx.hooks.run("campaigns.suppressed", { tx, workspaceId: caller.workspaceId, emails })) {
        for (const [email, reason] of listed) if (!suppressed.has(email)) suppressed.set(email, reason);
      }
    }
    const candidates = new Map(found.map((c) => [c.id, { ...c, suppressed: c.email ? (suppressed.get(c.email) ?? null) : null }]));
    const skipped: { id: string; reason: string }[] = [];
    const eligible: string[] = [];
    for (const leadId of unique) {
      const c = candidates.get(leadId);
      const reason = c ? membershipSkipReason(c) : "Lead not found";
      if (reason) skipped.push({ id: leadId, reason });
      else eligible.push(leadId);
    }
    // Joining a running campaign: due at once; the scheduler applies the window and caps.
    const nextSendAt = campaign.status === "active" ? new Date() : null;
    const added = await members.addMembers(tx, { workspaceId: caller.workspaceId, campaignId: campaign.id, leadIds: eligible, nextSendAt });
    if (added.length) {
      await repo.addActivity(tx, {
        workspaceId: caller.workspaceId,
        campaignId: campaign.id,
        kind: "leads_added",
        message: `${added.length} lead${added.length === 1 ? "" : "s"} added`,
        userId: caller.userId,
      });
    }
    const total = (await repo.leadCounts(tx, [campaign.id])).get(campaign.id) ?? 0;
    return { campaign, added, skipped, total };
  });
  if (result.added.length) await campaignChanged(ctx, caller.workspaceId, result.campaign.id, result.campaign.status, "leads");
  return { added: result.added, skipped: result.skipped, total_leads: result.total };
}

export async function removeLeads(ctx: CampaignCtx, caller: Caller, id: string, leadIds: string[]): Promise<CampaignLeadsResult> {
  const unique = [...new Set(leadIds)];
  const result = await transaction(ctx.db, async (tx) => {
    const campaign = await lockedCampaign(tx, caller, id);
    const removed = await members.removeMembers(tx, { workspaceId: caller.workspaceId, campaignId: campaign.id, leadIds: unique });
    if (removed.length) {
      await repo.addActivity(tx, {
        workspaceId: caller.workspaceId,
        campaignId: campaign.id,
        kind: "leads_removed",
        message: `${removed.length} lead${removed.length === 1 ? "" : "s"} removed`,
        userId: caller.userId,
      });
    }
    const total = (await repo.leadCounts(tx, [campaign.id])).get(campaign.id) ?? 0;
    return { campaign, removed, total };
  });
  const gone = new Set(result.removed);
  if (gone.size) await campaignChanged(ctx, caller.workspaceId, result.campaign.id, result.campaign.status, "leads");
  return {
    removed: result.removed,
    skipped: unique.filter((l) => !gone.has(l)).map((l) => ({ id: l, reason: "Not in this campaign" })),
    total_leads: result.total,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function listLeads(ctx: CampaignCtx, workspaceId: string, id: string, q: CampaignLeadListQuery): Promise<CampaignLeadList> {
  const campaign = await loadCampaign(ctx, workspaceId, id);
  const [{ rows, total }, states] = await Promise.all([
    members.listMembers(ctx.db, campaign.id, q),
    members.stateCounts(ctx.db, campaign.id),
  ]);
  const leads: CampaignLead[] = rows.map(({ member, lead, meetingAt }) => ({
    lead_id: lead.id,
    first_name: lead.firstName,
    last_name: lead.lastName,
    email: lead.email,
    company_name: lead.companyName,
    state: member.state,
    current_step: member.currentStep,
    next_send_at: iso(member.nextSendAt),
    last_sent_at: iso(member.lastSentAt),
    wait_reason: member.waitReason,
    added_at: member.addedAt.toISOString(),
    meeting_booked_at: iso(meetingAt),
  }));
  return { leads, total, page: q.page, per_page: q.per_page, total_pages: Math.ceil(total / q.per_page), states };
}

/**
 * A team member marks a meeting booked with a lead of the campaign (from its row or a reply):
 * recorded once per campaign and lead, whatever the campaign's state; a repeated mark answers with
 * the first one. The Meetings figure and the daily series count it; a first mark runs
 * "campaigns.meetingMarked" in its transaction (the CRM records the meeting as an interaction).
 */
export async function markMeeting(ctx: CampaignCtx, caller: Caller, id: string, leadId: string): Promise<CampaignMeeting> {
  const result = await transaction(ctx.db, async (tx) => {
    const campaign = await repo.getCampaign(tx, caller.workspaceId, campaignId(id));
    if (!campaign) throw new AppError("CAMPAIGN_NOT_FOUND");
    if (!isUuid(leadId) || !(await members.lockMember(tx, campaign.id, leadId))) throw new AppError("CAMPAIGN_LEAD_NOT_MEMBER");
    const marked = await members.meetingAt(tx, campaign.id, leadId);
    if (marked) return { campaign, at: marked, added: false };
    const at = new Date();
    await members.insertMeeting(tx, { workspaceId: caller.workspaceId, campaignId: campaign.id, leadId, userId: caller.userId, at });
    await repo.addActivity(tx, {
      workspaceId: caller.workspaceId,
      campaignId: campaign.id,
      kind: "meeting",
      message: "Meeting booked with a lead",
      userId: caller.userId,
      data: { lead_id: leadId },
    });
    await ctx.hooks.run("campaigns.meetingMarked", {
      tx,
      workspaceId: caller.workspaceId,
      campaignId: campaign.id,
      campaignName: campaign.name,
      leadId,
      userId: caller.userId,
      at,
    });
    return { campaign, at, added: true };
  });
  if (result.added) await campaignChanged(ctx, caller.workspaceId, result.campaign.id, result.campaign.status, "updated");
  return { campaign_id: result.campaign.id, lead_id: leadId, meeting_booked_at: result.at.toISOString() };
}

/** Takes a mistaken mark back: the lead no longer counts as a meeting. */
export async function unmarkMeeting(ctx: CampaignCtx, caller: Caller, id: string, leadId: string): Promise<void> {
  const result = await transaction(ctx.db, async (tx) => {
    const campaign = await repo.getCampaign(tx, caller.workspaceId, campaignId(id));
    if (!campaign) throw new AppError("CAMPAIGN_NOT_FOUND");
    if (!isUuid(leadId) || !(await members.lockMember(tx, campaign.id, leadId))) throw new AppError("CAMPAIGN_LEAD_NOT_MEMBER");
    const removed = await members.deleteMeetings(tx, campaign.id, leadId);
    if (removed) {
      await repo.addActivity(tx, {
        workspaceId: caller.workspaceId,
        campaignId: campaign.id,
        kind: "meeting_removed",
        message: "Meeting mark taken back",
        userId: caller.userId,
        data: { lead_id: leadId },
      });
    }
    return { campaign, removed };
  });
  if (result.removed) await campaignChanged(ctx, caller.workspaceId, result.campaign.id, result.campaign.status, "updated");
}
