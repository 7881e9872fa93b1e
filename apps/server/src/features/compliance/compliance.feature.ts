/**
 * Compliance (docs/compliance.md): GDPR data-subject export and erasure, consent and suppression
 * overview, retention rules run by a job, the CAN-SPAM footer and postal address, audit export.
 */
import type { Feature } from "../../platform/feature.ts";
import { complianceRoutes } from "./compliance.routes.ts";

export const complianceFeature: Feature = {
  name: "compliance",
  routes(app, ctx) {
    complianceRoutes(app, ctx);
  },
};
