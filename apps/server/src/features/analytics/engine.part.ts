/** The analytics feature's engine part (docs/analytics.md "The engine"): the refresh job, its schedule and the routes. */
import type { Feature } from "../../platform/feature.ts";
import { type AnalyticsSchedule, defineAnalyticsJobs, startAnalyticsSchedule } from "./analytics.jobs.ts";
import { engineRoutes } from "./engine.routes.ts";

const schedules = new WeakMap<object, AnalyticsSchedule>();

export const enginePart: Feature = {
  name: "analytics-engine",
  register(ctx) {
    defineAnalyticsJobs(ctx);
  },
  start(ctx) {
    const schedule = startAnalyticsSchedule(ctx);
    if (schedule) schedules.set(ctx, schedule);
  },
  routes(app, ctx) {
    engineRoutes(app, ctx);
  },
  close(ctx) {
    schedules.get(ctx)?.stop();
    schedules.delete(ctx);
  },
};
