/**
 * The discovery forms' values and the request bodies they become. Each form is checked with the
 * contract schema the server uses, and a problem the schema finds in the body is reported on the
 * form field the user typed it in.
 */
import { GoogleMapsScrape, LinkedInScrape, MultiSourceScrape, WebsiteScrape } from "@prospector/contracts";
import { z } from "zod";

export const websiteForm = WebsiteScrape;
export type WebsiteFormValues = { url: string; max_pages: number | string };

/** An empty location means "none": the server should not search "dentists in ''". */
export const googleMapsForm = GoogleMapsScrape.transform(({ location, ...rest }) => (location ? { ...rest, location } : rest));
export type GoogleMapsFormValues = { query: string; location: string; limit: number | string; crawl_websites: boolean };

export type LinkedInMode = "search_url" | "profile_urls" | "company_urls";
export type LinkedInFormValues = { mode: LinkedInMode; input: string; limit: number | string };

const lines = (s: string) =>
  s
    .split(/[\s,]+/)
    .map((l) => l.trim())
    .filter(Boolean);

export function linkedInBody(v: LinkedInFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { limit: v.limit };
  if (v.mode === "search_url") body.search_url = v.input.trim() || undefined;
  else body[v.mode] = lines(v.input).length ? lines(v.input) : undefined;
  return body;
}

/** Puts the issues of `schema` on a body onto form fields; `fieldOf` maps a body path to a field. */
function checkBody<T>(schema: z.ZodType<T>, body: unknown, ctx: z.RefinementCtx, fieldOf: (path: PropertyKey[]) => string): T | undefined {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: [fieldOf(issue.path)] });
  return undefined;
}

const LINKEDIN_EMPTY: Record<LinkedInMode, string> = {
  search_url: "Paste a LinkedIn (Sales Navigator) search URL",
  profile_urls: "Paste at least one profile URL",
  company_urls: "Paste at least one company URL",
};

export const linkedInForm = z
  .object({ mode: z.enum(["search_url", "profile_urls", "company_urls"]), input: z.string(), limit: z.union([z.number(), z.string()]) })
  .transform((v, ctx) => {
    if (!v.input.trim()) {
      ctx.addIssue({ code: "custom", message: LINKEDIN_EMPTY[v.mode], path: ["input"] });
      return z.NEVER;
    }
    return checkBody(LinkedInScrape, linkedInBody(v), ctx, (path) => (path[0] === "limit" ? "limit" : "input")) ?? z.NEVER;
  });

export interface MultiFormValues {
  use_website: boolean;
  website_url: string;
  website_max_pages: number | string;
  use_google_maps: boolean;
  gm_query: string;
  gm_location: string;
  gm_limit: number | string;
  use_linkedin: boolean;
  li_search_url: string;
  li_limit: number | string;
}

const MULTI_FIELDS: Record<string, Record<string, keyof MultiFormValues>> = {
  website: { url: "website_url", max_pages: "website_max_pages" },
  google_maps: { query: "gm_query", location: "gm_location", limit: "gm_limit" },
  linkedin: { search_url: "li_search_url", limit: "li_limit" },
};

export function multiSourceBody(v: MultiFormValues) {
  const sources: Array<Record<string, unknown>> = [];
  if (v.use_website) sources.push({ source: "website", url: v.website_url, max_pages: v.website_max_pages });
  if (v.use_google_maps)
    sources.push({
      source: "google_maps",
      query: v.gm_query,
      limit: v.gm_limit,
      ...(v.gm_location.trim() ? { location: v.gm_location } : {}),
    });
  if (v.use_linkedin) sources.push({ source: "linkedin", search_url: v.li_search_url.trim() || undefined, limit: v.li_limit });
  return { sources };
}

export const multiSourceForm = z.custom<MultiFormValues>().transform((v, ctx) => {
  const body = multiSourceBody(v);
  return (
    checkBody(MultiSourceScrape, body, ctx, (path) => {
      // sources.{i}.{field} → the form field of that source; anything else is about the whole list.
      const source = typeof path[1] === "number" ? (body.sources[path[1]]?.source as string | undefined) : undefined;
      const field = source ? MULTI_FIELDS[source]?.[String(path[2])] : undefined;
      return field ?? "use_website";
    }) ?? z.NEVER
  );
});
