/**
 * The hook the CRM declares for the features above it (platform/hooks.ts):
 * - "crm.dealsChanged": after a deal or stage write has committed (create, update, move, delete,
 *   a conversion, a stage change). The pipeline feature subscribes to mark the workspace's
 *   forecasts stale. A failing handler is logged, never undoes the write.
 */
import type { AppContext } from "../../context.ts";

declare module "../../platform/hooks.ts" {
  interface HookHandlers {
    "crm.dealsChanged": (e: { workspaceId: string }) => Promise<void>;
  }
}

export type DealsChangedCtx = Pick<AppContext, "hooks" | "log">;

/** Tells the subscribers that the workspace's deals changed; call it after the transaction commits. */
export async function dealsChanged(ctx: DealsChangedCtx, workspaceId: string): Promise<void> {
  try {
    await ctx.hooks.run("crm.dealsChanged", { workspaceId });
  } catch (err) {
    ctx.log.warn({ err, workspaceId }, "crm.dealsChanged handler failed");
  }
}
