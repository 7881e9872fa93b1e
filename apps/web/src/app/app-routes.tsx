/**
 * The signed-in app's routes (every page behind the auth guard, inside the main layout) and the
 * not-found page, as one lazy module that router.tsx renders for any address the public routes do
 * not match. Kept out of the entry: the route table and Vite's list of each page's files (to
 * fetch them together on navigation) were 23 KB of the entry (4 KB brotli) that every first
 * visit to the landing page or the auth screens downloaded and never used (bench/README.md,
 * bench/web fifth round). Register a protected route here only once its page really works.
 */
import { lazy, Suspense } from "react";
import { Navigate, type RouteObject, useRoutes } from "react-router";
import { LoadingScreen } from "../ui/loading-screen.tsx";
import { AuthGuard } from "./auth-guard.tsx";
import { page } from "./lazy-page.tsx";

const AppLayout = lazy(() => import("./layout/app-layout.tsx").then((m) => ({ default: m.AppLayout })));
const DashboardPage = lazy(() => import("../features/dashboard/pages/dashboard-page.tsx"));
const NotificationsPage = lazy(() => import("../features/notifications/pages/notifications-page.tsx"));
const MailboxPage = lazy(() => import("../features/mailbox/pages/mailbox-page.tsx"));
const LeadsPage = lazy(() => import("../features/leads/pages/leads-page.tsx"));
const DiscoveryPage = lazy(() => import("../features/discovery/pages/discovery-page.tsx"));
const SettingsPage = lazy(() => import("../features/settings/pages/settings-page.tsx"));
const CampaignsPage = lazy(() => import("../features/campaigns/pages/campaigns-page.tsx"));
const CampaignDetailPage = lazy(() => import("../features/campaigns/pages/campaign-detail-page.tsx"));
const CampaignEditPage = lazy(() => import("../features/campaigns/pages/campaign-edit-page.tsx"));
const ComposePage = lazy(() => import("../features/compose/pages/compose-page.tsx"));
const InboxesPage = lazy(() => import("../features/inboxes/pages/inboxes-page.tsx"));
const AnalyticsPage = lazy(() => import("../features/analytics/pages/analytics-page.tsx"));
const AbTestsPage = lazy(() => import("../features/ab-tests/pages/ab-tests-page.tsx"));
const PipelinePage = lazy(() => import("../features/pipeline/pages/pipeline-page.tsx"));
const CrmLayout = lazy(() => import("../features/crm/pages/crm-layout.tsx"));
const CrmOverviewPage = lazy(() => import("../features/crm/pages/crm-overview-page.tsx"));
const CrmCustomersPage = lazy(() => import("../features/crm/pages/customers-page.tsx"));
const CrmDealsPage = lazy(() => import("../features/crm/pages/deals-page.tsx"));
const CrmTasksPage = lazy(() => import("../features/crm/pages/tasks-page.tsx"));
const CrmInteractionsPage = lazy(() => import("../features/crm/pages/interactions-page.tsx"));
const TeamOverviewPage = lazy(() => import("../features/team/pages/team-overview-page.tsx"));
const TeamWorkspacesPage = lazy(() => import("../features/team/pages/team-workspaces-page.tsx"));
const TeamMembersPage = lazy(() => import("../features/team/pages/team-members-page.tsx"));
const TeamPermissionsPage = lazy(() => import("../features/team/pages/team-permissions-page.tsx"));
const TeamChatPage = lazy(() => import("../features/team/pages/team-chat-page.tsx"));
const TeamActivityPage = lazy(() => import("../features/team/pages/team-activity-page.tsx"));
const RbacPage = lazy(() => import("../features/rbac/pages/rbac-page.tsx"));
const DeliverabilityPage = lazy(() => import("../features/deliverability/pages/deliverability-page.tsx"));
const DeliverabilityEnhancedPage = lazy(() => import("../features/deliverability/pages/deliverability-enhanced-page.tsx"));
const DeliverabilityGamePage = lazy(() => import("../features/reputation/pages/deliverability-game-page.tsx"));
const ReputationCenterPage = lazy(() => import("../features/reputation/pages/reputation-center-page.tsx"));
const SendTimeOptimizerPage = lazy(() => import("../features/send-insights/pages/send-time-optimizer-page.tsx"));
const ProviderIntelligencePage = lazy(() => import("../features/send-insights/pages/provider-intelligence-page.tsx"));
const KillSwitchPage = lazy(() => import("../features/sending-ops/pages/kill-switch-page.tsx"));
const CapacityPlanningPage = lazy(() => import("../features/sending-ops/pages/capacity-planning-page.tsx"));
const ThreatDetectionPage = lazy(() => import("../features/security-ops/pages/threat-detection-page.tsx"));
const ThreatAnalyticsPage = lazy(() => import("../features/security-ops/pages/threat-analytics-page.tsx"));
const IncidentsPage = lazy(() => import("../features/security-ops/pages/incidents-page.tsx"));
const SecurityScanPage = lazy(() => import("../features/security-ops/pages/security-scan-page.tsx"));
const CompliancePage = lazy(() => import("../features/compliance/pages/compliance-page.tsx"));
const SystemHealthPage = lazy(() => import("../features/system-health/pages/system-health-page.tsx"));
const SystemPerformancePage = lazy(() => import("../features/system-health/pages/system-performance-page.tsx"));
const SystemInfrastructurePage = lazy(() => import("../features/system-health/pages/system-infrastructure-page.tsx"));
const SystemMonitorPage = lazy(() => import("../features/system-monitor/pages/system-monitor-page.tsx"));
const EdgeCasesPage = lazy(() => import("../features/system-monitor/pages/edge-cases-page.tsx"));
const DecisionsPage = lazy(() => import("../features/decisions/pages/decisions-page.tsx"));
const TaskPlanningPage = lazy(() => import("../features/task-planning/pages/task-planning-page.tsx"));
const SettingsSimplePage = lazy(() => import("../features/settings/pages/settings-simple-page.tsx"));
const SettingsComplexPage = lazy(() => import("../features/settings/pages/settings-complex-page.tsx"));
const BulkOperationsPage = lazy(() => import("../features/bulk-operations/pages/bulk-operations-page.tsx"));
const AutomationPage = lazy(() => import("../features/automation/pages/automation-page.tsx"));
const NurtureOrchestrationPage = lazy(() => import("../features/automation/pages/nurture-orchestration-page.tsx"));
const EmailCoachingPage = lazy(() => import("../features/coaching/pages/email-coaching-page.tsx"));
const ExperimentsPage = lazy(() => import("../features/ab-tests/pages/experiments-page.tsx"));
const CommandCenterPage = lazy(() => import("../features/executive/pages/command-center-page.tsx"));
const BoardroomPage = lazy(() => import("../features/executive/pages/boardroom-page.tsx"));
const TeamPerformancePage = lazy(() => import("../features/executive/pages/team-performance-page.tsx"));
const UserSuccessPage = lazy(() => import("../features/executive/pages/user-success-page.tsx"));
const ReportBuilderPage = lazy(() => import("../features/reports/pages/report-builder-page.tsx"));
const PredictivePage = lazy(() => import("../features/predictive/pages/predictive-page.tsx"));
const RecommendationsPage = lazy(() => import("../features/recommendations/pages/recommendations-page.tsx"));
const AiAgentsPage = lazy(() => import("../features/ai-agents/pages/ai-agents-page.tsx"));
const AiActivityPage = lazy(() => import("../features/ai-activity/pages/ai-activity-page.tsx"));
const LlmConsolePage = lazy(() => import("../features/ai-activity/pages/llm-console-page.tsx"));
const MlFeedbackPage = lazy(() => import("../features/ai-feedback/pages/ml-feedback-page.tsx"));
const MlopsRegistryPage = lazy(() => import("../features/ai-models/pages/mlops-registry-page.tsx"));
const ModelRepositoryPage = lazy(() => import("../features/ai-models/pages/model-repository-page.tsx"));
const DeploymentPipelinePage = lazy(() => import("../features/ai-models/pages/deployment-pipeline-page.tsx"));
const PerformanceMonitorPage = lazy(() => import("../features/ai-models/pages/performance-monitor-page.tsx"));
const FeatureStorePage = lazy(() => import("../features/ai-models/pages/feature-store-page.tsx"));
const AiTransparencyPage = lazy(() => import("../features/explainability/pages/ai-transparency-page.tsx"));
const ExplainabilityPage = lazy(() => import("../features/explainability/pages/explainability-page.tsx"));
const ExplainabilityPatternsPage = lazy(() => import("../features/explainability/pages/explainability-patterns-page.tsx"));
const ExplainabilityRecommendationsPage = lazy(() => import("../features/explainability/pages/explainability-recommendations-page.tsx"));
const ExplainabilityPerformancePage = lazy(() => import("../features/explainability/pages/explainability-performance-page.tsx"));
const AiDoctorPage = lazy(() => import("../features/ai-experiments/pages/ai-doctor-page.tsx"));
const CausalAnalyticsPage = lazy(() => import("../features/ai-experiments/pages/causal-analytics-page.tsx"));
const ReinforcementLearningPage = lazy(() => import("../features/ai-experiments/pages/reinforcement-learning-page.tsx"));
const MemoryIntelligencePage = lazy(() => import("../features/ai-content/pages/memory-intelligence-page.tsx"));
const MultimodalPage = lazy(() => import("../features/ai-content/pages/multimodal-page.tsx"));
const PlaybooksPage = lazy(() => import("../features/recommendations/pages/playbooks-page.tsx"));
const CampaignIntelligenceCenterPage = lazy(() => import("../features/campaign-intelligence/pages/center-page.tsx"));
const CampaignPerformancePage = lazy(() => import("../features/campaign-intelligence/pages/performance-page.tsx"));
const CampaignAutomationPage = lazy(() => import("../features/campaign-intelligence/pages/automation-page.tsx"));
const SequencesPage = lazy(() => import("../features/campaign-intelligence/pages/sequences-page.tsx"));
const ReplyIntelligencePage = lazy(() => import("../features/campaign-intelligence/pages/ai-analytics-page.tsx"));
const CampaignAgentsPage = lazy(() => import("../features/campaign-intelligence/pages/agents-page.tsx"));
const FunnelPage = lazy(() => import("../features/optimization/pages/funnel-page.tsx"));
const RoiPage = lazy(() => import("../features/optimization/pages/roi-page.tsx"));
const RoiCalculatorPage = lazy(() => import("../features/optimization/pages/roi-calculator-page.tsx"));
const PerformanceTrendPage = lazy(() => import("../features/optimization/pages/performance-page.tsx"));
const ForecastingPage = lazy(() => import("../features/optimization/pages/forecasting-page.tsx"));
const RealTimePage = lazy(() => import("../features/optimization/pages/real-time-page.tsx"));
const InsightsPage = lazy(() => import("../features/analytics-intelligence/pages/insights-page.tsx"));
const CompetitivePage = lazy(() => import("../features/analytics-intelligence/pages/competitive-page.tsx"));
const PlatformPage = lazy(() => import("../features/analytics-intelligence/pages/platform-page.tsx"));
const ChartGalleryPage = lazy(() => import("../features/analytics-intelligence/pages/chart-gallery-page.tsx"));
const NotFoundPage = lazy(() => import("../features/errors/pages/not-found-page.tsx"));

export const appRoutes: RouteObject[] = [
  {
    element: (
      <AuthGuard>
        <Suspense fallback={<LoadingScreen fullPage />}>
          <AppLayout />
        </Suspense>
      </AuthGuard>
    ),
    children: [
      { path: "/dashboard", element: page(DashboardPage, false) },
      { path: "/notifications", element: page(NotificationsPage, false) },
      { path: "/mailbox", element: page(MailboxPage, false) },
      { path: "/leads", element: page(LeadsPage, false) },
      { path: "/discovery", element: page(DiscoveryPage, false) },
      { path: "/campaigns", element: page(CampaignsPage, false) },
      { path: "/campaigns/:id", element: page(CampaignDetailPage, false) },
      { path: "/campaigns/:id/edit", element: page(CampaignEditPage, false) },
      { path: "/compose", element: page(ComposePage, false) },
      { path: "/inboxes", element: page(InboxesPage, false) },
      { path: "/analytics", element: page(AnalyticsPage, false) },
      { path: "/ab-tests", element: page(AbTestsPage, false) },
      {
        path: "/crm",
        element: page(CrmLayout, false),
        children: [
          { index: true, element: page(CrmOverviewPage, false) },
          { path: "customers", element: page(CrmCustomersPage, false) },
          { path: "deals", element: page(CrmDealsPage, false) },
          { path: "tasks", element: page(CrmTasksPage, false) },
          { path: "interactions", element: page(CrmInteractionsPage, false) },
        ],
      },
      { path: "/pipeline", element: page(PipelinePage, false) },
      { path: "/team", element: <Navigate replace to="/team/overview" /> },
      { path: "/team/overview", element: page(TeamOverviewPage, false) },
      { path: "/team/workspaces", element: page(TeamWorkspacesPage, false) },
      { path: "/team/members", element: page(TeamMembersPage, false) },
      { path: "/team/permissions", element: page(TeamPermissionsPage, false) },
      { path: "/team/chat", element: page(TeamChatPage, false) },
      { path: "/team/activity", element: page(TeamActivityPage, false) },
      { path: "/security/rbac", element: page(RbacPage, false) },
      { path: "/deliverability", element: page(DeliverabilityPage, false) },
      { path: "/deliverability/enhanced", element: page(DeliverabilityEnhancedPage, false) },
      { path: "/deliverability-game", element: page(DeliverabilityGamePage, false) },
      { path: "/reputation-center", element: page(ReputationCenterPage, false) },
      { path: "/send-time-optimizer", element: page(SendTimeOptimizerPage, false) },
      { path: "/provider-intelligence", element: page(ProviderIntelligencePage, false) },
      { path: "/kill-switch", element: page(KillSwitchPage, false) },
      { path: "/capacity-planning", element: page(CapacityPlanningPage, false) },
      { path: "/bulk-operations", element: page(BulkOperationsPage, false) },
      { path: "/automation", element: page(AutomationPage, false) },
      { path: "/nurture-orchestration", element: page(NurtureOrchestrationPage, false) },
      { path: "/email-coaching", element: page(EmailCoachingPage, false) },
      { path: "/experiments/ab-testing", element: page(ExperimentsPage, false) },
      { path: "/command-center", element: page(CommandCenterPage, false) },
      { path: "/boardroom", element: page(BoardroomPage, false) },
      { path: "/team-performance", element: page(TeamPerformancePage, false) },
      { path: "/user-success", element: page(UserSuccessPage, false) },
      { path: "/report-builder", element: page(ReportBuilderPage, false) },
      { path: "/predictive-analytics", element: page(PredictivePage, false, { variant: "leads" }) },
      { path: "/analytics-intelligence/predictive", element: page(PredictivePage, false, { variant: "model" }) },
      { path: "/smart-recommendations", element: page(RecommendationsPage, false, { variant: "smart" }) },
      { path: "/optimization/ai-recommendations", element: page(RecommendationsPage, false, { variant: "optimization" }) },
      { path: "/business-optimizer/playbooks", element: page(PlaybooksPage, false) },
      { path: "/optimization/playbooks", element: page(PlaybooksPage, false) },
      { path: "/campaign-intelligence/center", element: page(CampaignIntelligenceCenterPage, false) },
      { path: "/campaign-intelligence/performance", element: page(CampaignPerformancePage, false) },
      { path: "/campaign-intelligence/automation", element: page(CampaignAutomationPage, false) },
      { path: "/campaign-intelligence/sequences", element: page(SequencesPage, false) },
      { path: "/campaign-intelligence/ai-analytics", element: page(ReplyIntelligencePage, false) },
      { path: "/campaign-intelligence/agents", element: page(CampaignAgentsPage, false) },
      { path: "/ai-agents", element: page(AiAgentsPage, false) },
      { path: "/ai-activity", element: page(AiActivityPage, false) },
      { path: "/ai-tools/llm-console", element: page(LlmConsolePage, false) },
      { path: "/ml-feedback", element: page(MlFeedbackPage, false) },
      { path: "/ai-tools/mlops-registry", element: page(MlopsRegistryPage, false) },
      { path: "/ai-tools/model-repository", element: page(ModelRepositoryPage, false) },
      { path: "/ai-tools/deployment-pipeline", element: page(DeploymentPipelinePage, false) },
      { path: "/ai-tools/performance-monitor", element: page(PerformanceMonitorPage, false) },
      { path: "/ml/feature-store", element: page(FeatureStorePage, false) },
      { path: "/ai-transparency", element: page(AiTransparencyPage, false) },
      { path: "/explainability", element: page(ExplainabilityPage, false) },
      { path: "/explainability/patterns", element: page(ExplainabilityPatternsPage, false) },
      { path: "/explainability/recommendations", element: page(ExplainabilityRecommendationsPage, false) },
      { path: "/explainability/performance", element: page(ExplainabilityPerformancePage, false) },
      { path: "/ai-doctor", element: page(AiDoctorPage, false) },
      { path: "/ai-tools/causal-analytics", element: page(CausalAnalyticsPage, false) },
      { path: "/ai/reinforcement-learning", element: page(ReinforcementLearningPage, false) },
      { path: "/memory-intelligence", element: page(MemoryIntelligencePage, false) },
      { path: "/content/multimodal", element: page(MultimodalPage, false) },
      { path: "/business-optimizer/dashboard", element: page(FunnelPage, false, { variant: "current" }) },
      { path: "/optimization/dashboard", element: page(FunnelPage, false, { variant: "current" }) },
      { path: "/business-optimizer/dashboard-new", element: page(FunnelPage, false, { variant: "compare" }) },
      { path: "/business-optimizer/roi", element: page(RoiPage, false) },
      { path: "/optimization/roi-analytics", element: page(RoiPage, false) },
      { path: "/roi-calculator", element: page(RoiCalculatorPage, false) },
      { path: "/optimization/performance", element: page(PerformanceTrendPage, false) },
      { path: "/optimization/forecasting", element: page(ForecastingPage, false) },
      { path: "/optimization/real-time", element: page(RealTimePage, false) },
      { path: "/analytics-intelligence/insights", element: page(InsightsPage, false) },
      { path: "/analytics-intelligence/competitive", element: page(CompetitivePage, false) },
      { path: "/analytics-intelligence/platform", element: page(PlatformPage, false) },
      { path: "/test-charts", element: page(ChartGalleryPage, false) },
      { path: "/security/threat-detection", element: page(ThreatDetectionPage, false) },
      { path: "/security/threat-detection-new", element: page(ThreatDetectionPage, false, { variant: "new" }) },
      { path: "/threat-detection/dashboard", element: page(ThreatDetectionPage, false) },
      { path: "/security/threat-analytics", element: page(ThreatAnalyticsPage, false) },
      { path: "/security/incident-response", element: page(IncidentsPage, false, { variant: "security" }) },
      { path: "/threat-detection/incidents", element: page(IncidentsPage, false, { variant: "security" }) },
      { path: "/incident-management", element: page(IncidentsPage, false, { variant: "all" }) },
      { path: "/threat-detection/scan", element: page(SecurityScanPage, false) },
      { path: "/compliance", element: page(CompliancePage, false) },
      { path: "/system-health", element: <Navigate replace to="/system-health/dashboard" /> },
      { path: "/system-health/dashboard", element: page(SystemHealthPage, false) },
      { path: "/system-health/performance", element: page(SystemPerformancePage, false) },
      { path: "/system-health/infrastructure", element: page(SystemInfrastructurePage, false) },
      { path: "/system-monitor", element: page(SystemMonitorPage, false) },
      { path: "/system/edge-cases", element: page(EdgeCasesPage, false) },
      { path: "/collaboration/decisions", element: page(DecisionsPage, false) },
      { path: "/task-planning", element: page(TaskPlanningPage, false) },
      { path: "/settings-simple/*", element: page(SettingsSimplePage, false) },
      { path: "/settings-complex/*", element: page(SettingsComplexPage, false) },
      { path: "/settings", element: <Navigate replace to="/settings/profile" /> },
      { path: "/settings/:tab", element: page(SettingsPage, false) },
    ],
  },
  { path: "*", element: page(NotFoundPage) },
];

export default function AppRoutes() {
  return useRoutes(appRoutes);
}
