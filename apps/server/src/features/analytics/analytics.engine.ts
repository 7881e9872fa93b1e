/**
 * The analytics engine (docs/analytics.md): answers a report query — metrics × dimensions ×
 * filters over a date range — from the cached aggregates, workspace-scoped, in keyset pages. Every
 * analytics page and the report builder ask it; none computes its own figures from raw rows.
 */
import type { ReportQueryParsed, ReportResult } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";

export async function runReport(_ctx: AppContext, _workspaceId: string, _query: ReportQueryParsed): Promise<ReportResult> {
  throw new AppError("ANALYTICS_INVALID_QUERY", "The analytics engine is not built yet");
}
