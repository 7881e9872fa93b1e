/**
 * Booking a meeting from the CRM (a reply, a lead, a deal or a customer): one interaction of type
 * meeting and, when a campaign is known (given, or the campaign the lead joined last), the
 * campaign's meeting mark through campaigns' markMeeting, so its Meetings figure counts it. The
 * mark's transaction records the interaction ("campaigns.meetingMarked", keyed "campaign:lead");
 * the booking then writes its own details (date, subject, notes, deal, customer) onto that one
 * interaction. Booked again, or marked first in the campaign, it is still one meeting and one
 * interaction.
 */
import type { BookedMeeting, BookMeeting } from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { validationError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { markMeeting } from "../campaigns/index.ts";
import { toDate, toInteraction } from "./crm-activity.mapper.ts";
import { meetingRef } from "./crm-activity.recorded.ts";
import * as repo from "./crm-activity.repository.ts";
import { type Caller, checkLinks, getInteraction } from "./crm-activity.service.ts";

type Input = z.output<typeof BookMeeting>;

export async function bookMeeting(ctx: AppContext, caller: Caller, input: Input): Promise<BookedMeeting> {
  const { workspaceId } = caller;
  await checkLinks(ctx.db, workspaceId, input);
  // Complete the links from what is given: a deal knows its customer and lead, a customer its lead.
  const deal = input.deal_id ? await repo.dealLinks(ctx.db, workspaceId, input.deal_id) : undefined;
  const givenCustomer = input.customer_id ?? deal?.customerId ?? null;
  let leadId = input.lead_id ?? deal?.leadId ?? null;
  if (!leadId && givenCustomer) leadId = await repo.customerLead(ctx.db, workspaceId, givenCustomer);
  const ofLead = leadId ? await repo.leadCrmLinks(ctx.db, workspaceId, leadId) : { customerId: null, dealId: null };
  const customerId = givenCustomer ?? ofLead.customerId;
  const dealId = input.deal_id ?? ofLead.dealId;
  if (input.campaign_id && !leadId) {
    throw validationError([{ field: "lead_id", message: "A campaign's meeting is with one of its leads: give the lead" }]);
  }
  const campaignId = input.campaign_id ?? (leadId ? await repo.latestCampaignOfLead(ctx.db, workspaceId, leadId) : null);
  const date = toDate(input.date) as Date;
  const details = {
    occurredAt: date,
    leadId,
    customerId,
    dealId,
    campaignId,
    ...(input.subject ? { subject: input.subject } : {}),
    ...(input.notes ? { notes: input.notes } : {}),
  };

  if (campaignId && leadId) {
    // Not a member of the given campaign: CAMPAIGN_LEAD_NOT_MEMBER (404), nothing written.
    const mark = await markMeeting(ctx, caller, campaignId, leadId);
    const ref = meetingRef(campaignId, leadId);
    const id = await transaction(ctx.db, async (tx) => {
      const existing = await repo.findBySource(tx, workspaceId, "meeting", ref);
      if (existing) return (await repo.updateInteraction(tx, workspaceId, existing.id, details))?.id ?? existing.id;
      // Marked before the CRM recorded meetings: record it now, once.
      const row = await repo.recordInteraction(tx, {
        ...details,
        workspaceId,
        type: "meeting",
        source: "meeting",
        sourceRef: ref,
        subject: input.subject ?? "Meeting booked",
        createdBy: caller.userId,
      });
      return row?.id ?? (await repo.findBySource(tx, workspaceId, "meeting", ref))?.id;
    });
    return { interaction: await getInteraction(ctx, workspaceId, id as string), campaign_meeting: mark };
  }

  const row = await repo.insertInteraction(ctx.db, {
    ...details,
    id: newId(),
    workspaceId,
    type: "meeting",
    source: "meeting",
    sourceRef: `booking:${newId()}`,
    subject: input.subject ?? "Meeting booked",
    createdBy: caller.userId,
  });
  const found = await repo.getInteraction(ctx.db, workspaceId, row.id);
  return { interaction: toInteraction(row, found?.label ?? null), campaign_meeting: null };
}
