/** The data-quality report: completeness per field, email status, duplicates, stale leads and scores. */
import type { QualityReport } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { findDuplicateGroups } from "./leads.duplicates.ts";

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
  const filledCols = FIELDS.map((f) => `count(*) filter (where nullif(trim(${f}), '') is not null) as "${f}"`).join(", ");
  const bucketCols = BUCKETS.map(([lo, hi]) => `count(*) filter (where score between ${lo} and ${hi}) as "b${lo}"`).join(", ");
  const res = await ctx.db.execute(sql`
    select count(*) as total, ${sql.raw(filledCols)}, ${sql.raw(bucketCols)},
      count(*) filter (where cardinality(tags) > 0) as tags,
      count(*) filter (where email_status = 'valid') as s_valid,
      count(*) filter (where email_status = 'risky') as s_risky,
      count(*) filter (where email_status = 'invalid') as s_invalid,
      count(*) filter (where email_status = 'unknown') as s_unknown,
      count(*) filter (where email is null) as no_email,
      count(*) filter (where coalesce(last_activity_at, created_at) < now() - make_interval(days => ${STALE_DAYS})) as stale,
      count(*) filter (where score is null) as unscored
    from leads where workspace_id = ${workspaceId}`);
  const row = (res as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
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
