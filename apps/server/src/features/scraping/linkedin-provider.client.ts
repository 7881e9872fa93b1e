/**
 * Client for a LinkedIn people/company data provider (the REST contract in docs/integrations.md):
 * `POST {base}/v1/people/search` with a Bearer key, paged with `cursor`/`next_cursor`. We never
 * scrape linkedin.com itself; a provider that has the data (and the right to sell it) answers.
 */
import type { SafeFetch } from "../../platform/safe-fetch.ts";
import { callProvider, ProviderError } from "./provider-http.ts";
import type { ScrapedLead } from "./scraped-lead.ts";

export interface ProviderPerson {
  first_name?: string | null;
  last_name?: string | null;
  full_name?: string | null;
  title?: string | null;
  company?: string | null;
  company_domain?: string | null;
  company_linkedin_url?: string | null;
  linkedin_url?: string | null;
  email?: string | null;
  phone?: string | null;
  location?: string | null;
  city?: string | null;
  country?: string | null;
  industry?: string | null;
}

interface SearchResponse {
  people?: ProviderPerson[];
  next_cursor?: string | null;
}

export type LinkedInQuery = { search_url: string } | { profile_urls: string[] } | { company_urls: string[] };

export interface LinkedInProviderClient {
  /** Yields one page of people at a time so the caller can stop (cancel) between pages. */
  searchPeople(query: LinkedInQuery & { limit: number }): AsyncGenerator<ProviderPerson[]>;
}

export const LINKEDIN_PAGE_SIZE = 100;

export function createLinkedInProviderClient(opts: {
  apiKey: string;
  baseUrl: string;
  fetch: SafeFetch;
  maxWaitMs?: number;
}): LinkedInProviderClient {
  const url = `${opts.baseUrl.replace(/\/$/, "")}/v1/people/search`;
  return {
    async *searchPeople({ limit, ...query }) {
      let cursor: string | null = null;
      let seen = 0;
      while (seen < limit) {
        const res: SearchResponse = await callProvider<SearchResponse>({
          provider: "LinkedIn data provider",
          keyEnv: "LINKEDIN_PROVIDER_API_KEY",
          fetch: opts.fetch,
          url,
          maxWaitMs: opts.maxWaitMs,
          headers: { authorization: `Bearer ${opts.apiKey}` },
          body: { ...query, limit: Math.min(LINKEDIN_PAGE_SIZE, limit - seen), ...(cursor ? { cursor } : {}) },
        });
        if (!Array.isArray(res.people)) {
          throw new ProviderError("LinkedIn data provider", "bad_response", "LinkedIn data provider answered without a `people` array");
        }
        const people = res.people.slice(0, limit - seen);
        seen += people.length;
        if (people.length) yield people;
        cursor = res.next_cursor ?? null;
        if (!cursor || people.length === 0) return;
      }
    },
  };
}

const domainUrl = (d: string | null | undefined) => (d ? (/^https?:\/\//i.test(d) ? d : `https://${d}`) : null);

export function personToLead(p: ProviderPerson): ScrapedLead {
  let first = p.first_name ?? null;
  let last = p.last_name ?? null;
  if (!first && !last && p.full_name) {
    const parts = p.full_name.trim().split(/\s+/);
    first = parts[0] ?? null;
    last = parts.slice(1).join(" ") || null;
  }
  // "Leeds, England, United Kingdom": first part is the city, last the country.
  const loc = (p.location ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    first_name: first,
    last_name: last,
    email: p.email ?? null,
    role: p.title ?? null,
    company_name: p.company ?? null,
    website: domainUrl(p.company_domain),
    linkedin_url: p.linkedin_url ?? null,
    phone: p.phone ?? null,
    city: p.city ?? loc[0] ?? null,
    country: p.country ?? (loc.length > 1 ? loc.at(-1)! : null),
    industry: p.industry ?? null,
    custom_fields: p.company_linkedin_url ? { company_linkedin_url: p.company_linkedin_url } : undefined,
  };
}
