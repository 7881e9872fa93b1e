import type { Feature } from "../../platform/feature.ts";
import { subscribeDataExportsHooks } from "./data-exports.hooks.ts";
import { type DataSchedule, defineDataJobs, startDataSchedule } from "./data-exports.jobs.ts";
import { dataExportsRoutes } from "./data-exports.routes.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** The ticker of scheduled exports and backups (null where jobs do not run inline). */
    dataSchedule: DataSchedule | null;
  }
}

/** Data exports, scheduled exports and workspace backups (the top layer: they read every feature's rows). */
export const dataExportsFeature: Feature = {
  name: "data-exports",
  register(ctx) {
    defineDataJobs(ctx);
    subscribeDataExportsHooks(ctx);
    ctx.dataSchedule = null;
  },
  start(ctx) {
    ctx.dataSchedule = startDataSchedule(ctx);
  },
  routes: dataExportsRoutes,
  close(ctx) {
    ctx.dataSchedule?.stop();
  },
};
