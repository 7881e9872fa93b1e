/**
 * What each dashboard widget asks the server, as query options shared by the widgets' hooks and
 * by the early start (app/early-start.ts): on a signed-in first visit to /dashboard the widgets'
 * requests go out as soon as the session and the settings have answered, while React is still
 * rendering the layout, instead of after the widgets have rendered. Same keys, same options, so
 * the hooks find the answers in the cache (or on the way) and do not ask again.
 */
import type { ImportJob, LeadCount, MailboxList, Me, QualityReport, ScrapingJob } from "@prospector/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { permits } from "../../../app/layout/nav-items.ts";
import { api } from "../../../lib/api-client.ts";
import { healthQuery } from "../../../lib/use-health.ts";
import { authConfigQuery } from "../../auth/api/use-auth-config.ts";
import { notificationSummaryQuery } from "../../notifications/api/use-notifications.ts";
import { billingOverviewQuery } from "../../settings/api/use-billing.ts";
import { defaultLayout, parseLayout } from "../lib/widget-layout.ts";

type Signal = { signal: AbortSignal };
const quiet = { report: false, retry503: false } as const;

export const widgetKeys = {
  // Shared with the side navigation's counter, so both show the same figure.
  leadsCount: ["leads", "count", "month-start"] as const,
  quality: ["leads", "quality-report"] as const,
  imports: ["leads", "import-jobs", "recent"] as const,
  scraping: ["leads", "scraping-jobs", "recent"] as const,
  smtpStatus: ["mailbox", "smtp-status"] as const,
};

export const leadCountQuery = {
  queryKey: widgetKeys.leadsCount,
  queryFn: ({ signal }: Signal) => api.get<LeadCount>("/leads/count", { signal, report: false }),
  retry: false,
  staleTime: 60_000,
} as const;

export const qualityReportQuery = {
  queryKey: widgetKeys.quality,
  queryFn: ({ signal }: Signal) => api.get<QualityReport>("/leads/quality-report", { signal, ...quiet }),
  retry: false,
  staleTime: 60_000,
} as const;

export const recentImportsQuery = {
  queryKey: widgetKeys.imports,
  queryFn: ({ signal }: Signal) => api.get<ImportJob[]>("/leads/import-jobs", { params: { limit: 5 }, signal, ...quiet }),
  retry: false,
} as const;

export const recentScrapingJobsQuery = {
  queryKey: widgetKeys.scraping,
  queryFn: ({ signal }: Signal) => api.get<ScrapingJob[]>("/leads/scraping-jobs", { params: { limit: 5 }, signal, ...quiet }),
  retry: false,
} as const;

/** Whether SMTP is set up, for the getting-started checklist (instance admins only). */
export const smtpStatusQuery = {
  queryKey: widgetKeys.smtpStatus,
  queryFn: ({ signal }: Signal) => api.get<MailboxList>("/mailbox", { params: { page: 1, per_page: 1 }, signal, report: false }),
  retry: false,
} as const;

export const canReadLeads = (user: Me) => permits(user.permissions, "leads:read");
/** The checklist counts leads for anyone with a leads permission (as its hook does). */
export const hasLeadsPermission = (user: Me) => user.permissions.some((p) => p === "*:*" || p.startsWith("leads:"));

/** The queries one widget of `type` asks for this user (none for widgets the role cannot see). */
export function widgetQueries(type: string, user: Me): Array<{ queryKey: readonly unknown[] }> {
  const leads = canReadLeads(user);
  if (type === "getting-started") {
    return [
      authConfigQuery,
      healthQuery,
      notificationSummaryQuery(5),
      ...(user.is_instance_admin ? [smtpStatusQuery] : []),
      ...(hasLeadsPermission(user) ? [leadCountQuery] : []),
    ];
  }
  if (type === "notifications") return [notificationSummaryQuery(5)];
  if (type === "instance-health") return [healthQuery];
  if (type === "plan-usage") return [billingOverviewQuery];
  if (leads && type === "leads-month") return [leadCountQuery];
  if (leads && type === "lead-quality") return [qualityReportQuery];
  if (leads && type === "recent-imports") return [recentImportsQuery];
  if (leads && type === "scraping-jobs") return [recentScrapingJobsQuery];
  return [];
}

/** Whether every query of a widget has its answer (or its error) in the cache: it renders complete. */
export function widgetReady(queryClient: QueryClient, type: string, user: Me): boolean {
  return widgetQueries(type, user).every((q) => {
    const status = queryClient.getQueryState(q.queryKey)?.status;
    return status === "success" || status === "error";
  });
}

/**
 * Starts the requests of the widgets in the user's layout (the saved one, else the default for
 * their permissions), with the options their hooks use; widgets the role cannot see ask nothing.
 */
export function prefetchDashboardWidgets(queryClient: QueryClient, user: Me, dashboardLayout: string | null | undefined): void {
  const items = parseLayout(dashboardLayout) ?? defaultLayout((p) => permits(user.permissions, p));
  for (const { type } of items) {
    for (const options of widgetQueries(type, user)) void queryClient.prefetchQuery(options as Parameters<QueryClient["prefetchQuery"]>[0]);
  }
}
