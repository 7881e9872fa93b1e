/**
 * Company data from the lead's website, or from its email domain when that is a company's own:
 * a short polite crawl (robots.txt respected) for description, phone, location and social
 * profiles, and an industry guessed from the words the company uses about itself.
 */
import type { SafeFetch } from "../../platform/safe-fetch.ts";
import { FREE_MAIL } from "../leads/index.ts";
import { crawlWebsite, type Socials } from "../web-crawler/index.ts";
import { emailDomain, isDisposable } from "./email.enricher.ts";

export interface CompanyProfile {
  site: string;
  name: string | null;
  description: string | null;
  phone: string | null;
  city: string | null;
  country: string | null;
  socials: Socials;
  industry: string | null;
}

/** Where to look: the website, else the email's domain unless it is a personal or throwaway mailbox. */
export function companySite(lead: { website: string | null; email: string | null }): string | null {
  if (lead.website) return lead.website;
  if (!lead.email) return null;
  const domain = emailDomain(lead.email);
  if (FREE_MAIL.has(domain) || isDisposable(domain)) return null;
  return `https://${domain}/`;
}

const INDUSTRY_KEYWORDS: [string, RegExp][] = [
  ["Software", /\b(software|saas|cloud|platform|app|apps|api|developer tools|devops|cybersecurity|analytics)\b/gi],
  ["Logistics", /\b(logistics|shipping|freight|warehouse|warehouses|warehousing|supply chain|delivery|fleet)\b/gi],
  ["Manufacturing", /\b(manufactur\w*|factory|industrial|robot\w*|machinery|engineering firm|fabrication)\b/gi],
  ["Healthcare", /\b(health\w*|medical|clinic|dental|dentist\w*|hospital|patients?|pharma\w*|therapy|care home)\b/gi],
  ["Legal", /\b(law firm|legal|solicitors?|attorneys?|lawyers?|litigation)\b/gi],
  ["Marketing & Advertising", /\b(marketing|advertising|agency|seo|branding|creative studio|media buying)\b/gi],
  ["Financial Services", /\b(bank\w*|financ\w*|invest\w*|insurance|accounting|accountants?|wealth|payments?|fintech)\b/gi],
  ["Real Estate", /\b(real estate|property|properties|estate agents?|realtors?|lettings|mortgages?)\b/gi],
  ["Food & Beverage", /\b(restaurant|cafe|café|food|catering|bakery|coffee|brewery|wine)\b/gi],
  ["Education", /\b(education|school|university|training|courses?|learning|academy|tutoring)\b/gi],
  ["Consulting", /\b(consulting|consultancy|advisory|consultants?)\b/gi],
  ["Retail & E-commerce", /\b(retail|shop|store|e-?commerce|boutique|online store)\b/gi],
  ["Construction", /\b(construction|builders?|contractors?|architecture|renovation|roofing|plumbing)\b/gi],
  ["Hospitality & Travel", /\b(hotel|travel|tourism|hospitality|resort|holidays?)\b/gi],
  ["Energy", /\b(energy|solar|renewables?|oil|gas|utilities|electricity)\b/gi],
  ["Staffing & Recruiting", /\b(recruit\w*|staffing|talent acquisition|headhunt\w*|job board)\b/gi],
];

/** The industry whose words appear most often; null when nothing matches (no guess is better than a wrong one). */
export function guessIndustry(text: string): string | null {
  let best: { industry: string; hits: number } | null = null;
  for (const [industry, re] of INDUSTRY_KEYWORDS) {
    const hits = text.match(re)?.length ?? 0;
    if (hits > 0 && (!best || hits > best.hits)) best = { industry, hits };
  }
  return best?.industry ?? null;
}

export async function fetchCompanyProfile(opts: {
  url: string;
  fetch: SafeFetch;
  userAgent: string;
  delayMs: number;
}): Promise<CompanyProfile | null> {
  const crawl = await crawlWebsite({
    url: opts.url,
    fetch: opts.fetch,
    userAgent: opts.userAgent,
    maxPages: 3,
    maxDepth: 1,
    timeBudgetMs: 20_000,
    delayMs: opts.delayMs,
  });
  if (crawl.pages.every((p) => p.status >= 400)) return null;
  const about = [crawl.company.name, crawl.company.description].filter(Boolean).join(". ");
  return {
    site: crawl.site,
    name: crawl.company.name,
    description: crawl.company.description,
    phone: crawl.phones[0] ?? null,
    city: crawl.company.city,
    country: crawl.company.country,
    socials: crawl.socials,
    industry: about ? guessIndustry(about) : null,
  };
}
