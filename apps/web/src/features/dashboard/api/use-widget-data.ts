/**
 * The figures dashboard widgets show, from features that exist: lead counts and quality, imports,
 * scraping jobs (leads feature), notifications, plan usage (billing) and instance health. The
 * key prefixes are what auto refresh invalidates.
 */
import type { ImportJob, LeadCount, QualityReport, ScrapingJob } from "@prospector/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const widgetKeys = {
  // Shared with the side navigation's counter, so both show the same figure.
  leadsCount: ["leads", "count", "month-start"] as const,
  quality: ["leads", "quality-report"] as const,
  imports: ["leads", "import-jobs", "recent"] as const,
  scraping: ["leads", "scraping-jobs", "recent"] as const,
};

/** Everything a dashboard refresh re-reads. */
export const REFRESH_PREFIXES: ReadonlyArray<readonly string[]> = [
  ["leads"],
  ["notifications"],
  ["user-settings", "billing"],
  ["health"],
  ["mailbox"],
  ["auth", "config"],
];

const quiet = { report: false, retry503: false } as const;

export function useLeadCount(enabled: boolean) {
  return useQuery({
    queryKey: widgetKeys.leadsCount,
    queryFn: ({ signal }) => api.get<LeadCount>("/leads/count", { signal, report: false }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

export function useQualityReport(enabled: boolean) {
  return useQuery({
    queryKey: widgetKeys.quality,
    queryFn: ({ signal }) => api.get<QualityReport>("/leads/quality-report", { signal, ...quiet }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

export function useRecentImports(enabled: boolean) {
  return useQuery({
    queryKey: widgetKeys.imports,
    queryFn: ({ signal }) => api.get<ImportJob[]>("/leads/import-jobs", { params: { limit: 5 }, signal, ...quiet }),
    enabled,
    retry: false,
  });
}

export function useRecentScrapingJobs(enabled: boolean) {
  return useQuery({
    queryKey: widgetKeys.scraping,
    queryFn: ({ signal }) => api.get<ScrapingJob[]>("/leads/scraping-jobs", { params: { limit: 5 }, signal, ...quiet }),
    enabled,
    retry: false,
  });
}
