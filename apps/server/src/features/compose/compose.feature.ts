/**
 * One-off sends from /compose. Register builds the pooled transports (on ctx, closed with the
 * app), fails one-off sends a crash left "sending" on each sender tick, and names compose's
 * outbox to the features below that count mail: inboxes (daily limits, bounce window) and
 * campaigns (the monthly email count).
 */
import { secretBoxFor } from "../../platform/crypto.ts";
import type { Feature } from "../../platform/feature.ts";
import { createTransports } from "../sending/index.ts";
import { composeRoutes } from "./compose.routes.ts";
import { emailsSentSince, failInterruptedSends } from "./compose.service.ts";
import { composeMessages } from "./compose.table.ts";

export const composeFeature: Feature = {
  name: "compose",
  register(ctx) {
    // Its own pooled transports (one per SMTP inbox, rebuilt when an inbox changes).
    ctx.composeTransports = createTransports({ db: ctx.db, box: secretBoxFor(ctx.config), guard: ctx.mailGuard });
    ctx.hooks.on("inboxes.sentMessages", () => composeMessages);
    ctx.hooks.on("campaigns.emailsSent", ({ db, organizationId, since }) => emailsSentSince({ db }, organizationId, since));
    ctx.hooks.on("sending.tick", async ({ now }) => {
      await failInterruptedSends(ctx, ctx.config.SEND_LEASE_SECONDS, now);
    });
  },
  routes: composeRoutes,
  close(ctx) {
    ctx.composeTransports.close();
  },
};
