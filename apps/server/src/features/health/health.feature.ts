/**
 * Health and operations (docs/operations.md): GET /api/health; liveness, readiness and Prometheus
 * /metrics; the sampled history of the instance (kept 30 days) behind /system-health/*; the job
 * queues and grouped error reports behind /system-monitor; the failure-mode catalogue behind
 * /system/edge-cases. Each part is a Feature of its own file, composed here in order.
 */
import type { Feature } from "../../platform/feature.ts";
import { healthRoutes } from "./health.routes.ts";
import { metricsPart } from "./metrics.part.ts";
import { monitorPart } from "./monitor.part.ts";

const PARTS: readonly Feature[] = [{ name: "health/check", routes: healthRoutes }, metricsPart, monitorPart];

export const healthFeature: Feature = {
  name: "health",
  async register(ctx) {
    for (const part of PARTS) await part.register?.(ctx);
  },
  async start(ctx) {
    for (const part of PARTS) await part.start?.(ctx);
  },
  async routes(app, ctx) {
    for (const part of PARTS) await part.routes?.(app, ctx);
  },
  async close(ctx) {
    for (const part of [...PARTS].reverse()) await part.close?.(ctx);
  },
};
