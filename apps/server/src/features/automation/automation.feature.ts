import type { Feature } from "../../platform/feature.ts";
import { defineAutomationJobs } from "./automation.jobs.ts";
import { automationRoutes } from "./automation.routes.ts";

/**
 * Automation rules (trigger, conditions, actions) run by the job system, and nurture sequences
 * (docs/automation.md). Subscribes to "replies.received", "campaigns.meetingMarked" and "sending.tick".
 */
export const automationFeature: Feature = {
  name: "automation",
  register: defineAutomationJobs,
  routes: automationRoutes,
};
