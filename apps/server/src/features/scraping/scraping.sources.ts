/**
 * What each scraping source does inside a job: crawl a website, search Google Places (then crawl
 * each place's website for emails), or ask the LinkedIn data provider. Each hands leads to `save`
 * page by page and checks for cancellation between pages.
 */
import type { GoogleMapsScrape, LinkedInScrape, WebsiteScrape } from "@prospector/contracts";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import type { SafeFetch } from "../../platform/safe-fetch.ts";
import { SafeFetchError } from "../../platform/safe-fetch.ts";
import { type CrawlResult, crawlWebsite } from "../web-crawler/index.ts";
import { crawlToLeads, isPersonLead } from "./crawl-leads.ts";
import { createGooglePlacesClient, type Place, placeToLead } from "./google-places.client.ts";
import { createLinkedInProviderClient, type LinkedInQuery, personToLead } from "./linkedin-provider.client.ts";
import type { ScrapedLead } from "./scraped-lead.ts";

export type SingleSource = "website" | "google_maps" | "linkedin";

export interface SourceRun {
  config: Config;
  fetch: SafeFetch;
  /** Between two fetches of one crawler worker. */
  crawlDelayMs: number;
  /** True once the job was cancelled (or must stop, e.g. the plan's lead limit is reached). */
  shouldStop(): Promise<boolean>;
  /** Share of this source done, 0–1. */
  progress(fraction: number): Promise<void>;
  save(leads: ScrapedLead[], source: SingleSource): Promise<void>;
  note(text: string): void;
}

/** Which sources can run here, and what to set for the others. */
export function sourceStatus(config: Config, source: SingleSource): { configured: boolean; hint: string | null } {
  if (source === "google_maps" && !config.GOOGLE_PLACES_API_KEY) {
    return { configured: false, hint: "Set GOOGLE_PLACES_API_KEY (a Google Places API (New) key) on the server to search Google Maps." };
  }
  if (source === "linkedin" && (!config.LINKEDIN_PROVIDER_API_KEY || !config.LINKEDIN_PROVIDER_BASE_URL)) {
    const missing = [
      !config.LINKEDIN_PROVIDER_API_KEY && "LINKEDIN_PROVIDER_API_KEY",
      !config.LINKEDIN_PROVIDER_BASE_URL && "LINKEDIN_PROVIDER_BASE_URL",
    ]
      .filter(Boolean)
      .join(" and ");
    return {
      configured: false,
      hint: `Set ${missing} on the server to use a LinkedIn data provider (see docs/integrations.md), or import a Sales Navigator CSV export on the leads page.`,
    };
  }
  return { configured: true, hint: null };
}

export async function runWebsite(run: SourceRun, params: z.output<typeof WebsiteScrape>): Promise<void> {
  const crawl = await crawlWebsite({
    url: params.url,
    fetch: run.fetch,
    userAgent: run.config.CRAWL_USER_AGENT,
    maxPages: params.max_pages,
    timeBudgetMs: 180_000,
    delayMs: run.crawlDelayMs,
    isCancelled: () => run.shouldStop(),
    onPage: (done, max) => run.progress(done / max),
  });
  noteCrawl(run, crawl, params.url);
  if (crawl.pages.length === 0 && crawl.disallowed.length === 0 && crawl.failed.length > 0) {
    throw new SafeFetchError("network", `The website did not answer: ${crawl.failed[0]!.error}`);
  }
  await run.save(crawlToLeads(crawl), "website");
  await run.progress(1);
}

function noteCrawl(run: SourceRun, crawl: CrawlResult, url: string) {
  const host = new URL(url).host;
  run.note(`${host}: ${crawl.pages.length} page(s) read`);
  if (crawl.disallowed.length) run.note(`${host}: ${crawl.disallowed.length} page(s) skipped because robots.txt disallows them`);
  if (crawl.failed.length) run.note(`${host}: ${crawl.failed.length} page(s) could not be fetched (${crawl.failed[0]!.error})`);
}

export async function runGoogleMaps(run: SourceRun, params: z.output<typeof GoogleMapsScrape>): Promise<void> {
  const client = createGooglePlacesClient({
    apiKey: run.config.GOOGLE_PLACES_API_KEY as string,
    baseUrl: run.config.GOOGLE_PLACES_BASE_URL,
    fetch: run.fetch,
  });
  let done = 0;
  for await (const places of client.searchText({ query: params.query, location: params.location, limit: params.limit })) {
    for (const place of places) {
      if (await run.shouldStop()) return;
      await run.save(await placeLeads(run, place, params.crawl_websites), "google_maps");
      done++;
      await run.progress(done / params.limit);
    }
    if (await run.shouldStop()) return;
  }
  if (done === 0) run.note(`Google Places found nothing for "${params.query}${params.location ? ` in ${params.location}` : ""}"`);
  await run.progress(1);
}

/** The place is the company lead; its website adds the email, description and any people with emails. */
async function placeLeads(run: SourceRun, place: Place, crawl: boolean): Promise<ScrapedLead[]> {
  const base = placeToLead(place);
  if (!crawl || !place.website) return [base];
  let result: CrawlResult;
  try {
    await run.fetch.assertAllowed(place.website);
    result = await crawlWebsite({
      url: place.website,
      fetch: run.fetch,
      userAgent: run.config.CRAWL_USER_AGENT,
      maxPages: 8,
      maxDepth: 2,
      timeBudgetMs: 30_000,
      delayMs: run.crawlDelayMs,
      isCancelled: () => run.shouldStop(),
    });
  } catch (err) {
    run.note(`${place.name}: website not crawled (${(err as Error).message})`);
    return [base];
  }
  const fromSite = crawlToLeads(result);
  const people = fromSite.filter(isPersonLead).map((l) => ({
    ...l,
    company_name: base.company_name,
    city: base.city ?? l.city,
    country: base.country ?? l.country,
    industry: base.industry,
  }));
  const siteCompany = fromSite.find((l) => !isPersonLead(l));
  const company: ScrapedLead = {
    ...base,
    email: siteCompany?.email ?? null,
    company_insight: siteCompany?.company_insight ?? null,
    linkedin_url: siteCompany?.linkedin_url ?? null,
    phone: base.phone ?? siteCompany?.phone ?? null,
    custom_fields: { ...siteCompany?.custom_fields, ...base.custom_fields },
  };
  return [company, ...people];
}

export async function runLinkedIn(run: SourceRun, params: z.output<typeof LinkedInScrape>): Promise<void> {
  const client = createLinkedInProviderClient({
    apiKey: run.config.LINKEDIN_PROVIDER_API_KEY as string,
    baseUrl: run.config.LINKEDIN_PROVIDER_BASE_URL as string,
    fetch: run.fetch,
  });
  const query: LinkedInQuery = params.search_url
    ? { search_url: params.search_url }
    : params.profile_urls
      ? { profile_urls: params.profile_urls }
      : { company_urls: params.company_urls as string[] };
  // Profiles asked for by URL are all fetched; `limit` bounds searches.
  const limit = params.profile_urls ? params.profile_urls.length : params.limit;
  let seen = 0;
  for await (const people of client.searchPeople({ ...query, limit })) {
    await run.save(people.map(personToLead), "linkedin");
    seen += people.length;
    await run.progress(seen / limit);
    if (await run.shouldStop()) return;
  }
  if (seen === 0) run.note("The LinkedIn data provider returned no people for this request");
  await run.progress(1);
}
