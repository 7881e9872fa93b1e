import type { Feature } from "../../platform/feature.ts";
import { registerCrmActivity } from "./crm-activity.register.ts";
import { crmActivityRoutes } from "./crm-activity.routes.ts";
import { crmRoutes } from "./crm.routes.ts";

/**
 * The CRM: stages, customers and deals (crm.*), tasks, interactions and meetings (crm-activity.*).
 * Sits above replies and compose, whose hooks record replies and one-off sends as interactions.
 */
export const crmFeature: Feature = {
  name: "crm",
  register(ctx) {
    registerCrmActivity(ctx);
  },
  routes(app, ctx) {
    crmRoutes(app, ctx);
    crmActivityRoutes(app, ctx);
  },
};
