/**
 * CSV export of a filtered lead list, streamed in pages of 2000 (keyset on the time-ordered id), so
 * a 100,000-lead export never sits in memory. Headers are lead field names: the file imports back.
 */
import type { Readable } from "node:stream";
import { LEAD_CSV_COLUMNS, type LeadFilters, leadCsvCells } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { csvStream } from "../../platform/csv-stream.ts";
import { toLead } from "./leads.mapper.ts";
import { pageAfter } from "./leads.repository.ts";

const PAGE = 2000;

async function* pages(ctx: Pick<AppContext, "db">, workspaceId: string, filters: LeadFilters): AsyncGenerator<string[]> {
  yield [...LEAD_CSV_COLUMNS];
  let after: string | null = null;
  for (;;) {
    const rows = await pageAfter(ctx.db, workspaceId, filters, after, PAGE);
    for (const r of rows) yield leadCsvCells(toLead(r));
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]?.id ?? null;
  }
}

/** Refused filters answer as an error, before any of the CSV is sent (platform/csv-stream.ts). */
export function exportLeadsCsv(ctx: Pick<AppContext, "db">, workspaceId: string, filters: LeadFilters): Promise<Readable> {
  return csvStream(pages(ctx, workspaceId, filters));
}
