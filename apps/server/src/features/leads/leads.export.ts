/**
 * CSV export of a filtered lead list, streamed in pages of 2000 (keyset on the time-ordered id), so
 * a 100,000-lead export never sits in memory. Headers are lead field names: the file imports back.
 */
import { Readable } from "node:stream";
import type { Lead, LeadFilters } from "@prospector/contracts";
import { stringify } from "csv-stringify";
import { and, asc, gt } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { escapeFormula } from "./leads.csv.ts";
import { toLead } from "./leads.mapper.ts";
import { filterConditions } from "./leads.repository.ts";
import { leads } from "./leads.table.ts";

const PAGE = 2000;
export const EXPORT_COLUMNS = [
  "id",
  "first_name",
  "last_name",
  "email",
  "company_name",
  "role",
  "industry",
  "pain_point",
  "company_insight",
  "phone",
  "website",
  "linkedin_url",
  "city",
  "country",
  "seniority",
  "department",
  "status",
  "email_status",
  "score",
  "tags",
  "source",
  "owner_id",
  "campaign_id",
  "created_at",
  "updated_at",
  "last_activity_at",
] as const satisfies (keyof Lead)[];

function cells(l: Lead): string[] {
  return EXPORT_COLUMNS.map((c) => {
    const v = l[c];
    if (v == null) return "";
    return escapeFormula(Array.isArray(v) ? v.join("; ") : String(v));
  });
}

async function* pages(ctx: Pick<AppContext, "db">, workspaceId: string, filters: LeadFilters): AsyncGenerator<string[]> {
  yield [...EXPORT_COLUMNS];
  const where = filterConditions(workspaceId, filters);
  let after: string | null = null;
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(leads)
      .where(after ? and(where, gt(leads.id, after)) : where)
      .orderBy(asc(leads.id))
      .limit(PAGE);
    for (const r of rows) yield cells(toLead(r));
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]?.id ?? null;
  }
}

export function exportLeadsCsv(ctx: Pick<AppContext, "db">, workspaceId: string, filters: LeadFilters): Readable {
  return Readable.from(pages(ctx, workspaceId, filters)).pipe(stringify());
}
