import type { Feature } from "../../platform/feature.ts";
import { defineBulkJobs, sweep } from "./bulk-operations.jobs.ts";
import { bulkOperationsRoutes } from "./bulk-operations.routes.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** The sweep that takes up operations a crash left behind (null where jobs do not run inline). */
    bulkSweep: ReturnType<typeof setInterval> | null;
  }
}

const SWEEP_MS = 60_000;

/** Bulk actions over leads and campaigns as jobs with progress and an undo window (docs/bulk-operations.md). */
export const bulkOperationsFeature: Feature = {
  name: "bulk-operations",
  register(ctx) {
    defineBulkJobs(ctx);
    ctx.bulkSweep = null;
  },
  start(ctx) {
    if (ctx.config.JOBS !== "inline") return;
    const run = () => sweep(ctx).catch((err) => ctx.log.warn({ err }, "bulk-operations sweep failed"));
    ctx.bulkSweep = setInterval(run, SWEEP_MS);
    ctx.bulkSweep.unref();
    void run();
  },
  routes: bulkOperationsRoutes,
  close(ctx) {
    if (ctx.bulkSweep) clearInterval(ctx.bulkSweep);
    ctx.bulkSweep = null;
  },
};
