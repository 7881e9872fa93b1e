/**
 * The website crawler, a library for the features that read company sites (scraping turns a crawl
 * into leads, enrichment into a company profile): the crawl, what a page yields, and the name
 * particles every name clean-up shares.
 */
export { NAME_PARTICLES } from "./name-particles.ts";
export { type CompanyFacts, type Person, type Socials, siteKey } from "./page-extract.ts";
export { looksLikeTitle, splitPersonName } from "./people-extract.ts";
export { type CrawlOptions, type CrawlResult, crawlWebsite } from "./website-crawler.ts";
