/**
 * Enriches one lead: clean names and title, seniority and department, company data from its site,
 * email verdict (or a pattern guess when it has none), then the score. Every write goes through
 * the leads service, which records {source, at} on each field it sets.
 */
import type { EnrichmentLeadResult, Lead } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import type { SafeFetch } from "../../platform/safe-fetch.ts";
import { FREE_MAIL, getLead, type LeadField, updateLeadFields } from "../leads/index.ts";
import { type CompanyProfile, companySite, fetchCompanyProfile } from "./company.enricher.ts";
import { type EmailCheck, emailDomain, isDisposable, judgeEmail, type MailHost, type MailResolver } from "./email.enricher.ts";
import * as repo from "./enrichment.repository.ts";
import { GUESS_SOURCE, guessEmail, scoreLead } from "./guess-score.enricher.ts";
import { departmentOf, normalizeName, normalizeTitle, seniorityOf } from "./person.enricher.ts";

/** What enriching reaches out with; built once by the feature's register and kept on ctx.enricher. */
export interface EnrichDeps {
  fetch: SafeFetch;
  mail: MailResolver;
  userAgent: string;
  crawlDelayMs: number;
}

declare module "../../context.ts" {
  interface AppContext {
    /** Enrichment's outbound fetch, DNS resolver and crawl pace (a test may swap them before a job runs). */
    enricher: EnrichDeps;
  }
}

/** Per job: leads of one company share one crawl and one MX lookup. */
export interface EnrichCaches {
  mail: Map<string, Promise<MailHost>>;
  company: Map<string, Promise<CompanyProfile | null>>;
}

export const newCaches = (): EnrichCaches => ({ mail: new Map(), company: new Map() });

function cached<T>(map: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let p = map.get(key);
  if (!p) {
    p = make();
    map.set(key, p);
  }
  return p;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
};

const COMPARED: (keyof Lead)[] = [
  "first_name",
  "last_name",
  "email",
  "role",
  "company_name",
  "industry",
  "company_insight",
  "phone",
  "website",
  "linkedin_url",
  "city",
  "country",
  "seniority",
  "department",
  "email_status",
  "score",
  "score_breakdown",
  "custom_fields",
];

export async function enrichLead(
  ctx: Pick<AppContext, "db" | "log" | "hooks">,
  deps: EnrichDeps,
  caches: EnrichCaches,
  workspaceId: string,
  leadId: string,
): Promise<EnrichmentLeadResult> {
  let lead: Lead;
  try {
    lead = await getLead(ctx, workspaceId, leadId);
  } catch (err) {
    if (err instanceof AppError && err.code === "LEAD_NOT_FOUND")
      return { lead_id: leadId, status: "not_found", fields: [], error: "Lead not found" };
    throw err;
  }
  const before = lead;

  /** Sets the values that are new; null never clears a field. */
  const write = async (fields: Partial<Record<LeadField, unknown>>, source: string, onlyIfEmpty = false) => {
    const changed: Partial<Record<LeadField, unknown>> = {};
    for (const [f, v] of Object.entries(fields)) {
      if (v == null) continue;
      if (sameValue(lead[f as keyof Lead], v)) continue;
      changed[f as LeadField] = v;
    }
    if (Object.keys(changed).length === 0) return;
    lead = await updateLeadFields(ctx, { workspaceId, leadId, fields: changed, provenance: { source }, onlyIfEmpty });
  };

  try {
    await write(
      { first_name: normalizeName(lead.first_name), last_name: normalizeName(lead.last_name), role: normalizeTitle(lead.role) },
      "normalizer",
    );
    await write({ seniority: seniorityOf(lead.role), department: departmentOf(lead.role) }, "title_classifier", true);

    const site = companySite(lead);
    const siteHost = site ? hostOf(site) : null;
    const profile =
      site && siteHost
        ? await cached(caches.company, siteHost, () =>
            fetchCompanyProfile({ url: site, fetch: deps.fetch, userAgent: deps.userAgent, delayMs: deps.crawlDelayMs }).catch(() => null),
          )
        : null;
    if (profile) {
      const companyLead = !lead.first_name && !lead.last_name;
      await write(
        {
          company_name: profile.name,
          company_insight: profile.description,
          industry: profile.industry,
          phone: profile.phone,
          city: profile.city,
          country: profile.country,
          website: profile.site,
          // A person's linkedin_url is their own profile; only a company lead takes the company page.
          linkedin_url: companyLead ? profile.socials.linkedin : undefined,
        },
        "company_website",
        true,
      );
      const socials = { ...profile.socials, ...((lead.custom_fields.socials as object | undefined) ?? {}) };
      if (Object.keys(socials).length) await write({ custom_fields: { ...lead.custom_fields, socials } }, "company_website");
    }

    let guessed = lead.provenance.email?.source === GUESS_SOURCE;
    let check: EmailCheck | null = null;
    if (lead.email) {
      const domain = emailDomain(lead.email);
      const host = await cached(caches.mail, domain, () => deps.mail.mailHost(domain));
      check = judgeEmail(lead.email, host);
      // MX proves the domain takes mail, not that a guessed mailbox exists.
      const status = guessed && check.status === "valid" ? "unknown" : check.status;
      const email_check = { reasons: check.reasons, mx: check.mx, role: check.role, disposable: check.disposable, free: check.free };
      await write({ email_status: status, custom_fields: { ...lead.custom_fields, email_check } }, "email_verifier");
    } else {
      const domain = (lead.website && hostOf(lead.website)) || (profile && hostOf(profile.site));
      if (domain && !FREE_MAIL.has(domain) && !isDisposable(domain) && lead.first_name && lead.last_name) {
        const host = await cached(caches.mail, domain, () => deps.mail.mailHost(domain));
        if (host.kind === "mx" || host.kind === "a_only") {
          const colleagues = await repo.colleaguesAt(ctx.db, workspaceId, domain);
          const guess = guessEmail(lead, domain, colleagues);
          if (guess) {
            try {
              const email_guess = { pattern: guess.pattern, learned_from_colleagues: guess.learned };
              await write(
                { email: guess.email, email_status: "unknown", custom_fields: { ...lead.custom_fields, email_guess } },
                GUESS_SOURCE,
              );
              guessed = true;
            } catch (err) {
              // Another lead already has that address: better no guess than a clash.
              if (!(err instanceof AppError && err.code === "LEAD_EMAIL_EXISTS")) throw err;
            }
          }
        }
      }
    }

    const { score, breakdown } = scoreLead({
      ...lead,
      email_guessed: guessed,
      role_address: check?.role ?? false,
      has_socials: Boolean(lead.custom_fields.socials && Object.keys(lead.custom_fields.socials as object).length),
    });
    await write({ score, score_breakdown: breakdown }, "lead_score");
  } catch (err) {
    const message = err instanceof AppError ? err.message : "Unexpected error; the server log has the details";
    if (!(err instanceof AppError)) ctx.log.error({ err, leadId }, "enrichment failed");
    return { lead_id: leadId, status: "failed", fields: changedFields(before, lead), error: message };
  }
  const fields = changedFields(before, lead);
  return { lead_id: leadId, status: fields.length ? "enriched" : "unchanged", fields, error: null };
}

/** JSON text with object keys sorted: jsonb hands objects back in its own key order. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x,
  );
}

/** Equal values, whatever the order of their keys (a re-run must not rewrite custom_fields it would set the same). */
const sameValue = (a: unknown, b: unknown) => canonical(a) === canonical(b);

function changedFields(a: Lead, b: Lead): string[] {
  return COMPARED.filter((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]));
}
