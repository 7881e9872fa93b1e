/**
 * Every feature, lowest layer first (the order of LAYERS in test/architecture.ts and of
 * ARCHITECTURE.md). The API and the worker register them in this order; the API then adds routes.
 */

import { accessFeature } from "./features/access/access.feature.ts";
import { accountSecurityFeature } from "./features/account-security/account-security.feature.ts";
import { aiAgentsFeature } from "./features/ai-agents/ai-agents.feature.ts";
import { aiInsightsFeature } from "./features/ai-insights/ai-insights.feature.ts";
import { aiLedgerFeature } from "./features/ai-ledger/ai-ledger.feature.ts";
import { aiModelsFeature } from "./features/ai-models/ai-models.feature.ts";
import { analyticsFeature } from "./features/analytics/analytics.feature.ts";
import { apiKeysFeature } from "./features/api-keys/api-keys.feature.ts";
import { automationFeature } from "./features/automation/automation.feature.ts";
import { billingFeature } from "./features/billing/billing.feature.ts";
import { bulkOperationsFeature } from "./features/bulk-operations/bulk-operations.feature.ts";
import { campaignsFeature } from "./features/campaigns/campaigns.feature.ts";
import { coachingFeature } from "./features/coaching/coaching.feature.ts";
import { complianceFeature } from "./features/compliance/compliance.feature.ts";
import { composeFeature } from "./features/compose/compose.feature.ts";
import { crmFeature } from "./features/crm/crm.feature.ts";
import { dataExportsFeature } from "./features/data-exports/data-exports.feature.ts";
import { decisionsFeature } from "./features/decisions/decisions.feature.ts";
import { deliverabilityFeature } from "./features/deliverability/deliverability.feature.ts";
import { emailGenerationFeature } from "./features/email-generation/email-generation.feature.ts";
import { enrichmentFeature } from "./features/enrichment/enrichment.feature.ts";
import { errorReportsFeature } from "./features/error-reports/error-reports.feature.ts";
import { healthFeature } from "./features/health/health.feature.ts";
import { identityFeature } from "./features/identity/identity.feature.ts";
import { inboxesFeature } from "./features/inboxes/inboxes.feature.ts";
import { leadScoringFeature } from "./features/lead-scoring/lead-scoring.feature.ts";
import { leadsFeature } from "./features/leads/leads.feature.ts";
import { mailboxFeature } from "./features/mailbox/mailbox.feature.ts";
import { newsletterFeature } from "./features/newsletter/newsletter.feature.ts";
import { notificationsFeature } from "./features/notifications/notifications.feature.ts";
import { organizationsFeature } from "./features/organizations/organizations.feature.ts";
import { pipelineFeature } from "./features/pipeline/pipeline.feature.ts";
import { plansFeature } from "./features/plans/plans.feature.ts";
import { recommendationsFeature } from "./features/recommendations/recommendations.feature.ts";
import { repliesFeature } from "./features/replies/replies.feature.ts";
import { replyIntentFeature } from "./features/reply-intent/reply-intent.feature.ts";
import { reportsFeature } from "./features/reports/reports.feature.ts";
import { reputationFeature } from "./features/reputation/reputation.feature.ts";
import { scrapingFeature } from "./features/scraping/scraping.feature.ts";
import { securityFeature } from "./features/security/security.feature.ts";
import { sendInsightsFeature } from "./features/send-insights/send-insights.feature.ts";
import { sendingFeature } from "./features/sending/sending.feature.ts";
import { suppressionFeature } from "./features/suppression/suppression.feature.ts";
import { teamSocketFeature } from "./features/team-socket/team-socket.feature.ts";
import { trackingFeature } from "./features/tracking/tracking.feature.ts";
import { userSettingsFeature } from "./features/user-settings/user-settings.feature.ts";
import { webCrawlerFeature } from "./features/web-crawler/web-crawler.feature.ts";
import { workspacesFeature } from "./features/workspaces/workspaces.feature.ts";
import type { Feature } from "./platform/feature.ts";

export const FEATURES: readonly Feature[] = [
  identityFeature,
  organizationsFeature,
  plansFeature,
  accessFeature,
  apiKeysFeature,
  notificationsFeature,
  errorReportsFeature,
  newsletterFeature,
  mailboxFeature,
  accountSecurityFeature,
  userSettingsFeature,
  billingFeature,
  aiLedgerFeature,
  leadsFeature,
  webCrawlerFeature,
  enrichmentFeature,
  inboxesFeature,
  scrapingFeature,
  campaignsFeature,
  emailGenerationFeature,
  suppressionFeature,
  sendingFeature,
  composeFeature,
  trackingFeature,
  repliesFeature,
  crmFeature,
  replyIntentFeature,
  pipelineFeature,
  deliverabilityFeature,
  sendInsightsFeature,
  coachingFeature,
  bulkOperationsFeature,
  dataExportsFeature,
  teamSocketFeature,
  healthFeature,
  decisionsFeature,
  reputationFeature,
  automationFeature,
  analyticsFeature,
  leadScoringFeature,
  reportsFeature,
  recommendationsFeature,
  aiModelsFeature,
  aiAgentsFeature,
  aiInsightsFeature,
  workspacesFeature,
  securityFeature,
  complianceFeature,
];
