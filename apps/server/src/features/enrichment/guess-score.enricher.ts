/**
 * Two pure enrichers: a likely email from the common corporate patterns (learned from colleagues
 * already in the workspace when possible; always marked unverified), and the lead score 0–100
 * with the parts that make it up.
 */
import type { EmailStatus, ScoreBreakdown, Seniority } from "@prospector/contracts";

/** Provenance of a guessed address: the UI and the score treat it as unverified. */
export const GUESS_SOURCE = "pattern_guess (unverified)";

export const EMAIL_PATTERNS = [
  "first.last",
  "firstlast",
  "flast",
  "first",
  "f.last",
  "first_last",
  "last.first",
  "firstl",
  "last",
] as const;
export type EmailPattern = (typeof EMAIL_PATTERNS)[number];

/** "José" → "jose", "van der Berg" → "vanderberg", "O'Neil" → "oneil". */
export function emailPart(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

export function applyPattern(pattern: EmailPattern, first: string, last: string): string {
  const f = emailPart(first);
  const l = emailPart(last);
  switch (pattern) {
    case "first.last":
      return `${f}.${l}`;
    case "firstlast":
      return `${f}${l}`;
    case "flast":
      return `${f[0]}${l}`;
    case "first":
      return f;
    case "f.last":
      return `${f[0]}.${l}`;
    case "first_last":
      return `${f}_${l}`;
    case "last.first":
      return `${l}.${f}`;
    case "firstl":
      return `${f}${l[0]}`;
    case "last":
      return l;
  }
}

/** Which pattern a known colleague's address follows (null when none fits, e.g. "info@"). */
export function detectPattern(email: string, first: string, last: string): EmailPattern | null {
  const local = email.slice(0, email.lastIndexOf("@")).toLowerCase();
  if (!emailPart(first) || !emailPart(last)) return null;
  return EMAIL_PATTERNS.find((p) => applyPattern(p, first, last) === local) ?? null;
}

/**
 * The domain's dominant pattern among colleagues, else first.last (the most common one in
 * business email). Returns null when a name part is unusable.
 */
export function guessEmail(
  person: { first_name: string | null; last_name: string | null },
  domain: string,
  colleagues: { email: string; first_name: string; last_name: string }[],
): { email: string; pattern: EmailPattern; learned: boolean } | null {
  if (!person.first_name || !person.last_name || !emailPart(person.first_name) || !emailPart(person.last_name)) return null;
  const votes = new Map<EmailPattern, number>();
  for (const c of colleagues) {
    const p = detectPattern(c.email, c.first_name, c.last_name);
    if (p) votes.set(p, (votes.get(p) ?? 0) + 1);
  }
  const learned = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const pattern = learned ?? "first.last";
  return { email: `${applyPattern(pattern, person.first_name, person.last_name)}@${domain}`, pattern, learned: Boolean(learned) };
}

export interface ScoreInput {
  email: string | null;
  email_status: EmailStatus;
  /** The email is a pattern guess, not found anywhere. */
  email_guessed: boolean;
  role_address: boolean;
  first_name: string | null;
  last_name: string | null;
  role: string | null;
  company_name: string | null;
  phone: string | null;
  website: string | null;
  linkedin_url: string | null;
  city: string | null;
  country: string | null;
  industry: string | null;
  company_insight: string | null;
  seniority: Seniority | string | null;
  has_socials: boolean;
}

const SENIORITY_POINTS: Record<string, number> = { c_level: 20, vp: 18, director: 15, manager: 11, senior: 7, entry: 3 };

/**
 * email_quality ≤ 35 (can we reach them), completeness ≤ 25 (do we know who they are),
 * seniority ≤ 20 (can they buy), company_data ≤ 20 (can we personalize). Sum = score.
 */
export function scoreLead(l: ScoreInput): { score: number; breakdown: ScoreBreakdown } {
  let email = 0;
  if (l.email) {
    if (l.email_status === "valid") email = 35;
    else if (l.email_status === "risky") email = l.role_address ? 15 : 20;
    else if (l.email_status === "unknown") email = l.email_guessed ? 8 : 12;
  }
  const known = [l.first_name, l.last_name, l.role, l.company_name, l.phone, l.website, l.linkedin_url, l.city ?? l.country];
  const completeness = Math.round((known.filter(Boolean).length / known.length) * 25);
  const seniority = l.seniority ? (SENIORITY_POINTS[l.seniority] ?? 5) : l.role ? 5 : 0;
  const company = (l.company_insight ? 6 : 0) + (l.industry ? 5 : 0) + (l.website ? 5 : 0) + (l.has_socials || l.linkedin_url ? 4 : 0);
  const breakdown: ScoreBreakdown = { email_quality: email, completeness, seniority, company_data: company };
  return { score: email + completeness + seniority + company, breakdown };
}
