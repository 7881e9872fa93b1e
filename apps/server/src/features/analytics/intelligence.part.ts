/**
 * The analytics feature's intelligence part (docs/analytics/intelligence.md): insights (a job that
 * tests period-over-period changes), competitive benchmarks and lead-source intelligence.
 */
import type { Feature } from "../../platform/feature.ts";
import { defineIntelligenceJobs } from "./intelligence.jobs.ts";
import { intelligenceRoutes } from "./intelligence.routes.ts";

export const intelligencePart: Feature = {
  name: "analytics-intelligence",
  register: defineIntelligenceJobs,
  routes: intelligenceRoutes,
};
