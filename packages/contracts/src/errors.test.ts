import { describe, expect, it } from "vitest";
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
import { deliverabilityErrors } from "./deliverability.errors.ts";
import { errorCatalog, errorStatus } from "./errors.ts";
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

describe("error catalog", () => {
  it("has no code declared by two features", () => {
    const all = [
      commonErrors,
      identityErrors,
      accessErrors,
      platformErrors,
      leadsErrors,
      settingsErrors,
      scrapingErrors,
      accountSecurityErrors,
      campaignsErrors,
      inboxesErrors,
      composeErrors,
      crmActivityErrors,
      pipelineErrors,
      crmErrors,
      workspacesErrors,
      workspaceInvitesErrors,
      teamChatErrors,
      automationErrors,
      bulkOperationsErrors,
      coachingErrors,
      deliverabilityErrors,
      experimentsErrors,
      reputationErrors,
      analyticsEngineErrors,
      reportsErrors,
      executiveErrors,
      leadScoringErrors,
      recommendationsErrors,
      campaignIntelligenceErrors,
      optimizationErrors,
      analyticsIntelligenceErrors,
      sendInsightsErrors,
      sendingOpsErrors,
      aiLedgerErrors,
      replyIntentErrors,
      aiAgentsErrors,
      aiModelsErrors,
      aiExplainErrors,
      aiExperimentsErrors,
      aiContentErrors,
      securityErrors,
      incidentsErrors,
      complianceErrors,
      decisionsErrors,
      systemHealthErrors,
      systemMonitorErrors,
    ].flatMap((o) => Object.keys(o));
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(errorCatalog).length).toBe(all.length);
  });

  it("maps every code to an HTTP error status and a text", () => {
    for (const [code, spec] of Object.entries(errorCatalog)) {
      expect(spec.status, code).toBeGreaterThanOrEqual(400);
      expect(spec.status, code).toBeLessThan(600);
      expect(spec.detail.length, code).toBeGreaterThan(0);
      expect(errorStatus[code as keyof typeof errorStatus]).toBe(spec.status);
    }
  });
});
