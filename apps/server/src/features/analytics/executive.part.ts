/** The analytics feature's executive part (docs/analytics/executive.md): command center, boardroom, team performance, user success. */
import type { Feature } from "../../platform/feature.ts";
import { executiveRoutes } from "./executive.routes.ts";

export const executivePart: Feature = {
  name: "analytics-executive",
  routes: executiveRoutes,
};
