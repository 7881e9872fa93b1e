import type { Feature } from "../../platform/feature.ts";
import { crmRoutes } from "./crm.routes.ts";
import { seedDefaultStages } from "./crm.stages.ts";
import { registerCrmActivity } from "./crm-activity.register.ts";
import { crmActivityRoutes } from "./crm-activity.routes.ts";

/**
 * The CRM: stages, customers and deals (crm.*), tasks, interactions and meetings (crm-activity.*).
 * Sits above replies and compose, whose hooks record replies and one-off sends as interactions.
 */
export const crmFeature: Feature = {
  name: "crm",
  register(ctx) {
    // A new workspace has its pipeline at once, in the transaction that creates it.
    ctx.hooks.on("organizations.created", ({ tx, workspaceId }) => seedDefaultStages(tx, workspaceId));
    registerCrmActivity(ctx);
  },
  routes(app, ctx) {
    crmRoutes(app, ctx);
    crmActivityRoutes(app, ctx);
  },
};
