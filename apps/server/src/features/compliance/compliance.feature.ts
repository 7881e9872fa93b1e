/**
 * Compliance (docs/compliance.md): GDPR data-subject export and erasure, consent and suppression
 * overview, retention rules run by a job, the CAN-SPAM footer and postal address, audit export.
 */
import type { Feature } from "../../platform/feature.ts";
import { defineComplianceJobs, type RetentionSchedule, startRetentionSchedule } from "./compliance.jobs.ts";
import { complianceRoutes } from "./compliance.routes.ts";
import { campaignFooter } from "./settings.service.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** The daily retention ticker (null where jobs do not run inline). */
    retentionSchedule: RetentionSchedule | null;
  }
}

export const complianceFeature: Feature = {
  name: "compliance",
  register(ctx) {
    defineComplianceJobs(ctx);
    ctx.retentionSchedule = null;
    // Every campaign email carries the workspace's footer and postal address.
    ctx.hooks.on("sending.footer", ({ workspaceId }) => campaignFooter(ctx, workspaceId));
  },
  start(ctx) {
    ctx.retentionSchedule = startRetentionSchedule(ctx);
  },
  routes(app, ctx) {
    complianceRoutes(app, ctx);
  },
  close(ctx) {
    ctx.retentionSchedule?.stop();
  },
};
