/**
 * The hooks leads declares for the features above it (ARCHITECTURE.md, "Layers"): leads knows
 * nothing of campaigns, but a lead may name one (campaign_id) and be a member of some, so a lead's
 * deletion or merge asks the features holding what refers to leads to lock it first and to clean
 * up once it is known which leads go.
 */
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";

declare module "../../platform/hooks.ts" {
  interface HookHandlers {
    /**
     * Which of these ids are campaigns of the workspace (a lead may point only at one of those).
     * Every handler answers for the ids it knows; an id no handler knows is refused.
     */
    "leads.knownCampaigns": (e: { tx: Db; workspaceId: string; ids: string[] }) => Promise<string[]>;
    /**
     * In the transaction of a delete or a merge, before the leads themselves are locked: a handler
     * locks what refers to these leads, in the documented lock order (docs/campaigns.md, "Lock
     * order": campaigns and memberships before leads), and returns what to do, still in that
     * transaction, right before the leads of `goingIds` (a subset) are deleted.
     */
    "leads.removing": (e: { tx: Db; workspaceId: string; leadIds: string[] }) => Promise<(goingIds: string[]) => Promise<void>>;
  }
}

type Ctx = Pick<AppContext, "hooks">;

/** The ids among `ids` that name a campaign of the workspace. */
export async function knownCampaigns(ctx: Ctx, tx: Db, workspaceId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const answers = await ctx.hooks.run("leads.knownCampaigns", { tx, workspaceId, ids });
  return new Set(answers.flat());
}

/** Locks what refers to these leads (before the leads); the returned function runs right before the deletion. */
export async function beforeRemoving(
  ctx: Ctx,
  tx: Db,
  workspaceId: string,
  leadIds: string[],
): Promise<(goingIds: string[]) => Promise<void>> {
  const then = await ctx.hooks.run("leads.removing", { tx, workspaceId, leadIds });
  return async (goingIds) => {
    for (const fn of then) await fn(goingIds);
  };
}
