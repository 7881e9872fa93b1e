/**
 * The hook replies declares for the features above it (platform/hooks.ts):
 * - "replies.received": after a person's reply to our mail (campaign or one-off send) is stored and
 *   committed. The CRM subscribes to record it as an email interaction. A failing handler is
 *   logged, never undoes the reply's processing.
 */
import type { AppContext } from "../../context.ts";

/** A person's reply, matched to the email it answers. */
export interface ReplyReceived {
  workspaceId: string;
  /** What identifies this reply for good: its Message-ID, or the matched send and its time when it has none. */
  replyRef: string;
  /** The answered email: a campaign's or a one-off send from /compose. */
  answered: "campaign" | "compose";
  leadId: string | null;
  campaignId: string | null;
  /** The sender's address, lower-case. */
  from: string | null;
  subject: string;
  /** The start of the reply's text. */
  snippet: string;
  occurredAt: Date;
}

declare module "../../platform/hooks.ts" {
  interface HookHandlers {
    "replies.received": (e: ReplyReceived) => Promise<void>;
  }
}

/** Tells the subscribers about a stored reply; call it after the transaction commits. */
export async function replyReceived(ctx: Pick<AppContext, "hooks" | "log">, e: ReplyReceived): Promise<void> {
  try {
    await ctx.hooks.run("replies.received", e);
  } catch (err) {
    ctx.log.warn({ err, workspaceId: e.workspaceId }, "replies.received handler failed");
  }
}
