import type { Feature } from "../../platform/feature.ts";
import { createOutboundFetch } from "../../platform/safe-fetch.ts";
import { createMailResolver } from "./email.enricher.ts";
import { defineEnrichmentJobs } from "./enrichment.jobs.ts";
import { enrichmentRoutes } from "./enrichment.routes.ts";

/** Lead enrichment: normalizers, company profiles from the website crawler, email checks, scores; run as jobs. */
export const enrichmentFeature: Feature = {
  name: "enrichment",
  register(ctx) {
    ctx.enricher = {
      fetch: createOutboundFetch(ctx.config),
      mail: createMailResolver(ctx.config.DNS_SERVERS),
      userAgent: ctx.config.CRAWL_USER_AGENT,
      crawlDelayMs: 300,
    };
    defineEnrichmentJobs(ctx);
  },
  routes: enrichmentRoutes,
  close: (ctx) => ctx.enricher.fetch.close(),
};
