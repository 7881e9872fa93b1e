import type { Feature } from "../../platform/feature.ts";

/** Automation rules (trigger, conditions, actions) run by the job system, and nurture sequences (docs/automation.md). */
export const automationFeature: Feature = {
  name: "automation",
};
