/**
 * Events of sent messages: written in the caller's transaction (insertEvent) or in one of their own
 * (recordEvent), then pushed to the team socket as `campaign.event` once committed. Hard bounces,
 * opens, clicks, replies and unsubscribes all take this path.
 */
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { retryTransaction } from "../../db/retry.ts";
import * as repo from "./message-events.repository.ts";
import type { NewEvent } from "./message-events.types.ts";

export type { EventMessage, NewEvent } from "./message-events.types.ts";

/** Call inside a transaction: the rows the event points at stay locked until it commits. Returns when it occurred. */
export function insertEvent(tx: repo.Tx, e: NewEvent): Promise<Date> {
  return repo.insertEvent(tx, e);
}

/** After the event is committed: tell the workspace's browsers. */
export async function pushEvent(ctx: Pick<AppContext, "realtime" | "log">, e: NewEvent, occurredAt: Date): Promise<void> {
  await ctx.realtime
    .toWorkspace(e.message.workspaceId, "campaign.event", {
      workspace_id: e.message.workspaceId,
      campaign_id: e.message.campaignId,
      lead_id: e.message.leadId,
      message_id: e.message.id,
      type: e.type,
      is_bot: e.isBot ?? false,
      step: e.message.step,
      variant: e.message.variant,
      occurred_at: occurredAt.toISOString(),
    })
    .catch((err) => ctx.log.warn({ err }, "campaign.event not published"));
}

export async function recordEvent(ctx: Pick<AppContext, "db" | "realtime" | "log">, e: NewEvent): Promise<void> {
  // In the documented lock order (see the repository's lockReferences); a deadlock (40P01) against
  // a writer outside it still runs again, as a second line.
  const at = await retryTransaction(() => transaction(ctx.db, (tx) => repo.insertEvent(tx, e)));
  await pushEvent(ctx, e, at);
}
