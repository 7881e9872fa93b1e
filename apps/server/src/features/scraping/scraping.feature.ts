import type { Feature } from "../../platform/feature.ts";
import { createOutboundFetch } from "../../platform/safe-fetch.ts";
import { defineScrapingJobs } from "./scraping.jobs.ts";
import { scrapingRoutes } from "./scraping.routes.ts";

/** Lead scraping: company websites (the web-crawler feature), Google Places and a LinkedIn data provider; run as jobs. */
export const scrapingFeature: Feature = {
  name: "scraping",
  register(ctx) {
    ctx.scraper = { fetch: createOutboundFetch(ctx.config), crawlDelayMs: 500 };
    defineScrapingJobs(ctx);
  },
  routes: scrapingRoutes,
  close: (ctx) => ctx.scraper.fetch.close(),
};
