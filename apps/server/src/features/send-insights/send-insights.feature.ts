import type { Feature } from "../../platform/feature.ts";
import { defineSnapshotJobs } from "./send-insights.freshness.ts";
import { defineLookupJobs } from "./send-insights.jobs.ts";
import { createMxResolver, type MxResolver } from "./send-insights.providers.ts";
import { sendInsightsRoutes } from "./send-insights.routes.ts";

declare module "../../context.ts" {
  interface AppContext {
    /** MX lookups of lead email domains (DNS_SERVERS when set); a test may point it at a local DNS server. */
    mxResolver: MxResolver;
  }
}

/** Send-time optimizer and provider intelligence from the workspace's own opens, replies and the leads' MX records (docs/send-insights.md). */
export const sendInsightsFeature: Feature = {
  name: "send-insights",
  register(ctx) {
    ctx.mxResolver = createMxResolver(ctx.config.DNS_SERVERS);
    defineLookupJobs(ctx);
    defineSnapshotJobs(ctx);
  },
  routes: sendInsightsRoutes,
};
