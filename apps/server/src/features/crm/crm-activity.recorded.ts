/**
 * Interactions the product records by itself, each once (the unique (workspace, source, source_ref)
 * index, inserted ON CONFLICT DO NOTHING): a person's reply ("replies.received", source reply,
 * keyed by the reply's Message-ID), a one-off send from /compose ("compose.sent", source compose,
 * keyed by the send's row) and a meeting marked in a campaign ("campaigns.meetingMarked", source
 * meeting, keyed "campaign:lead", the key a meeting booked from the CRM with that campaign uses
 * too). Each lands on the lead, the customer converted from it and that customer's latest open deal.
 */
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import type { ComposeSent } from "../compose/index.ts";
import type { ReplyReceived } from "../replies/index.ts";
import type { InteractionRow } from "./crm-activity.mapper.ts";
import * as repo from "./crm-activity.repository.ts";

type Ctx = Pick<AppContext, "db">;

/** The key of a campaign's meeting with a lead: the same whichever side records it first. */
export const meetingRef = (campaignId: string, leadId: string) => `${campaignId}:${leadId}`;

/**
 * Where an event about a lead belongs in the CRM: the lead, its customer and that customer's latest
 * open deal. Mail to or from an address that is no lead's lands on the customer with that address.
 */
export async function linksOfLead(tx: repo.Tx, workspaceId: string, leadId: string | null, email?: string | null) {
  if (leadId) return { leadId, ...(await repo.leadCrmLinks(tx, workspaceId, leadId)) };
  const customerId = email ? await repo.customerByEmail(tx, workspaceId, email) : null;
  return { leadId: null, customerId, dealId: null };
}

export async function recordReply(ctx: Ctx, e: ReplyReceived): Promise<InteractionRow | undefined> {
  const links = await linksOfLead(ctx.db, e.workspaceId, e.leadId, e.from);
  return repo.recordInteraction(ctx.db, {
    workspaceId: e.workspaceId,
    type: "email",
    source: "reply",
    sourceRef: e.replyRef,
    subject: e.subject || `Reply from ${e.from ?? "a lead"}`,
    description: e.snippet || null,
    notes: e.from ? `Reply from ${e.from}` : null,
    occurredAt: e.occurredAt,
    campaignId: e.campaignId,
    ...links,
  });
}

export async function recordComposeSend(ctx: Ctx, e: ComposeSent): Promise<InteractionRow | undefined> {
  const links = await linksOfLead(ctx.db, e.workspaceId, e.leadId, e.to);
  return repo.recordInteraction(ctx.db, {
    workspaceId: e.workspaceId,
    type: "email",
    source: "compose",
    sourceRef: e.messageRowId,
    subject: e.subject,
    description: `One-off email sent to ${e.to} from Compose`,
    occurredAt: e.sentAt,
    createdBy: e.sentBy,
    ...links,
  });
}

/** In the campaigns transaction that first marks the meeting: recorded with it, or not at all. */
export async function recordCampaignMeeting(e: {
  tx: Db;
  workspaceId: string;
  campaignId: string;
  campaignName: string;
  leadId: string;
  userId: string;
  at: Date;
}): Promise<InteractionRow | undefined> {
  const links = await linksOfLead(e.tx, e.workspaceId, e.leadId);
  return repo.recordInteraction(e.tx, {
    workspaceId: e.workspaceId,
    type: "meeting",
    source: "meeting",
    sourceRef: meetingRef(e.campaignId, e.leadId),
    subject: "Meeting booked",
    description: `Meeting booked with a lead of the campaign "${e.campaignName}"`,
    occurredAt: e.at,
    campaignId: e.campaignId,
    createdBy: e.userId,
    ...links,
  });
}
