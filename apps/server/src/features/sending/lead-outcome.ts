/**
 * What a reply, bounce, unsubscribe or complaint does to a lead, in the caller's transaction: the
 * campaign membership leaves the sequence (pending outbox rows are dropped), the lead's status
 * follows, and addresses that must never be emailed again go on the suppression list. Locks in the
 * documented order: campaign row, membership, outbox rows, lead.
 */
import type { CampaignLeadState, SuppressionReason } from "@prospector/contracts";
import { addToSuppressionList } from "../suppression/index.ts";
import * as repo from "./lead-outcome.repository.ts";
import { lockCampaign, type Tx } from "./sending.repository.ts";

export type Outcome = "replied" | "bounced" | "unsubscribed" | "complained";

const MEMBER_STATE: Record<Outcome, CampaignLeadState> = {
  replied: "replied",
  bounced: "bounced",
  unsubscribed: "unsubscribed",
  complained: "unsubscribed",
};
const SUPPRESS: Partial<Record<Outcome, SuppressionReason>> = {
  bounced: "bounced",
  unsubscribed: "unsubscribed",
  complained: "complained",
};
/** Lead statuses an outcome may overwrite (a reply never hides an unsubscribe, and so on). */
const LEAD_STATUS: Record<Outcome, { to: string; from: string[] }> = {
  replied: { to: "replied", from: ["new", "contacted"] },
  bounced: { to: "bounced", from: ["new", "contacted", "interested", "not_interested", "replied"] },
  unsubscribed: { to: "unsubscribed", from: ["new", "contacted", "interested", "not_interested", "replied", "bounced"] },
  complained: { to: "unsubscribed", from: ["new", "contacted", "interested", "not_interested", "replied", "bounced"] },
};

export interface OutcomeInput {
  workspaceId: string;
  /** Null for a one-off send from /compose: no sequence to leave. */
  campaignId: string | null;
  leadId: string | null;
  email: string | null;
  outcome: Outcome;
  /** false for a reply when the campaign's stop_on_reply is off. */
  stopSequence: boolean;
  detail?: string;
}

export async function applyOutcome(tx: Tx, o: OutcomeInput): Promise<void> {
  if (o.leadId && o.campaignId && o.stopSequence) {
    // The campaign row before its leads (docs/campaigns.md, "Lock order"): a reply or unsubscribe
    // waits for a stop or a lead deletion on that row instead of meeting it on a lead. The sender's
    // own callers hold it already; taking it again is free.
    await lockCampaign(tx, o.campaignId);
    await repo.leaveSequence(tx, o.campaignId, o.leadId, MEMBER_STATE[o.outcome], new Date());
    await repo.dropQueuedMessages(tx, o.campaignId, o.leadId);
  }
  if (o.leadId) {
    const s = LEAD_STATUS[o.outcome];
    await repo.setLeadStatus(tx, o.workspaceId, o.leadId, s.to, s.from);
  }
  const reason = SUPPRESS[o.outcome];
  if (reason && o.email) {
    await addToSuppressionList(tx, [
      { workspaceId: o.workspaceId, email: o.email, reason, campaignId: o.campaignId, detail: o.detail ?? null },
    ]);
  }
}
