/**
 * Reads contact data out of one HTML page: emails (mailto, plain text, "[at]"/"(dot)" spellings,
 * entities, Cloudflare-protected), phones, social links, people with titles (people-extract.ts),
 * company facts, and the same-site links to follow. Pure; the crawler runs it on a worker thread.
 */
import type * as cheerio from "cheerio";
import { load } from "cheerio/slim";
import type { CountryCode } from "libphonenumber-js";
import { findPhoneNumbersInText, parsePhoneNumberFromString } from "libphonenumber-js";
import { decodeCfEmail, findEmails, mailtoAddress, norm, safeDecode, spacedText } from "./page-text.ts";
import { findPeople, type Person, splitPersonName } from "./people-extract.ts";

export type { Person } from "./people-extract.ts";

type Doc = cheerio.CheerioAPI;

export interface Socials {
  linkedin?: string;
  twitter?: string;
  facebook?: string;
  instagram?: string;
  youtube?: string;
  github?: string;
}

export interface CompanyFacts {
  name: string | null;
  description: string | null;
  city: string | null;
  country: string | null;
}

export interface PageExtract {
  emails: string[];
  phones: string[];
  socials: Socials;
  people: Person[];
  company: CompanyFacts;
  links: string[];
}

const TLD_COUNTRY: Record<string, CountryCode> = {
  uk: "GB",
  de: "DE",
  fr: "FR",
  es: "ES",
  it: "IT",
  nl: "NL",
  be: "BE",
  ch: "CH",
  at: "AT",
  ie: "IE",
  se: "SE",
  no: "NO",
  dk: "DK",
  fi: "FI",
  pl: "PL",
  pt: "PT",
  ca: "CA",
  au: "AU",
  nz: "NZ",
  in: "IN",
  br: "BR",
  mx: "MX",
  jp: "JP",
  za: "ZA",
  us: "US",
};

/** Country for national-format phone numbers: the site's country TLD, else US for generic TLDs. */
export function countryForHost(host: string): CountryCode {
  const tld = host.split(".").pop()?.toLowerCase() ?? "";
  return TLD_COUNTRY[tld] ?? "US";
}

export function findPhones(text: string, country: CountryCode): string[] {
  const out = new Set<string>();
  for (const found of findPhoneNumbersInText(text, { defaultCountry: country })) {
    if (found.number.isValid()) out.add(found.number.formatInternational());
  }
  return [...out];
}

const SOCIAL_PATTERNS: [keyof Socials, RegExp][] = [
  ["linkedin", /^https?:\/\/([a-z]{2,3}\.)?linkedin\.com\/(company|school|showcase)\/[^/?#]+/i],
  ["twitter", /^https?:\/\/(www\.)?(twitter|x)\.com\/(?!intent|share|home|search|hashtag)[A-Za-z0-9_]{1,15}\/?$/i],
  ["facebook", /^https?:\/\/([a-z-]+\.)?facebook\.com\/(?!sharer|share|dialog|plugins|tr\b)[^?#]+/i],
  ["instagram", /^https?:\/\/(www\.)?instagram\.com\/[A-Za-z0-9_.]+\/?$/i],
  ["youtube", /^https?:\/\/(www\.)?youtube\.com\/(channel|c|user|@)[^?#]*/i],
  ["github", /^https?:\/\/(www\.)?github\.com\/[A-Za-z0-9-]+\/?$/i],
];

export function socialOf(href: string): [keyof Socials, string] | null {
  for (const [kind, re] of SOCIAL_PATTERNS) {
    const m = re.exec(href);
    if (m) return [kind, m[0].replace(/\/$/, "")];
  }
  return null;
}

interface JsonLdThing {
  "@type"?: string | string[];
  "@graph"?: JsonLdThing[];
  name?: string;
  description?: string;
  telephone?: string;
  email?: string;
  jobTitle?: string;
  sameAs?: string | string[];
  address?: { addressLocality?: string; addressCountry?: string | { name?: string } } | string;
}

function jsonLd($: Doc): JsonLdThing[] {
  const out: JsonLdThing[] = [];
  $("script[type='application/ld+json']").each((_, s) => {
    try {
      const data = JSON.parse($(s).text()) as JsonLdThing | JsonLdThing[];
      for (const item of Array.isArray(data) ? data : [data]) {
        out.push(item, ...(item["@graph"] ?? []));
      }
    } catch {}
  });
  return out;
}

const isType = (t: JsonLdThing, re: RegExp) => [t["@type"]].flat().some((x) => typeof x === "string" && re.test(x));
const GENERIC_TITLE = /^(home|homepage|welcome|about( us)?|contact( us)?|team|our team|index)$/i;

/** Pages worth reading first for contact data. */
export const PRIORITY_PATH =
  /(contact|about|team|people|staff|leadership|management|our-story|who-we-are|company|impressum|kontakt|imprint|founders)/i;
const SKIP_EXT = /\.(pdf|jpe?g|png|gif|svg|webp|zip|gz|mp4|mp3|mov|avi|docx?|xlsx?|pptx?|css|js|json|xml|ico|woff2?|ttf|eot)$/i;
const SOCIAL_HINT = /linkedin|twitter|x\.com|facebook|instagram|youtube|github/i;
export const siteKey = (host: string) => host.toLowerCase().replace(/^www\./, "");

/** What one page may hand back, whatever its size: a hostile page must not flood the crawl. */
export interface PageLimits {
  /** Same-site links, contact/about/team pages first. */
  maxLinks: number;
  maxEmails: number;
  maxPeople: number;
}
export const PAGE_LIMITS: PageLimits = { maxLinks: 250, maxEmails: 200, maxPeople: 100 };

/** Characters of markup parsed per page: parsing costs about 0.4 s per MB here, whatever the page holds. */
export const MAX_PARSE_CHARS = 1_000_000;
const DROP_BLOCKS: [string, string][] = [
  ["<!--", "-->"],
  ["<script", "</script"],
  ["<style", "</style"],
  ["<svg", "</svg"],
];

/**
 * The markup worth parsing: comments, scripts (JSON-LD excepted), styles and inline SVG hold no
 * contact data and are most of a heavy page's bytes. What is still over `max` keeps its first
 * three quarters and its last quarter, where footers carry addresses and social links. Linear
 * (indexOf only): an unclosed "<script" on a hostile page costs one scan, not one per tag.
 */
export function trimHtml(html: string, max = MAX_PARSE_CHARS): string {
  const lower = html.toLowerCase();
  const out: string[] = [];
  let at = 0;
  for (;;) {
    let next = -1;
    let end = "";
    for (const [open, close] of DROP_BLOCKS) {
      const i = lower.indexOf(open, at);
      if (i >= 0 && (next < 0 || i < next)) {
        next = i;
        end = close;
      }
    }
    if (next < 0) break;
    const closeAt = lower.indexOf(end, next + 4);
    const stop = closeAt < 0 ? html.length : lower.indexOf(">", closeAt) + 1 || html.length;
    const block = html.slice(next, stop);
    out.push(html.slice(at, next));
    if (end === "</script" && /^<script[^>]*application\/ld\+json/i.test(block)) out.push(block);
    at = stop;
  }
  out.push(html.slice(at));
  const kept = out.join("");
  if (kept.length <= max) return kept;
  const head = Math.floor(max * 0.75);
  return kept.slice(0, head) + kept.slice(kept.length - (max - head));
}

export function extractPage(html: string, pageUrl: string, limits: PageLimits = PAGE_LIMITS): PageExtract {
  // htmlparser2 (cheerio/slim), not parse5: about five times faster, and nothing here needs a
  // browser's tree repairs.
  const $ = load(trimHtml(html));
  const base = new URL(pageUrl);
  const emails = new Set<string>();
  const socials: Socials = {};
  const phones = new Set<string>();
  const country = countryForHost(base.hostname);
  const host = siteKey(base.hostname);
  const firstLinks = new Set<string>();
  const otherLinks = new Set<string>();

  for (const a of $("a[href]").toArray()) {
    const href = (("attribs" in a ? a.attribs.href : "") ?? "").trim();
    if (/^mailto:/i.test(href)) {
      const e = mailtoAddress(href);
      if (e) emails.add(e);
      continue;
    }
    if (/^tel:/i.test(href)) {
      const p = parsePhoneNumberFromString(safeDecode(href.slice(4)), country);
      if (p?.isValid()) phones.add(p.formatInternational());
      continue;
    }
    // Once enough ordinary links are kept, only contact pages and social profiles are worth a URL parse.
    if (otherLinks.size >= limits.maxLinks && !SOCIAL_HINT.test(href) && !PRIORITY_PATH.test(href)) continue;
    let abs: URL;
    try {
      abs = new URL(href, base);
    } catch {
      continue;
    }
    if (abs.protocol !== "http:" && abs.protocol !== "https:") continue;
    const social = socialOf(abs.href);
    if (social) socials[social[0]] ??= social[1];
    if (siteKey(abs.hostname) !== host || SKIP_EXT.test(abs.pathname)) continue;
    abs.hash = "";
    const into = PRIORITY_PATH.test(abs.pathname) ? firstLinks : otherLinks;
    if (into.size < limits.maxLinks) into.add(abs.href);
  }
  const links = [...firstLinks, ...otherLinks].slice(0, limits.maxLinks);
  $("[data-cfemail]").each((_, el) => {
    const e = decodeCfEmail($(el).attr("data-cfemail") ?? "");
    if (e) emails.add(e.toLowerCase());
  });

  const things = jsonLd($);
  const org = things.find((t) => isType(t, /Organization|LocalBusiness|Corporation|Store|Restaurant|Dentist|Attorney/i));
  for (const t of things) {
    if (t.email) for (const e of findEmails(t.email)) emails.add(e);
    if (t.telephone) {
      const p = parsePhoneNumberFromString(t.telephone, country);
      if (p?.isValid()) phones.add(p.formatInternational());
    }
    for (const s of [t.sameAs ?? []].flat()) {
      const social = typeof s === "string" ? socialOf(s) : null;
      if (social) socials[social[0]] ??= social[1];
    }
  }

  const text = spacedText($("body").length ? $("body") : $.root());
  for (const e of findEmails(text)) emails.add(e);
  for (const p of findPhones(text, country)) phones.add(p);

  const people = findPeople($);
  for (const t of things.filter((x) => isType(x, /^Person$/))) {
    const split = t.name ? splitPersonName(t.name) : null;
    if (!split || people.some((p) => p.first_name === split.first_name && p.last_name === split.last_name)) continue;
    people.push({ ...split, title: t.jobTitle ?? null, email: t.email ? (findEmails(t.email)[0] ?? null) : null, linkedin_url: null });
  }

  const titleParts = norm($("title").first().text())
    .split(/\s+[|–—·:-]\s+/)
    .filter((s) => s && !GENERIC_TITLE.test(s));
  const address = typeof org?.address === "object" ? org.address : undefined;
  const addrCountry = typeof address?.addressCountry === "object" ? address.addressCountry.name : address?.addressCountry;
  const company: CompanyFacts = {
    name:
      norm($("meta[property='og:site_name']").attr("content") ?? "") ||
      org?.name ||
      norm($("meta[name='application-name']").attr("content") ?? "") ||
      titleParts.at(-1) ||
      null,
    description:
      norm($("meta[name='description' i]").attr("content") ?? "") ||
      norm($("meta[property='og:description']").attr("content") ?? "") ||
      org?.description ||
      null,
    city: address?.addressLocality ?? null,
    country: addrCountry ?? null,
  };
  return {
    emails: [...emails].slice(0, limits.maxEmails),
    phones: [...phones].slice(0, 20),
    socials,
    people: people.slice(0, limits.maxPeople),
    company,
    links,
  };
}
