/**
 * The sender's row locks and marks for features above it that write in the same lock order
 * (docs/campaigns.md, "Lock order"): one-off sends lock their inboxes as a pass does, replies take
 * the campaign row before a hard bounce's outbox row.
 */
import type { CampaignStatus } from "@prospector/contracts";
import * as repo from "./sending.repository.ts";

export type { Tx } from "./sending.repository.ts";

/** The campaign row FOR SHARE; its status, or null when it is gone. */
export function lockCampaign(tx: repo.Tx, campaignId: string): Promise<CampaignStatus | null> {
  return repo.lockCampaign(tx, campaignId);
}

/** Locks the inboxes (ordered, so two senders never deadlock) for the caps arithmetic. */
export function lockInboxes(tx: repo.Tx, workspaceId: string, ids: string[]) {
  return repo.lockInboxes(tx, workspaceId, ids);
}

export function setInboxLastSent(tx: repo.Tx, id: string, at: Date): Promise<void> {
  return repo.setInboxLastSent(tx, id, at);
}
