/** The configuration scan: checks with a score and each fix (docs/security-incidents.md). */
import type { Feature } from "../../platform/feature.ts";
import { scanRoutes } from "./scan.routes.ts";

export const scanPart: Feature = {
  name: "security/scan",
  routes(app, ctx) {
    scanRoutes(app, ctx);
  },
};
