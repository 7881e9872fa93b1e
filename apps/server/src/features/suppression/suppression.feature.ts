/**
 * The suppression list: its HTTP routes, and the answer to campaigns' "campaigns.suppressed" (which
 * of the addresses being added to a campaign are listed), asked inside the adding transaction.
 */
import type { Feature } from "../../platform/feature.ts";
import { suppressionRoutes } from "./suppression.routes.ts";
import { suppressedAmong } from "./suppression.service.ts";

export const suppressionFeature: Feature = {
  name: "suppression",
  register(ctx) {
    ctx.hooks.on("campaigns.suppressed", ({ tx, workspaceId, emails }) => suppressedAmong(tx, workspaceId, emails));
  },
  routes: suppressionRoutes,
};
