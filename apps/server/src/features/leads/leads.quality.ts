/** The data-quality report: completeness per field, email status, duplicates, stale leads and scores. */
import type { QualityReport } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { findDuplicateGroups } from "./leads.duplicates.ts";
import { qualityCounts } from "./leads.repository.ts";

export const STALE_DAYS = 90;
const FIELDS = [
  "first_name",
  "last_name",
  "email",
  "company_name",
  "role",
  "industry",
  "phone",
  "website",
  "linkedin_url",
  "city",
  "country",
  "pain_point",
  "company_insight",
  "seniority",
  "department",
] as const;
const BUCKETS = [
  [0, 19],
  [20, 39],
  [40, 59],
  [60, 79],
  [80, 100],
] as const;

export async function qualityReport(ctx: Pick<AppContext, "db">, workspaceId: string): Promise<QualityReport> {
  const row = await qualityCounts(ctx.db, workspaceId, { fields: FIELDS, buckets: BUCKETS, staleDays: STALE_DAYS });
  const n = (k: string) => Number(row[k] ?? 0);
  const total = n("total");
  const pct = (x: number) => (total === 0 ? 0 : Math.round((x / total) * 1000) / 10);
  const groups = await findDuplicateGroups(ctx.db, workspaceId);
  return {
    total,
    completeness: [...FIELDS, "tags" as const].map((field) => ({ field, filled: n(field), percent: pct(n(field)) })),
    email_status: { valid: n("s_valid"), risky: n("s_risky"), invalid: n("s_invalid"), unknown: n("s_unknown") },
    leads_without_email: n("no_email"),
    duplicate_groups: groups.length,
    duplicate_leads: groups.reduce((s, g) => s + g.ids.length, 0),
    stale_days: STALE_DAYS,
    stale_leads: n("stale"),
    score_distribution: BUCKETS.map(([min, max]) => ({ bucket: `${min}-${max}`, min, max, count: n(`b${min}`) })),
    unscored: n("unscored"),
  };
}
