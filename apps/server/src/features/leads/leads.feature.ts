import type { Feature } from "../../platform/feature.ts";
import { defineLeadJobs } from "./leads.jobs.ts";
import { leadsRoutes } from "./leads.routes.ts";

/**
 * Leads: CRUD, bulk actions, import, export, duplicates and quality. Declares the hooks
 * "leads.knownCampaigns" and "leads.removing" (leads.hooks.ts) for the features above it.
 */
export const leadsFeature: Feature = {
  name: "leads",
  register: defineLeadJobs,
  routes: leadsRoutes,
};
