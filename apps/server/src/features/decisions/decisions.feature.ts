/** The team decision log (docs/team-decisions.md): question, options, votes, outcome, linked records. */
import type { Feature } from "../../platform/feature.ts";
import { decisionsRoutes } from "./decisions.routes.ts";

export const decisionsFeature: Feature = {
  name: "decisions",
  routes(app, ctx) {
    decisionsRoutes(app, ctx);
  },
};
