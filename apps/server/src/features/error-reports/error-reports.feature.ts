/** Client error reports: the web app's error tracker posts them; instance administrators list them. */
import type { Feature } from "../../platform/feature.ts";
import { errorReportsRoutes } from "./error-reports.routes.ts";

export const errorReportsFeature: Feature = {
  name: "error-reports",
  routes(app, ctx) {
    errorReportsRoutes(app, ctx);
  },
};
