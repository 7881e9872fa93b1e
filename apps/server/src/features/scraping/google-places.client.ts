/**
 * Google Places API (New) Text Search client: `POST {base}/v1/places:searchText` with the key in
 * X-Goog-Api-Key and a field mask, paged with nextPageToken (20 per page, 60 per query at most).
 */
import type { SafeFetch } from "../../platform/safe-fetch.ts";
import { callProvider } from "./provider-http.ts";
import type { ScrapedLead } from "./scraped-lead.ts";

export interface Place {
  place_id: string;
  name: string;
  address: string | null;
  phone: string | null;
  website: string | null;
  types: string[];
  city: string | null;
  country: string | null;
}

interface ApiPlace {
  id?: string;
  displayName?: { text?: string };
  formattedAddress?: string;
  nationalPhoneNumber?: string;
  internationalPhoneNumber?: string;
  websiteUri?: string;
  types?: string[];
  addressComponents?: { longText?: string; shortText?: string; types?: string[] }[];
}

interface SearchTextResponse {
  places?: ApiPlace[];
  nextPageToken?: string;
}

export const PLACES_FIELD_MASK = [
  "places.id",
  "places.displayName",
  "places.formattedAddress",
  "places.nationalPhoneNumber",
  "places.internationalPhoneNumber",
  "places.websiteUri",
  "places.types",
  "places.addressComponents",
  "nextPageToken",
].join(",");

export interface GooglePlacesClient {
  /** Yields one page of places at a time so the caller can stop (cancel) between pages. */
  searchText(opts: { query: string; location?: string; limit: number }): AsyncGenerator<Place[]>;
}

export function createGooglePlacesClient(opts: {
  apiKey: string;
  baseUrl: string;
  fetch: SafeFetch;
  maxWaitMs?: number;
}): GooglePlacesClient {
  const url = `${opts.baseUrl.replace(/\/$/, "")}/v1/places:searchText`;
  return {
    async *searchText({ query, location, limit }) {
      // The API has no separate location parameter for free text: "dentists in Leeds" is the documented form.
      const textQuery = location ? `${query} in ${location}` : query;
      let pageToken: string | undefined;
      let seen = 0;
      while (seen < limit) {
        const pageSize = Math.min(20, limit - seen);
        const res = await callProvider<SearchTextResponse>({
          provider: "Google Places",
          keyEnv: "GOOGLE_PLACES_API_KEY",
          fetch: opts.fetch,
          url,
          maxWaitMs: opts.maxWaitMs,
          headers: { "x-goog-api-key": opts.apiKey, "x-goog-fieldmask": PLACES_FIELD_MASK },
          body: { textQuery, pageSize, ...(pageToken ? { pageToken } : {}) },
        });
        const places = (res.places ?? []).slice(0, limit - seen).map(toPlace);
        seen += places.length;
        if (places.length) yield places;
        pageToken = res.nextPageToken;
        if (!pageToken || places.length === 0) return;
      }
    },
  };
}

function toPlace(p: ApiPlace): Place {
  const component = (type: string) => p.addressComponents?.find((c) => c.types?.includes(type));
  return {
    place_id: p.id ?? "",
    name: p.displayName?.text ?? "",
    address: p.formattedAddress ?? null,
    phone: p.internationalPhoneNumber ?? p.nationalPhoneNumber ?? null,
    website: p.websiteUri ?? null,
    types: p.types ?? [],
    city: component("locality")?.longText ?? component("postal_town")?.longText ?? null,
    country: component("country")?.longText ?? null,
  };
}

const INDUSTRY_TYPES = new Set(["point_of_interest", "establishment", "store", "food", "health"]);

/** A place becomes a company lead; its types give a readable industry ("dental clinic"). */
export function placeToLead(p: Place): ScrapedLead {
  const type = p.types.find((t) => !INDUSTRY_TYPES.has(t)) ?? p.types[0];
  return {
    company_name: p.name || null,
    phone: p.phone,
    website: p.website,
    city: p.city,
    country: p.country,
    industry: type ? type.replaceAll("_", " ") : null,
    custom_fields: { address: p.address, google_place_id: p.place_id },
  };
}
