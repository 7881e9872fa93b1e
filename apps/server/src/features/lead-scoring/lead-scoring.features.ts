/**
 * Turns leads into model rows. Categories (seniority, department, industry, country, source, email
 * status) are one-hot with a minimum count per level (rarer levels share "other"); flags say whether a
 * phone, website, LinkedIn profile, company and enriched fields are there; title keywords are the
 * words of the lead's role seen at least MIN_LEVEL_COUNT times (the most frequent MAX_KEYWORDS);
 * company size (custom field employees / company_size, when a number) is log-scaled and
 * standardised, a missing size counting as the mean with its own flag.
 */

import type { SparseRow } from "./lead-scoring.model.ts";
import type { EncoderSpec } from "./lead-scoring.table.ts";

/** A level (or keyword) seen in fewer training examples than this joins "other" (or is dropped). */
export const MIN_LEVEL_COUNT = 10;
export const MAX_KEYWORDS = 25;

export interface LeadFeatures {
  id: string;
  seniority: string | null;
  department: string | null;
  industry: string | null;
  country: string | null;
  source: string | null;
  emailStatus: string | null;
  role: string | null;
  phone: string | null;
  website: string | null;
  linkedinUrl: string | null;
  companyName: string | null;
  provenance: Record<string, { source: string }> | null;
  customFields: Record<string, unknown> | null;
}

export const CATEGORY_FIELDS = ["seniority", "department", "industry", "country", "source", "emailStatus"] as const;
type CategoryField = (typeof CATEGORY_FIELDS)[number];
const CATEGORY_LABEL: Record<CategoryField, string> = {
  seniority: "Seniority",
  department: "Department",
  industry: "Industry",
  country: "Country",
  source: "Source",
  emailStatus: "Email status",
};
const FLAGS = {
  has_phone: "Has a phone number",
  has_website: "Has a website",
  has_linkedin: "Has a LinkedIn profile",
  has_company: "Has a company name",
  enriched: "Has enriched fields",
  size_unknown: "Company size unknown",
} as const;
type Flag = keyof typeof FLAGS;

const STOP = new Set(["of", "and", "the", "for", "at", "in", "to", "a", "&", "-", "/"]);
const norm = (v: string | null | undefined) => (v ?? "").trim().toLowerCase();
const level = (v: string | null | undefined) => norm(v) || "(none)";
const words = (role: string | null) => [
  ...new Set(
    norm(role)
      .split(/[^a-z0-9+#]+/)
      .filter((w) => w.length > 1 && !STOP.has(w)),
  ),
];

function companySize(l: LeadFeatures): number | null {
  const raw = l.customFields?.employees ?? l.customFields?.company_size ?? l.customFields?.employee_count;
  const n = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw.replace(/[, ]/g, "")) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.log1p(n) : null;
}

function flags(l: LeadFeatures): Record<Flag, boolean> {
  return {
    has_phone: Boolean(norm(l.phone)),
    has_website: Boolean(norm(l.website)),
    has_linkedin: Boolean(norm(l.linkedinUrl)),
    has_company: Boolean(norm(l.companyName)),
    // Any field filled by something other than a person typing it (enrichment, scraping, import).
    enriched: Object.values(l.provenance ?? {}).some((p) => p && p.source !== "manual"),
    size_unknown: companySize(l) === null,
  };
}

/** Learns the encoding from the training leads: the levels kept, the keywords, the size's mean and spread. */
export function buildEncoder(train: LeadFeatures[]): EncoderSpec {
  const categories: Record<string, string[]> = {};
  const columns = ["intercept"];
  for (const f of CATEGORY_FIELDS) {
    const counts = new Map<string, number>();
    for (const l of train) counts.set(level(l[f]), (counts.get(level(l[f])) ?? 0) + 1);
    const kept = [...counts].filter(([, c]) => c >= MIN_LEVEL_COUNT).map(([v]) => v);
    kept.sort();
    if (kept.length < counts.size) kept.push("other");
    categories[f] = kept;
    for (const v of kept) columns.push(`${f}=${v}`);
  }
  for (const flag of Object.keys(FLAGS)) columns.push(flag);
  const kw = new Map<string, number>();
  for (const l of train) for (const w of words(l.role)) kw.set(w, (kw.get(w) ?? 0) + 1);
  const keywords = [...kw]
    .filter(([, c]) => c >= MIN_LEVEL_COUNT)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, MAX_KEYWORDS)
    .map(([w]) => w);
  for (const w of keywords) columns.push(`title:${w}`);
  const sizes = train.map(companySize).filter((s): s is number => s !== null);
  const mean = sizes.length ? sizes.reduce((s, v) => s + v, 0) / sizes.length : 0;
  const sd = sizes.length > 1 ? Math.sqrt(sizes.reduce((s, v) => s + (v - mean) ** 2, 0) / (sizes.length - 1)) : 0;
  const numeric = sd > 0 ? [{ name: "company_size", mean, sd }] : [];
  for (const n of numeric) columns.push(n.name);
  return { categories, keywords, numeric, columns };
}

export function encode(spec: EncoderSpec, l: LeadFeatures): SparseRow {
  const index = columnIndex(spec);
  const idx: number[] = [0];
  const val: number[] = [1];
  for (const f of CATEGORY_FIELDS) {
    const levels = spec.categories[f] ?? [];
    const v = level(l[f]);
    const chosen = levels.includes(v) ? v : levels.includes("other") ? "other" : null;
    if (chosen !== null) {
      idx.push(index.get(`${f}=${chosen}`)!);
      val.push(1);
    }
  }
  const fl = flags(l);
  for (const flag of Object.keys(FLAGS) as Flag[]) {
    if (fl[flag]) {
      idx.push(index.get(flag)!);
      val.push(1);
    }
  }
  const own = new Set(words(l.role));
  for (const w of spec.keywords) {
    if (own.has(w)) {
      idx.push(index.get(`title:${w}`)!);
      val.push(1);
    }
  }
  for (const n of spec.numeric) {
    const s = companySize(l);
    if (s !== null) {
      idx.push(index.get(n.name)!);
      val.push((s - n.mean) / n.sd);
    }
  }
  return { idx, val };
}

const indexes = new WeakMap<EncoderSpec, Map<string, number>>();
function columnIndex(spec: EncoderSpec): Map<string, number> {
  let m = indexes.get(spec);
  if (!m) {
    m = new Map(spec.columns.map((c, i) => [c, i]));
    indexes.set(spec, m);
  }
  return m;
}

/** What a column means to a person, and its group and kind for the weights table. */
export function describe(column: string): {
  label: string;
  group: string;
  kind: "intercept" | "category" | "flag" | "keyword" | "numeric";
} {
  if (column === "intercept") return { label: "Baseline (intercept)", group: "Baseline", kind: "intercept" };
  const eq = column.indexOf("=");
  if (eq > 0) {
    const f = column.slice(0, eq) as CategoryField;
    const name = CATEGORY_LABEL[f] ?? f;
    return { label: `${name}: ${column.slice(eq + 1)}`, group: name, kind: "category" };
  }
  if (column.startsWith("title:")) return { label: `Title contains “${column.slice(6)}”`, group: "Title keywords", kind: "keyword" };
  if (column in FLAGS) return { label: FLAGS[column as Flag], group: "Profile", kind: "flag" };
  if (column === "company_size") return { label: "Company size (log employees, per SD)", group: "Company", kind: "numeric" };
  return { label: column, group: "Other", kind: "numeric" };
}
