/**
 * Scraping-job contracts (outreach-core §3, §7): what each source accepts, the job the API returns
 * and the list query. Jobs run in the background and report progress over the team socket.
 */
import { z } from "zod";

export const ScrapingSource = z.enum(["website", "google_maps", "linkedin", "multi_source"]);
export type ScrapingSource = z.infer<typeof ScrapingSource>;

/** Shared by scraping and enrichment jobs. */
export const JobStatus = z.enum(["queued", "running", "completed", "failed", "cancelled"]);
export type JobStatus = z.infer<typeof JobStatus>;

/** Accepts "example.com" or a full http(s) address; stores it with its scheme. */
const HttpUrl = z.url({ protocol: /^https?$/, error: "Enter a valid http(s) web address" });
const WebUrl = z
  .string()
  .trim()
  .min(1, "Enter a web address")
  .max(2048, "At most 2048 characters")
  .transform((s) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`))
  .pipe(HttpUrl);

export const MAX_CRAWL_PAGES = 100;

export const WebsiteScrape = z.object({
  url: WebUrl,
  /** Pages fetched at most (default 20, cap 100). */
  max_pages: z.coerce.number().int().min(1).max(MAX_CRAWL_PAGES, `At most ${MAX_CRAWL_PAGES} pages`).default(20),
});
export type WebsiteScrape = z.input<typeof WebsiteScrape>;

/** Google Places Text Search returns at most 60 places for one query (3 pages of 20). */
export const GoogleMapsScrape = z.object({
  query: z.string().trim().min(1, "Enter what to search for, e.g. dentists").max(300),
  location: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(60, "Google returns at most 60 places per search").default(20),
  /** Crawl each place's website for emails (default true). */
  crawl_websites: z.boolean().default(true),
});
export type GoogleMapsScrape = z.input<typeof GoogleMapsScrape>;

const LinkedInUrl = z
  .string()
  .trim()
  .url("Enter a LinkedIn URL")
  .refine((s) => /^https?:\/\/([a-z0-9-]+\.)?linkedin\.com\//i.test(s), "Must be a linkedin.com URL");

const LinkedInFields = z.object({
  search_url: LinkedInUrl.optional(),
  profile_urls: z.array(LinkedInUrl).min(1).max(500).optional(),
  company_urls: z.array(LinkedInUrl).min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(25),
});
const oneLinkedInInput = (b: { search_url?: string; profile_urls?: string[]; company_urls?: string[] }) =>
  [b.search_url, b.profile_urls, b.company_urls].filter(Boolean).length === 1;
const oneLinkedInIssue = { message: "Give exactly one of search_url, profile_urls or company_urls", path: ["search_url"] };

export const LinkedInScrape = LinkedInFields.refine(oneLinkedInInput, oneLinkedInIssue);
export type LinkedInScrape = z.input<typeof LinkedInScrape>;

export const SourceRequest = z.discriminatedUnion("source", [
  WebsiteScrape.extend({ source: z.literal("website") }),
  GoogleMapsScrape.extend({ source: z.literal("google_maps") }),
  LinkedInFields.extend({ source: z.literal("linkedin") }).refine(oneLinkedInInput, oneLinkedInIssue),
]);

export const MultiSourceScrape = z.object({
  sources: z.array(SourceRequest).min(1, "Add at least one source").max(5, "At most 5 sources per job"),
});
export type MultiSourceScrape = z.input<typeof MultiSourceScrape>;

/** POST /api/leads/scraping-jobs/: the generic form of the four /scrape/* routes. */
export const ScrapingJobCreate = z.discriminatedUnion("source", [
  z.object({ source: z.literal("website"), parameters: WebsiteScrape }),
  z.object({ source: z.literal("google_maps"), parameters: GoogleMapsScrape }),
  z.object({ source: z.literal("linkedin"), parameters: LinkedInScrape }),
  z.object({ source: z.literal("multi_source"), parameters: MultiSourceScrape }),
]);
export type ScrapingJobCreate = z.input<typeof ScrapingJobCreate>;

export const ScrapingCounts = z.object({
  /** Leads found before duplicate checks. */
  found: z.number(),
  created: z.number(),
  duplicates_skipped: z.number(),
  /** Leads or pages that could not be saved or fetched. */
  failed: z.number(),
});
export type ScrapingCounts = z.infer<typeof ScrapingCounts>;

export const ScrapingJob = z.object({
  id: z.string(),
  source: ScrapingSource,
  parameters: z.record(z.string(), z.unknown()),
  status: JobStatus,
  /** 0–100. */
  progress: z.number(),
  counts: ScrapingCounts,
  error: z.string().nullable(),
  /** What happened along the way: pages refused by robots.txt, a site that did not answer… (at most 50). */
  notes: z.array(z.string()),
  /** Ids of the leads this job created (at most 1000). */
  result_lead_ids: z.array(z.string()),
  created_by: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  updated_at: z.string(),
});
export type ScrapingJob = z.infer<typeof ScrapingJob>;

export const JobListQuery = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: JobStatus.optional(),
});
export type JobListQuery = z.infer<typeof JobListQuery>;

/** Which sources this server can run, so the UI can explain what to configure. */
export const ScrapingSourceStatus = z.object({
  source: z.enum(["website", "google_maps", "linkedin"]),
  configured: z.boolean(),
  /** What to set when not configured. */
  hint: z.string().nullable(),
});
export type ScrapingSourceStatus = z.infer<typeof ScrapingSourceStatus>;

/** Socket event `scraping_job.progress`. */
export const ScrapingJobProgress = ScrapingJob.pick({ id: true, status: true, progress: true, counts: true, error: true });
export type ScrapingJobProgress = z.infer<typeof ScrapingJobProgress>;
