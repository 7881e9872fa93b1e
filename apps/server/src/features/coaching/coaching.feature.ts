import type { Feature } from "../../platform/feature.ts";
import { coachingRoutes } from "./coaching.routes.ts";

/** Email coaching: scores a draft before sending, with concrete advice (docs/email-coaching.md). */
export const coachingFeature: Feature = {
  name: "coaching",
  routes: coachingRoutes,
};
