/**
 * Person enrichers, all pure: name and job-title clean-up (spacing, capitalization of ALL-CAPS or
 * all-lowercase input), and seniority and department read from the title.
 */
import type { Seniority } from "@prospector/contracts";
import { NAME_PARTICLES } from "../web-crawler/index.ts";

function capitalizeWord(w: string): string {
  if (!w) return w;
  // Mc/Mac prefixes and O'/D' elisions keep their inner capital: McDonald, O'Neil, D'Angelo.
  const lower = w.toLowerCase();
  const mc = /^(mc)(\p{L})(.*)$/u.exec(lower);
  if (mc) return `Mc${mc[2]!.toUpperCase()}${mc[3]}`;
  const elided = /^([od])['’](\p{L})(.*)$/u.exec(lower);
  if (elided) return `${elided[1]!.toUpperCase()}'${elided[2]!.toUpperCase()}${elided[3]}`;
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

const isOneCase = (s: string) => s === s.toLowerCase() || s === s.toUpperCase();

/** "  jANE " stays as typed only when it mixes cases on purpose (DeAndre); "JOHN VAN DER BERG" → "John van der Berg". */
export function normalizeName(raw: string | null): string | null {
  if (raw == null) return null;
  const s = raw.replace(/\s+/g, " ").trim();
  if (!s) return null;
  if (!isOneCase(s)) return s;
  return s
    .split(" ")
    .map((word, i) =>
      NAME_PARTICLES.has(word.toLowerCase()) && i > 0
        ? word.toLowerCase()
        : word
            .split("-")
            .map((p) => capitalizeWord(p))
            .join("-"),
    )
    .join(" ");
}

const ACRONYMS = new Set(
  "ceo cto cfo coo cmo cio ciso cro cpo cso vp svp evp avp hr it qa ux ui pr seo sem b2b b2c saas emea apac usa uk eu md gm bdr sdr ai ml cx ops".split(
    " ",
  ),
);
const MINOR = new Set(["of", "and", "the", "for", "in", "at", "to", "a", "an", "on", "&"]);

/** "vp of sales" → "VP of Sales"; "HEAD OF CUSTOMER SUCCESS" → "Head of Customer Success"; mixed case is kept. */
export function normalizeTitle(raw: string | null): string | null {
  if (raw == null) return null;
  const s = raw.replace(/\s+/g, " ").trim();
  if (!s) return null;
  if (!isOneCase(s)) return s;
  return s
    .split(" ")
    .map((w, i) => {
      const lower = w.toLowerCase();
      const bare = lower.replace(/[^a-z0-9]/g, "");
      if (ACRONYMS.has(bare)) return w.toUpperCase();
      if (MINOR.has(lower) && i > 0) return lower;
      return lower
        .split("-")
        .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
        .join("-");
    })
    .join(" ");
}

const SENIORITY_RULES: [Seniority, RegExp][] = [
  ["c_level", /\b(ceo|cto|cfo|coo|cmo|cio|ciso|cro|cpo|chief|founder|co-?founder|owner|president|managing director|general manager)\b/i],
  ["vp", /\b(vp|svp|evp|avp|vice[ -]president)\b/i],
  ["director", /\b(director|head of|head|partner|principal)\b/i],
  ["manager", /\b(manager|mgr|lead|team lead|supervisor|coordinator)\b/i],
  ["entry", /\b(intern|internship|junior|jr|trainee|graduate|apprentice|assistant|student)\b/i],
  [
    "senior",
    /\b(senior|sr|staff|specialist|expert|engineer|developer|consultant|analyst|executive|representative|associate|designer|dentist|attorney|accountant)\b/i,
  ],
];

/** The first matching rule wins, so "Senior Director" is a director and "VP Engineering" a VP. Unreadable titles give null. */
export function seniorityOf(title: string | null): Seniority | null {
  if (!title) return null;
  // "Assistant to the CEO" is not the CEO.
  if (/\bassistant to\b/i.test(title)) return "entry";
  for (const [level, re] of SENIORITY_RULES) if (re.test(title)) return level;
  return null;
}

const DEPARTMENT_RULES: [string, RegExp][] = [
  ["executive", /\b(ceo|founder|co-?founder|owner|president|managing director|general manager|chief executive)\b/i],
  ["sales", /\b(sales|account executive|account manager|business development|bdr|sdr|revenue|cro|partnerships)\b/i],
  ["marketing", /\b(marketing|cmo|growth|brand|content|seo|sem|communications|pr|demand gen|social media)\b/i],
  ["customer_success", /\b(customer success|customer service|support|customer experience|cx|client services)\b/i],
  ["product", /\b(product|cpo)\b/i],
  ["design", /\b(design|designer|ux|ui|creative)\b/i],
  ["engineering", /\b(engineer|engineering|developer|software|cto|devops|technical|technology|it|architect|data scientist|qa)\b/i],
  ["finance", /\b(finance|financial|cfo|accounting|accountant|controller|treasury)\b/i],
  ["hr", /\b(hr|human resources|people|talent|recruit\w*|recruiter)\b/i],
  ["operations", /\b(operations|coo|ops|logistics|supply chain|procurement|facilities)\b/i],
  ["legal", /\b(legal|counsel|attorney|lawyer|compliance|paralegal)\b/i],
  ["medical", /\b(dentist|doctor|physician|nurse|surgeon|clinician|therapist|hygienist)\b/i],
];

export function departmentOf(title: string | null): string | null {
  if (!title) return null;
  for (const [dept, re] of DEPARTMENT_RULES) if (re.test(title)) return dept;
  return null;
}
