/** The report builder (docs/analytics/reports.md): saved reports, exports and email schedules. */
import type { Feature } from "../../platform/feature.ts";
import { defineReportJobs, type ReportSchedulerHandle, startReportScheduler } from "./reports.jobs.ts";
import { reportsRoutes } from "./reports.routes.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** The ticker that queues due report deliveries (null where jobs do not run inline, and in tests). */
    reportScheduler: ReportSchedulerHandle | null;
  }
}

export const reportsFeature: Feature = {
  name: "reports",
  register(ctx) {
    defineReportJobs(ctx);
    ctx.reportScheduler = null;
  },
  start(ctx) {
    ctx.reportScheduler = startReportScheduler(ctx);
  },
  routes: reportsRoutes,
  close(ctx) {
    ctx.reportScheduler?.stop();
  },
};
