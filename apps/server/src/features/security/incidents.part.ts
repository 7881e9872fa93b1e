/** Incidents: timeline, assignment and containment actions (docs/security-incidents.md). */
import type { Feature } from "../../platform/feature.ts";
import { incidentsRoutes } from "./incidents.routes.ts";

export const incidentsPart: Feature = {
  name: "security/incidents",
  routes(app, ctx) {
    incidentsRoutes(app, ctx);
  },
};
