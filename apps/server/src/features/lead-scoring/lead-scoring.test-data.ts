/** Generated leads for the lead-scoring tests: seeded, so every run sees the same data. */
import type { LeadFeatures } from "./lead-scoring.features.ts";
import { seededRandom } from "./lead-scoring.model.ts";

const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const SENIORITY = ["director", "manager", "senior", "entry", "vp"] as const;
const DEPARTMENT = ["sales", "marketing", "engineering", "finance"] as const;
const INDUSTRY = ["software", "retail", "health", "logistics", "banking", "media"] as const;
const COUNTRY = ["US", "DE", "FR", "GB"] as const;
const TITLES = ["Founder", "Head of Sales", "Sales Manager", "Software Engineer", "Marketing Lead", "CFO"] as const;

export interface Generated {
  leads: LeadFeatures[];
  labels: number[];
}

/**
 * `signal`: the reply log-odds rise with director seniority, a phone number and "founder" in the
 * title, and fall with an invalid address. `noise`: the same leads, replies at a flat 25 %.
 */
export function generateLeads(n: number, seed: number, kind: "signal" | "noise"): Generated {
  const rnd = seededRandom(seed);
  const leads: LeadFeatures[] = [];
  const labels: number[] = [];
  for (let i = 0; i < n; i++) {
    const lead: LeadFeatures = {
      id: `00000000-0000-7000-8000-${i.toString(16).padStart(12, "0")}`,
      seniority: pick(rnd, SENIORITY),
      department: pick(rnd, DEPARTMENT),
      industry: pick(rnd, INDUSTRY),
      country: pick(rnd, COUNTRY),
      source: rnd() < 0.5 ? "import" : "scraping",
      emailStatus: rnd() < 0.15 ? "invalid" : "valid",
      role: pick(rnd, TITLES),
      phone: rnd() < 0.4 ? "+1 555 0100" : null,
      website: rnd() < 0.7 ? "https://acme.test" : null,
      linkedinUrl: rnd() < 0.5 ? "https://linkedin.com/in/x" : null,
      companyName: "Acme",
      provenance: {},
      customFields: rnd() < 0.6 ? { employees: Math.floor(10 + rnd() * 5000) } : {},
    };
    const z =
      -2.2 +
      (lead.seniority === "director" ? 2.5 : 0) +
      (lead.phone ? 1.5 : 0) +
      (lead.role === "Founder" ? 2 : 0) -
      (lead.emailStatus === "invalid" ? 2 : 0);
    const p = kind === "signal" ? 1 / (1 + Math.exp(-z)) : 0.25;
    leads.push(lead);
    labels.push(rnd() < p ? 1 : 0);
  }
  return { leads, labels };
}
