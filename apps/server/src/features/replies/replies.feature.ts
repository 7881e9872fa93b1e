/**
 * Replies: IMAP polling of the inboxes, on the sender's tick ("sending.tick") in every process that
 * runs jobs. A round runs beside the sending loop, never holding it up; close waits for the round
 * in progress and starts no other.
 */
import type { AppContext } from "../../context.ts";
import { secretBoxFor } from "../../platform/crypto.ts";
import type { Feature } from "../../platform/feature.ts";
import { pollDueInboxes } from "./replies.poller.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** The IMAP polling round in progress, and whether replies has closed. */
    replyPolling: { polling: Promise<unknown> | null; closed: boolean };
  }
}

export const repliesFeature: Feature = {
  name: "replies",
  register(ctx) {
    const box = secretBoxFor(ctx.config);
    const state: AppContext["replyPolling"] = { polling: null, closed: false };
    ctx.replyPolling = state;
    ctx.hooks.on("sending.tick", async () => {
      if (state.polling || state.closed) return;
      // IMAP can be slow: it runs beside the sending loop, never holding it up.
      state.polling = pollDueInboxes(ctx, box)
        .catch((err) => ctx.log.error({ err }, "imap polling failed"))
        .finally(() => {
          state.polling = null;
        });
    });
  },
  async close(ctx) {
    const state = ctx.replyPolling;
    state.closed = true;
    await state.polling;
  },
};
