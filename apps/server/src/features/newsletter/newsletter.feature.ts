/** The landing page's newsletter sign-up. */
import type { Feature } from "../../platform/feature.ts";
import { newsletterRoutes } from "./newsletter.routes.ts";

export const newsletterFeature: Feature = {
  name: "newsletter",
  routes(app, ctx) {
    newsletterRoutes(app, ctx);
  },
};
