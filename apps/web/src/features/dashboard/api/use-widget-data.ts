/**
 * The figures dashboard widgets show, from features that exist: lead counts and quality, imports,
 * scraping jobs (leads feature), notifications, plan usage (billing) and instance health. The
 * key prefixes are what auto refresh invalidates. Their query options: widget-queries.ts.
 */
import { useQuery } from "@tanstack/react-query";
import { leadCountQuery, qualityReportQuery, recentImportsQuery, recentScrapingJobsQuery } from "./widget-queries.ts";

export { widgetKeys } from "./widget-queries.ts";

/** Everything a dashboard refresh re-reads. */
export const REFRESH_PREFIXES: ReadonlyArray<readonly string[]> = [
  ["leads"],
  ["notifications"],
  ["user-settings", "billing"],
  ["health"],
  ["mailbox"],
  ["auth", "config"],
];

export function useLeadCount(enabled: boolean) {
  return useQuery({ ...leadCountQuery, enabled });
}

export function useQualityReport(enabled: boolean) {
  return useQuery({ ...qualityReportQuery, enabled });
}

export function useRecentImports(enabled: boolean) {
  return useQuery({ ...recentImportsQuery, enabled });
}

export function useRecentScrapingJobs(enabled: boolean) {
  return useQuery({ ...recentScrapingJobsQuery, enabled });
}
