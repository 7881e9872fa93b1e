/**
 * A polite crawler for one company website: robots.txt respected, same site only, bounded depth,
 * pages, time and memory, two fetches at a time with a delay; contact/about/team pages first.
 * Pages are parsed off the event loop (page-parser.ts); scraping's crawl-leads.ts turns the result into
 * leads, enrichment reads a company's profile from it.
 */
import robotsParser from "robots-parser";
import type { SafeFetch } from "../../platform/safe-fetch.ts";
import { SafeFetchError } from "../../platform/safe-fetch.ts";
import { CrawlQueue } from "./crawl-queue.ts";
import { type CompanyFacts, type Person, PRIORITY_PATH, type Socials, siteKey } from "./page-extract.ts";
import { parsePage } from "./page-parser.ts";

export interface CrawlOptions {
  url: string;
  fetch: SafeFetch;
  userAgent: string;
  maxPages?: number;
  maxDepth?: number;
  /** Wall-clock budget for the whole crawl. */
  timeBudgetMs?: number;
  concurrency?: number;
  /** Pause between two fetches of one worker (robots.txt Crawl-delay wins when longer, capped at 10 s). */
  delayMs?: number;
  isCancelled?: () => Promise<boolean> | boolean;
  onPage?: (done: number, max: number) => Promise<void> | void;
}

export interface CrawlResult {
  /** Origin after redirects of the start page. */
  site: string;
  pages: { url: string; status: number }[];
  disallowed: string[];
  failed: { url: string; error: string }[];
  emails: string[];
  phones: string[];
  socials: Socials;
  people: Person[];
  company: CompanyFacts;
  cancelled: boolean;
}

const SKIP_EXT = /\.(pdf|jpe?g|png|gif|svg|webp|zip|gz|mp4|mp3|mov|avi|docx?|xlsx?|pptx?|css|js|json|xml|ico|woff2?|ttf|eot)$/i;
/** Pages waiting to be fetched; at most 100 are ever read, so ten times that is plenty of choice. */
export const MAX_QUEUE = 1000;
/** Remembered URLs (queued, read or refused) and what one crawl keeps, whatever the site holds. */
const MAX_SEEN = 20_000;
const MAX_EMAILS = 500;
const MAX_PEOPLE = 200;
const MAX_LISTED = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function normalizeLink(u: URL): string {
  u.hash = "";
  for (const p of [...u.searchParams.keys()]) if (/^(utm_|fbclid|gclid|ref$|mc_)/i.test(p)) u.searchParams.delete(p);
  return u.href;
}

export async function crawlWebsite(opts: CrawlOptions): Promise<CrawlResult> {
  const maxPages = Math.min(opts.maxPages ?? 20, 100);
  const maxDepth = opts.maxDepth ?? 3;
  const deadline = Date.now() + (opts.timeBudgetMs ?? 120_000);
  const concurrency = opts.concurrency ?? 2;
  const result: CrawlResult = {
    site: "",
    pages: [],
    disallowed: [],
    failed: [],
    emails: [],
    phones: [],
    socials: {},
    people: [],
    company: { name: null, description: null, city: null, country: null },
    cancelled: false,
  };
  const start = new URL(opts.url);
  let site = start.origin;
  let siteHost = siteKey(start.hostname);

  // robots.txt: 4xx means no rules; 5xx or unreachable means "crawl nothing" (RFC 9309 §2.3.1.4).
  let robots = robotsParser(`${site}/robots.txt`, "");
  let delay = opts.delayMs ?? 500;
  try {
    const res = await opts.fetch(`${site}/robots.txt`, { headers: { "user-agent": opts.userAgent }, maxBytes: 512 * 1024 });
    if (res.status >= 500) robots = robotsParser(`${site}/robots.txt`, "User-agent: *\nDisallow: /");
    else if (res.status < 400) robots = robotsParser(`${site}/robots.txt`, res.text());
  } catch (err) {
    if (err instanceof SafeFetchError && err.reason === "blocked_address") throw err;
    robots = robotsParser(`${site}/robots.txt`, "User-agent: *\nDisallow: /");
    result.failed.push({ url: `${site}/robots.txt`, error: (err as Error).message });
  }
  const crawlDelay = robots.getCrawlDelay(opts.userAgent);
  if (crawlDelay) delay = Math.max(delay, Math.min(crawlDelay * 1000, 10_000));

  const seen = new Set<string>();
  const queue = new CrawlQueue(MAX_QUEUE);
  const enqueue = (raw: string, depth: number) => {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      return;
    }
    if (siteKey(u.hostname) !== siteHost || SKIP_EXT.test(u.pathname)) return;
    const href = normalizeLink(u);
    if (seen.has(href) || depth > maxDepth || seen.size >= MAX_SEEN) return;
    seen.add(href);
    if (!robots.isAllowed(href, opts.userAgent)) {
      if (result.disallowed.length < MAX_LISTED) result.disallowed.push(href);
      return;
    }
    queue.push({ url: href, depth, priority: PRIORITY_PATH.test(u.pathname) ? 0 : 1 });
  };
  enqueue(start.href, 0);

  const emails = new Set<string>();
  const phones = new Set<string>();
  const people = new Map<string, Person>();
  let startCompany: CompanyFacts | null = null;
  let fetched = 0;

  // A worker with an empty queue waits while another is still fetching: that page may add links.
  let inFlight = 0;
  let wake: () => void = () => {};
  let woken = new Promise<void>((r) => {
    wake = r;
  });
  const signal = () => {
    wake();
    woken = new Promise<void>((r) => {
      wake = r;
    });
  };
  const worker = async () => {
    while (fetched < maxPages && Date.now() < deadline && !result.cancelled) {
      const item = queue.shift();
      if (!item) {
        if (inFlight === 0) return;
        await woken;
        continue;
      }
      if (await opts.isCancelled?.()) {
        result.cancelled = true;
        signal();
        return;
      }
      fetched++;
      inFlight++;
      try {
        const res = await opts.fetch(item.url, {
          headers: { "user-agent": opts.userAgent, accept: "text/html,application/xhtml+xml" },
          timeoutMs: Math.max(1000, Math.min(15_000, deadline - Date.now())),
        });
        result.pages.push({ url: item.url, status: res.status });
        const finalUrl = new URL(res.url);
        if (item.depth === 0 && result.pages.length === 1) {
          // http→https or apex→www redirects move the site; follow the move once.
          site = finalUrl.origin;
          siteHost = siteKey(finalUrl.hostname);
        }
        const type = res.headers["content-type"] ?? "";
        if (res.status < 400 && (type.includes("html") || type === "") && siteKey(finalUrl.hostname) === siteHost) {
          const page = await parsePage(res.text(), res.url);
          for (const e of page.emails) if (emails.size < MAX_EMAILS) emails.add(e);
          for (const p of page.phones) if (phones.size < MAX_LISTED) phones.add(p);
          for (const [k, v] of Object.entries(page.socials)) result.socials[k as keyof Socials] ??= v;
          for (const p of page.people) {
            const key = `${p.first_name} ${p.last_name}`.toLowerCase();
            const prev = people.get(key);
            if (!prev && people.size >= MAX_PEOPLE) continue;
            people.set(
              key,
              prev
                ? { ...prev, title: prev.title ?? p.title, email: prev.email ?? p.email, linkedin_url: prev.linkedin_url ?? p.linkedin_url }
                : p,
            );
          }
          if (item.depth === 0) startCompany = page.company;
          for (const k of ["name", "description", "city", "country"] as const) result.company[k] ??= page.company[k];
          for (const link of page.links) enqueue(link, item.depth + 1);
        }
      } catch (err) {
        if (result.failed.length < MAX_LISTED) result.failed.push({ url: item.url, error: (err as Error).message });
      }
      inFlight--;
      signal();
      await opts.onPage?.(result.pages.length + result.failed.length, maxPages);
      if (queue.size && fetched < maxPages) await sleep(delay);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));

  const sc = startCompany as CompanyFacts | null;
  result.site = site;
  result.company = {
    name: sc?.name ?? result.company.name,
    description: sc?.description ?? result.company.description,
    city: sc?.city ?? result.company.city,
    country: sc?.country ?? result.company.country,
  };
  result.emails = [...emails];
  result.phones = [...phones];
  result.people = [...people.values()];
  return result;
}
