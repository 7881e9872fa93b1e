import type { Feature } from "../../platform/feature.ts";

/** The website crawler: a library for scraping and enrichment, with no routes or jobs of its own. */
export const webCrawlerFeature: Feature = { name: "web-crawler" };
