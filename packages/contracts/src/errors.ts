/**
 * Every error the API can return. Each feature owns a `*.errors.ts` file; this catalog joins
 * them, so a code without a status and text cannot compile, and a duplicate code is a type error.
 */
import { z } from "zod";
import { accessErrors } from "./access.errors.ts";
import { accountSecurityErrors } from "./account-security.errors.ts";
import { aiAgentsErrors } from "./ai-agents.errors.ts";
import { aiContentErrors } from "./ai-content.errors.ts";
import { aiExperimentsErrors } from "./ai-experiments.errors.ts";
import { aiExplainErrors } from "./ai-explain.errors.ts";
import { aiLedgerErrors } from "./ai-ledger.errors.ts";
import { aiModelsErrors } from "./ai-models.errors.ts";
import { analyticsEngineErrors } from "./analytics-engine.errors.ts";
import { analyticsIntelligenceErrors } from "./analytics-intelligence.errors.ts";
import { automationErrors } from "./automation.errors.ts";
import { bulkOperationsErrors } from "./bulk-operations.errors.ts";
import { campaignIntelligenceErrors } from "./campaign-intelligence.errors.ts";
import { campaignsErrors } from "./campaigns.errors.ts";
import { coachingErrors } from "./coaching.errors.ts";
import { commonErrors } from "./common.errors.ts";
import { complianceErrors } from "./compliance.errors.ts";
import { composeErrors } from "./compose.errors.ts";
import { crmErrors } from "./crm.errors.ts";
import { crmActivityErrors } from "./crm-activity.errors.ts";
import { decisionsErrors } from "./decisions.errors.ts";
import type { ErrorSpec } from "./define-errors.ts";
import { deliverabilityErrors } from "./deliverability.errors.ts";
import { executiveErrors } from "./executive.errors.ts";
import { experimentsErrors } from "./experiments.errors.ts";
import { identityErrors } from "./identity.errors.ts";
import { inboxesErrors } from "./inboxes.errors.ts";
import { incidentsErrors } from "./incidents.errors.ts";
import { leadScoringErrors } from "./lead-scoring.errors.ts";
import { leadsErrors } from "./leads.errors.ts";
import { optimizationErrors } from "./optimization.errors.ts";
import { pipelineErrors } from "./pipeline.errors.ts";
import { platformErrors } from "./platform.errors.ts";
import { recommendationsErrors } from "./recommendations.errors.ts";
import { replyIntentErrors } from "./reply-intent.errors.ts";
import { reportsErrors } from "./reports.errors.ts";
import { reputationErrors } from "./reputation.errors.ts";
import { scrapingErrors } from "./scraping.errors.ts";
import { securityErrors } from "./security.errors.ts";
import { sendInsightsErrors } from "./send-insights.errors.ts";
import { sendingOpsErrors } from "./sending-ops.errors.ts";
import { settingsErrors } from "./settings.errors.ts";
import { systemHealthErrors } from "./system-health.errors.ts";
import { systemMonitorErrors } from "./system-monitor.errors.ts";
import { teamChatErrors } from "./team-chat.errors.ts";
import { workspaceInvitesErrors } from "./workspace-invites.errors.ts";
import { workspacesErrors } from "./workspaces.errors.ts";

export const errorCatalog = {
  ...commonErrors,
  ...identityErrors,
  ...accessErrors,
  ...platformErrors,
  ...leadsErrors,
  ...settingsErrors,
  ...scrapingErrors,
  ...accountSecurityErrors,
  ...campaignsErrors,
  ...inboxesErrors,
  ...composeErrors,
  ...crmActivityErrors,
  ...pipelineErrors,
  ...crmErrors,
  ...workspacesErrors,
  ...automationErrors,
  ...bulkOperationsErrors,
  ...coachingErrors,
  ...deliverabilityErrors,
  ...experimentsErrors,
  ...reputationErrors,
  ...analyticsEngineErrors,
  ...reportsErrors,
  ...executiveErrors,
  ...leadScoringErrors,
  ...recommendationsErrors,
  ...campaignIntelligenceErrors,
  ...optimizationErrors,
  ...analyticsIntelligenceErrors,
  ...sendInsightsErrors,
  ...sendingOpsErrors,
  ...workspaceInvitesErrors,
  ...teamChatErrors,
  ...aiLedgerErrors,
  ...replyIntentErrors,
  ...aiAgentsErrors,
  ...aiModelsErrors,
  ...aiExplainErrors,
  ...aiExperimentsErrors,
  ...aiContentErrors,
  ...securityErrors,
  ...incidentsErrors,
  ...complianceErrors,
  ...decisionsErrors,
  ...systemHealthErrors,
  ...systemMonitorErrors,
} satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof errorCatalog;
export const ErrorCode = z.enum(Object.keys(errorCatalog) as [ErrorCode, ...ErrorCode[]]);

export const errorStatus = Object.fromEntries(Object.entries(errorCatalog).map(([k, v]) => [k, v.status])) as Record<ErrorCode, number>;
export const errorDetail = Object.fromEntries(Object.entries(errorCatalog).map(([k, v]) => [k, v.detail])) as Record<ErrorCode, string>;

export const FieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/** The body of every non-2xx API response. */
export const ErrorBody = z.object({
  detail: z.string(),
  code: ErrorCode,
  errors: z.array(FieldError).optional(),
  requiredPermission: z.string().optional(),
  retryAfter: z.number().optional(),
  /** TWO_FACTOR_REQUIRED on sign-in: the token for the second step (see TwoFactorChallenge). */
  two_factor_token: z.string().optional(),
  expires_in: z.number().optional(),
  /** How many records block the action (CUSTOMER_HAS_DEALS, CRM_STAGE_IN_USE). */
  count: z.number().optional(),
  /** The record a conflict is about (LEAD_ALREADY_CONVERTED: the customer). */
  resource_id: z.string().optional(),
  /** CAMPAIGN_LOCKED: who holds the campaign's edit lock, since when. */
  locked_by: z.object({ user_id: z.string(), name: z.string(), since: z.string() }).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
