/**
 * Turns a crawl into leads: the people named on the site with their addresses, then every
 * personal-looking address on the company's own domain (first.last@, f.last@, first@) as a lead
 * whose name is read from the address and marked as guessed, then one company lead carrying the
 * best shared inbox, phone and social profiles.
 */
import { detectPattern, isRoleAddress, normalizeName } from "../enrichment/index.ts";
import { type CrawlResult, looksLikeTitle, NAME_PARTICLES, siteKey } from "../web-crawler/index.ts";
import type { ScrapedLead } from "./scraped-lead.ts";

/** Provenance of a name read out of an email address: shown as unverified, like a guessed email. */
export const NAME_GUESS_SOURCE = "website_crawler (name guessed from email)";
/** custom_fields key on such a lead: how the name was read. */
export interface NameGuess {
  from_email: string;
  pattern: string;
}

// Shared inboxes and words that are not first names: "jobs@", "studio@", "first.last@" placeholders.
const NOT_A_NAME = new Set(
  (
    "info information contact contacts hello hi hey howdy hola bonjour hallo ciao kontakt welcome office mail email admin " +
    "support help helpdesk team all everyone staff people hr recruiting recruitment talent jobs job careers career press media " +
    "pr marketing sales events event partners partner investors investor ir shop store orders order booking bookings studio " +
    "design dev devs tech it web www webmaster postmaster hostmaster noreply no reply donotreply news newsletter editor " +
    "editorial donate donations volunteer volunteers membership members member payroll invoice invoices finance accounts " +
    "accounting billing legal gdpr dpo privacy compliance ops enquiry enquiries inquiry inquiries quote quotes service " +
    "services care customercare client clients general reception frontdesk desk feedback abuse security social community " +
    "test demo example user name firstname lastname first last your you me yourname mailbox hq " +
    "new business human resources data protection projects project wholesale export returns warranty tickets ticket " +
    "admissions training academy school clinic appointments appointment reservations reservation concierge catering " +
    "kitchen hotel restaurant gallery shipping delivery dispatch warehouse logistics purchasing procurement suppliers " +
    "vendors vendor quality safety servicedesk claims insurance rentals lettings property enquire bookkeeping tax " +
    "affiliates affiliate sponsorship sponsors partnerships growth print studio"
  ).split(" "),
);
const MAX_GUESSED = 100;

/**
 * A person's name read from an address: "jane.doe" → Jane Doe (first.last), "j.doe" → Doe (f.last),
 * "jane" → Jane (first), "jan.van.der.berg" → Jan van der Berg. Null for shared inboxes, role words,
 * digits, and run-together locals ("jdoe", "janedoe") that cannot be split reliably.
 */
export function nameFromAddress(email: string): { first_name: string | null; last_name: string | null; pattern: string } | null {
  const local = email.slice(0, email.lastIndexOf("@")).toLowerCase();
  if (!/^[a-z]+(?:[._-][a-z]+){0,3}$/.test(local) || isRoleAddress(email)) return null;
  const sep = /[._-]/.exec(local)?.[0] ?? "";
  const parts = local.split(/[._-]/);
  if (parts.some((p) => NOT_A_NAME.has(p) || looksLikeTitle(p))) return null;
  const cap = (p: string) => normalizeName(p) as string;
  if (parts.length === 1) {
    // "jdoe", "mbrown": an initial run into a surname, not a first name (no name starts "jd" or "mb").
    const onset =
      /^(?:[aeiouy]|[^aeiouy][aeiouy]|bl|br|ch|cl|cr|dr|fl|fr|gl|gr|kh|kl|kr|ph|pl|pr|sc|sh|sk|sl|sm|sn|sp|st|sv|sw|th|tr|tw|wh|wr|zh)/;
    return local.length >= 3 && local.length <= 15 && onset.test(local)
      ? { first_name: cap(local), last_name: null, pattern: "first" }
      : null;
  }
  const [first, ...rest] = parts as [string, ...string[]];
  if (first.length === 1)
    return rest.length === 1 && rest[0]!.length >= 2 ? { first_name: null, last_name: cap(rest[0]!), pattern: `f${sep}last` } : null;
  if (first.length < 2 || rest.some((p, i) => p.length < 2 && !(NAME_PARTICLES.has(p) && i < rest.length - 1))) return null;
  // Particles stay lower-case inside a surname: van der Berg, dos Santos.
  const last = rest.map((p, i) => (NAME_PARTICLES.has(p) && i < rest.length - 1 ? p : cap(p))).join(" ");
  return { first_name: cap(first), last_name: last, pattern: `first${sep}last` };
}

/** A person lead has a first or a last name (a name read from j.doe@ has only the last); the company lead has neither. */
export const isPersonLead = (l: ScrapedLead) => Boolean(l.first_name || l.last_name);

const GENERIC_LOCAL = /^(info|contact|hello|hi|office|sales|enquiries|inquiries|team|mail|admin|support|kontakt|bonjour|hola)$/;

/** People who come with an email become person leads; otherwise one company lead carries the best generic address. */
export function crawlToLeads(crawl: CrawlResult): ScrapedLead[] {
  const host = siteKey(new URL(crawl.site).hostname);
  const ownDomain = (e: string) => {
    const domain = e.slice(e.lastIndexOf("@") + 1);
    return domain === host || domain.endsWith(`.${host}`);
  };
  const companyName = crawl.company.name ?? host;
  const shared: ScrapedLead = {
    company_name: companyName,
    website: crawl.site,
    city: crawl.company.city,
    country: crawl.company.country,
    company_insight: crawl.company.description,
  };
  const socials = Object.fromEntries(Object.entries(crawl.socials).filter(([k]) => k !== "linkedin"));
  const taken = new Set<string>();
  const leads: ScrapedLead[] = [];
  const personLead = (p: CrawlResult["people"][number], email: string): ScrapedLead => ({
    ...shared,
    first_name: p.first_name,
    last_name: p.last_name,
    email,
    role: p.title,
    linkedin_url: p.linkedin_url,
  });
  for (const p of crawl.people) {
    if (!p.email || taken.has(p.email)) continue;
    taken.add(p.email);
    leads.push(personLead(p, p.email));
  }
  // A person named on the site without an address owns the one own-domain address that follows a
  // pattern of their name (jane.doe@, j.doe@, jane@) when no one else named there fits it too.
  const unmatched = crawl.people.filter((p) => !p.email);
  for (const email of crawl.emails) {
    if (taken.has(email) || !ownDomain(email)) continue;
    const fits = unmatched.filter((p) => detectPattern(email, p.first_name, p.last_name) !== null);
    if (fits.length !== 1) continue;
    taken.add(email);
    unmatched.splice(unmatched.indexOf(fits[0]!), 1);
    leads.push(personLead(fits[0]!, email));
  }
  let guessed = 0;
  for (const email of crawl.emails) {
    if (taken.has(email) || !ownDomain(email) || guessed >= MAX_GUESSED) continue;
    const name = nameFromAddress(email);
    if (!name) continue;
    taken.add(email);
    guessed++;
    const name_guess: NameGuess = { from_email: email, pattern: name.pattern };
    leads.push({ ...shared, first_name: name.first_name, last_name: name.last_name, email, custom_fields: { name_guess } });
  }
  // Addresses on the site's own domain rank first, generic inboxes before personal-looking ones.
  const rest = crawl.emails.filter((e) => !taken.has(e)).sort((a, b) => rank(a) - rank(b));
  function rank(e: string) {
    return (ownDomain(e) ? 0 : 2) + (GENERIC_LOCAL.test(e.slice(0, e.lastIndexOf("@"))) ? 0 : 1);
  }
  if (leads.length === 0 || rest.length > 0) {
    leads.push({
      ...shared,
      email: rest[0] ?? null,
      phone: crawl.phones[0] ?? null,
      linkedin_url: crawl.socials.linkedin ?? null,
      custom_fields: {
        ...(Object.keys(socials).length ? { socials } : {}),
        ...(rest.length > 1 ? { other_emails: rest.slice(1, 10) } : {}),
        ...(crawl.phones.length > 1 ? { other_phones: crawl.phones.slice(1, 5) } : {}),
      },
    });
  }
  return leads;
}
