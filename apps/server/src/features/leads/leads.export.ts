/**
 * CSV export of a filtered lead list, streamed in pages of 2000 (keyset on the time-ordered id), so
 * a 100,000-lead export never sits in memory. Headers are lead field names: the file imports back.
 */
import { pipeline, Readable } from "node:stream";
import { LEAD_CSV_COLUMNS, type LeadFilters, leadCsvCells } from "@prospector/contracts";
import { stringify } from "csv-stringify";
import type { AppContext } from "../../context.ts";
import { toLead } from "./leads.mapper.ts";
import { pageAfter } from "./leads.repository.ts";

const PAGE = 2000;

type Page = Awaited<ReturnType<typeof pageAfter>>;

async function* pages(ctx: Pick<AppContext, "db">, workspaceId: string, filters: LeadFilters, first: Page): AsyncGenerator<string[]> {
  yield [...LEAD_CSV_COLUMNS];
  let rows = first;
  for (;;) {
    for (const r of rows) yield leadCsvCells(toLead(r));
    if (rows.length < PAGE) return;
    rows = await pageAfter(ctx.db, workspaceId, filters, rows[rows.length - 1]?.id ?? null, PAGE);
  }
}

/**
 * The first page is read before the stream is returned, so filters the database refuses answer as
 * an error (not a 200 that never ends); a later failure destroys the stream (`pipeline`, where
 * `.pipe` left the CSV stream open forever and the request hanging).
 */
export async function exportLeadsCsv(ctx: Pick<AppContext, "db">, workspaceId: string, filters: LeadFilters): Promise<Readable> {
  const first = await pageAfter(ctx.db, workspaceId, filters, null, PAGE);
  return pipeline(Readable.from(pages(ctx, workspaceId, filters, first)), stringify(), () => {});
}
