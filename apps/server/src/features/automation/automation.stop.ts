/** What the engine and nurture sequences share: the context they use and stopping a lead in a campaign. */
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import { lockCampaign } from "../sending/index.ts";
import * as repo from "./automation.repository.ts";

export type AutomationCtx = Pick<AppContext, "db" | "jobs" | "realtime" | "log" | "hooks" | "campaignCache">;

/** Stops the lead's sequence in the campaign (campaign row locked first, the documented order). */
export async function stopInCampaign(ctx: Pick<AppContext, "db">, campaignId: string, leadId: string): Promise<boolean> {
  return transaction(ctx.db, async (tx) => {
    await lockCampaign(tx as never, campaignId);
    return repo.stopMember(tx, campaignId, leadId, new Date());
  });
}
