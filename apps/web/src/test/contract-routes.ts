/**
 * What the API answers, route by route: the response schema per status from @prospector/contracts,
 * copied from each server route's `schema.response` (apps/server/src/features/<name>/*.routes.ts).
 * The test kit's mockServer parses every mocked body with it, so a mock that drifts from what the
 * server sends fails the test. `null`: the server answers that status without a body. Error
 * statuses (4xx/5xx) are always the one ErrorBody; they are not listed here.
 */
import {
  AbResults,
  AccessibilitySettings,
  ActiveSession,
  AnalyticsSummary,
  ApiKey,
  ApiKeyCreated,
  ApiKeyUsage,
  ApiPermission,
  AuthConfig,
  Backup,
  BackupSettings,
  BillingAddress,
  BillingOverview,
  BillingPlan,
  BottlenecksAnswer,
  BulkResult,
  Campaign,
  CampaignActivityEntry,
  CampaignLeadList,
  CampaignLeadsResult,
  CampaignList,
  CampaignMeeting,
  CampaignMetrics,
  CampaignPreview,
  CampaignQueue,
  CampaignTrends,
  ChangePasswordResponse,
  ComposeMessage,
  ComposeSentList,
  DashboardSettings,
  DataQuality,
  DataSettings,
  DealHealth,
  DealInsights,
  EmailSettings,
  EnrichmentJob,
  ExportRecord,
  Forecast,
  GeneratedEmail,
  HealthActionResult,
  HealthOverview,
  ImportJob,
  ImportPreview,
  Inbox,
  InboxList,
  InboxTestResult,
  Invoice,
  Lead,
  LeadCount,
  LoginResponse,
  MailboxList,
  MailDetail,
  Me,
  MessageLog,
  MessageResponse,
  NewsletterSubscribed,
  Notification,
  NotificationList,
  NotificationSettings,
  Alert as PipelineAlert,
  ProfilePicture,
  ProfileSettings,
  QualityReport,
  RecoveryCodes,
  RegisterResponse,
  RevokeSessionsResponse,
  ScheduledExport,
  ScrapingJob,
  ScrapingSourceStatus,
  SecurityOverview,
  SuppressionCreateResult,
  SuppressionList,
  TwoFactorDisabled,
  TwoFactorEnabled,
  TwoFactorToggleResponse,
  UserSettings,
  ValidateLaunchResult,
  WorkspaceTrends,
} from "@prospector/contracts";
import { z } from "zod";

export type StatusSchemas = Partial<Record<number, z.ZodType | null>>;

const ok = (schema: z.ZodType): StatusSchemas => ({ 200: schema });
const settingsGroups = {
  profile: ProfileSettings,
  notifications: NotificationSettings,
  email: EmailSettings,
  dashboard: DashboardSettings,
  data: DataSettings,
};

/** "METHOD /api/path/:param" → the success statuses the server answers and their body schemas. */
export const CONTRACT_ROUTES: Record<string, StatusSchemas> = {
  // identity (identity.routes.ts)
  "POST /api/auth/register": { 201: RegisterResponse },
  "POST /api/auth/login": ok(LoginResponse),
  "GET /api/auth/me": ok(Me),
  "POST /api/auth/logout": ok(MessageResponse),
  "POST /api/auth/request-password-reset": ok(MessageResponse),
  "POST /api/auth/reset-password": ok(MessageResponse),
  "POST /api/auth/verify-email": ok(MessageResponse),
  "POST /api/auth/resend-verification": ok(MessageResponse),
  "GET /api/auth/config": ok(AuthConfig),
  "POST /api/auth/sso/token": ok(LoginResponse),
  // account security (account-security.routes.ts)
  "POST /api/auth/login/two-factor": ok(LoginResponse),
  "GET /api/user-settings/security": ok(SecurityOverview),
  "POST /api/user-settings/password": ok(ChangePasswordResponse),
  "POST /api/user-settings/two-factor": ok(TwoFactorToggleResponse),
  "POST /api/user-settings/two-factor/verify": ok(TwoFactorEnabled),
  "POST /api/user-settings/two-factor/disable": ok(TwoFactorDisabled),
  "POST /api/user-settings/two-factor/recovery-codes": ok(RecoveryCodes),
  "GET /api/user-settings/sessions": ok(z.array(ActiveSession)),
  "POST /api/user-settings/sessions/revoke": ok(MessageResponse),
  "POST /api/user-settings/sessions/revoke-others": ok(RevokeSessionsResponse),
  // user settings (user-settings.routes.ts)
  "GET /api/user-settings/settings": ok(UserSettings),
  "PUT /api/user-settings/settings": ok(UserSettings),
  ...Object.fromEntries(
    Object.entries(settingsGroups).flatMap(([name, schema]) => [
      [`GET /api/user-settings/settings/${name}`, ok(schema)],
      [`PUT /api/user-settings/settings/${name}`, ok(schema)],
    ]),
  ),
  "GET /api/user-settings/settings/accessibility": ok(AccessibilitySettings),
  "PUT /api/user-settings/settings/accessibility": ok(AccessibilitySettings),
  "POST /api/user-settings/profile/picture": ok(ProfilePicture),
  "DELETE /api/user-settings/profile/picture": ok(ProfilePicture),
  // API keys (api-keys.routes.ts)
  "GET /api/user-settings/api-keys": ok(z.array(ApiKey)),
  "GET /api/user-settings/api-keys/permissions": ok(z.array(ApiPermission)),
  "GET /api/user-settings/api-keys/usage": ok(ApiKeyUsage),
  "POST /api/user-settings/api-keys": { 201: ApiKeyCreated },
  "GET /api/user-settings/api-keys/:id/usage": ok(ApiKeyUsage),
  "PUT /api/user-settings/api-keys/:id": ok(ApiKey),
  // billing (billing.routes.ts)
  "GET /api/user-settings/billing": ok(BillingOverview),
  "GET /api/user-settings/billing/plans": ok(z.array(BillingPlan)),
  "POST /api/user-settings/billing/plan": ok(BillingOverview),
  "PUT /api/user-settings/billing/address": ok(BillingAddress),
  "PUT /api/user-settings/billing/auto-renew": ok(BillingOverview),
  "GET /api/user-settings/billing/invoices": ok(z.array(Invoice)),
  // data exports and backups (data-exports.routes.ts)
  "GET /api/user-settings/exports": ok(z.array(ExportRecord)),
  "POST /api/user-settings/exports": { 202: ExportRecord },
  "GET /api/user-settings/exports/:id": ok(ExportRecord),
  "GET /api/user-settings/scheduled-exports": ok(z.array(ScheduledExport)),
  "POST /api/user-settings/scheduled-exports": { 201: ScheduledExport },
  "PUT /api/user-settings/scheduled-exports/:id": ok(ScheduledExport),
  "GET /api/user-settings/backups/settings": ok(BackupSettings),
  "PUT /api/user-settings/backups/settings": ok(BackupSettings),
  "GET /api/user-settings/backups": ok(z.array(Backup)),
  "POST /api/user-settings/backups": { 202: Backup },
  // leads (leads.routes.ts, leads.import.routes.ts)
  "GET /api/leads": ok(z.array(Lead)),
  "POST /api/leads": { 201: Lead },
  "GET /api/leads/count": ok(LeadCount),
  "GET /api/leads/quality-report": ok(QualityReport),
  "POST /api/leads/bulk-delete": ok(BulkResult),
  "POST /api/leads/bulk-tag": ok(BulkResult),
  "GET /api/leads/:id": ok(Lead),
  "PUT /api/leads/:id": ok(Lead),
  "DELETE /api/leads/:id": { 204: null },
  "POST /api/leads/import": { 202: ImportJob },
  "POST /api/leads/import/preview": ok(ImportPreview),
  "GET /api/leads/import-jobs": ok(z.array(ImportJob)),
  "GET /api/leads/import-jobs/:id": ok(ImportJob),
  // scraping and enrichment (scraping.routes.ts, enrichment.routes.ts)
  "POST /api/leads/scraping-jobs": { 202: ScrapingJob },
  "POST /api/leads/scrape/:source": { 202: ScrapingJob },
  "GET /api/leads/scraping-jobs": ok(z.array(ScrapingJob)),
  "GET /api/leads/scraping-jobs/:id": ok(ScrapingJob),
  "DELETE /api/leads/scraping-jobs/:id": ok(ScrapingJob),
  "GET /api/leads/scraping-sources": ok(z.array(ScrapingSourceStatus)),
  "POST /api/leads/:id/enrich": { 202: EnrichmentJob },
  "POST /api/leads/bulk-enrich": { 202: EnrichmentJob },
  "GET /api/leads/enrichment-jobs": ok(z.array(EnrichmentJob)),
  "GET /api/leads/enrichment-jobs/:id": ok(EnrichmentJob),
  "DELETE /api/leads/enrichment-jobs/:id": ok(EnrichmentJob),
  // campaigns (campaigns.routes.ts, campaigns.analytics.routes.ts, email-generation.routes.ts)
  "GET /api/campaigns": ok(CampaignList),
  "POST /api/campaigns": { 201: Campaign },
  "GET /api/campaigns/:id": ok(Campaign),
  "PUT /api/campaigns/:id": ok(Campaign),
  "DELETE /api/campaigns/:id": { 204: null },
  "POST /api/campaigns/:id/duplicate": { 201: Campaign },
  "POST /api/campaigns/:id/launch": ok(Campaign),
  "POST /api/campaigns/:id/pause": ok(Campaign),
  "POST /api/campaigns/:id/resume": ok(Campaign),
  "POST /api/campaigns/:id/stop": ok(Campaign),
  "GET /api/campaigns/:id/validate-launch": ok(ValidateLaunchResult),
  "GET /api/campaigns/:id/leads": ok(CampaignLeadList),
  "POST /api/campaigns/:id/leads": ok(CampaignLeadsResult),
  "DELETE /api/campaigns/:id/leads": ok(CampaignLeadsResult),
  "POST /api/campaigns/:id/leads/:leadId/meeting": ok(CampaignMeeting),
  "DELETE /api/campaigns/:id/leads/:leadId/meeting": { 204: null },
  "GET /api/campaigns/:id/preview": ok(CampaignPreview),
  "GET /api/campaigns/:id/activity": ok(z.array(CampaignActivityEntry)),
  "GET /api/campaigns/:id/metrics": ok(CampaignMetrics),
  "POST /api/campaigns/:id/metrics/refresh": ok(CampaignMetrics),
  "GET /api/campaigns/:id/trends": ok(CampaignTrends),
  "GET /api/campaigns/analytics/summary": ok(AnalyticsSummary),
  "GET /api/campaigns/analytics/trends": ok(WorkspaceTrends),
  "POST /api/campaigns/generate-email": ok(GeneratedEmail),
  // sending (sending.routes.ts)
  "GET /api/campaigns/:id/queue": ok(CampaignQueue),
  "GET /api/campaigns/:id/messages": ok(MessageLog),
  "GET /api/campaigns/:id/ab-results": ok(AbResults),
  // inboxes (inboxes.routes.ts)
  "GET /api/inboxes": ok(InboxList),
  "POST /api/inboxes": { 201: Inbox },
  "GET /api/inboxes/:id": ok(Inbox),
  "PUT /api/inboxes/:id": ok(Inbox),
  "DELETE /api/inboxes/:id": { 204: null },
  "POST /api/inboxes/:id/test": ok(InboxTestResult),
  // compose (compose.routes.ts)
  "POST /api/compose/send": ok(ComposeMessage),
  "GET /api/compose/sent": ok(ComposeSentList),
  // suppression, notifications, mailbox, newsletter
  "GET /api/suppression": ok(SuppressionList),
  "POST /api/suppression": ok(SuppressionCreateResult),
  "DELETE /api/suppression/:email": { 204: null },
  "GET /api/notifications": ok(NotificationList),
  "POST /api/notifications/:id/read": ok(Notification),
  "GET /api/mailbox": ok(MailboxList),
  "GET /api/mailbox/:id": ok(MailDetail),
  "POST /api/newsletter/subscribe": ok(NewsletterSubscribed),
  // pipeline (pipeline.routes.ts)
  "GET /api/pipeline/health/overview": ok(HealthOverview),
  "GET /api/pipeline/bottlenecks": ok(BottlenecksAnswer),
  "GET /api/pipeline/forecasts/precomputed": ok(Forecast),
  "GET /api/pipeline/health/deal/:id": ok(DealHealth),
  "GET /api/pipeline/health/data-quality": ok(DataQuality),
  "GET /api/pipeline/health/alerts": ok(z.array(PipelineAlert)),
  "POST /api/pipeline/health/actions": ok(HealthActionResult),
  "GET /api/deal-insights/:id": ok(DealInsights),
};

interface CompiledRoute {
  method: string;
  segments: string[];
  literals: number;
  statuses: StatusSchemas;
  key: string;
}

const segmentsOf = (path: string) => path.replace(/\/+$/, "").split("/").filter(Boolean);

const compiled: CompiledRoute[] = Object.entries(CONTRACT_ROUTES)
  .map(([key, statuses]) => {
    const [method, path] = key.split(" ") as [string, string];
    const segments = segmentsOf(path);
    return { method, segments, literals: segments.filter((s) => !s.startsWith(":")).length, statuses, key };
  })
  // A literal segment wins over a parameter: /api/leads/count before /api/leads/:id.
  .sort((a, b) => b.literals - a.literals);

/** The contract of the route `method path` answers, or undefined when the map does not know it. */
export function contractFor(method: string, path: string): { key: string; statuses: StatusSchemas } | undefined {
  const want = segmentsOf(path);
  const route = compiled.find(
    (r) => r.method === method && r.segments.length === want.length && r.segments.every((s, i) => s.startsWith(":") || s === want[i]),
  );
  return route && { key: route.key, statuses: route.statuses };
}
