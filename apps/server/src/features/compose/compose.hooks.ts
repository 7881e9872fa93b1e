/**
 * The hook compose declares for the features above it (platform/hooks.ts):
 * - "compose.sent": after a one-off send from /compose was delivered (SMTP accepted it, or the
 *   local mailbox took it). The CRM subscribes to record it as an email interaction. A failing
 *   handler is logged, never fails the send.
 */
import type { AppContext } from "../../context.ts";

export interface ComposeSent {
  workspaceId: string;
  /** The compose_messages row. */
  messageRowId: string;
  leadId: string | null;
  sentBy: string | null;
  /** The recipient's address, lower-case. */
  to: string;
  subject: string;
  sentAt: Date;
}

declare module "../../platform/hooks.ts" {
  interface HookHandlers {
    "compose.sent": (e: ComposeSent) => Promise<void>;
  }
}

/** Tells the subscribers about a delivered one-off send; call it once its row says so. */
export async function composeSent(ctx: Pick<AppContext, "hooks" | "log">, e: ComposeSent): Promise<void> {
  try {
    await ctx.hooks.run("compose.sent", e);
  } catch (err) {
    ctx.log.warn({ err, workspaceId: e.workspaceId }, "compose.sent handler failed");
  }
}
