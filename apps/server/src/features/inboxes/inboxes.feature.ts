/** Sending inboxes: the HTTP routes. Campaigns and compose react to its hooks (inboxes.hooks.ts). */
import type { Feature } from "../../platform/feature.ts";
import { inboxesRoutes } from "./inboxes.routes.ts";

export const inboxesFeature: Feature = {
  name: "inboxes",
  routes: inboxesRoutes,
};
