/**
 * The side navigation and the page titles, from one list (shell spec §2). Only pages that exist
 * are listed: a later feature adds its entry here and its route in router.tsx.
 */

import type { SvgIconComponent } from "@mui/icons-material";
import AccessibilityNewOutlined from "@mui/icons-material/AccessibilityNewOutlined";
import AccountBalanceOutlined from "@mui/icons-material/AccountBalanceOutlined";
import AccountTreeOutlined from "@mui/icons-material/AccountTreeOutlined";
import AllInboxOutlined from "@mui/icons-material/AllInboxOutlined";
import AnalyticsOutlined from "@mui/icons-material/AnalyticsOutlined";
import AutoGraphOutlined from "@mui/icons-material/AutoGraphOutlined";
import AutoModeOutlined from "@mui/icons-material/AutoModeOutlined";
import CalculateOutlined from "@mui/icons-material/CalculateOutlined";
import CallSplitOutlined from "@mui/icons-material/CallSplitOutlined";
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import CasinoOutlined from "@mui/icons-material/CasinoOutlined";
import CenterFocusStrongOutlined from "@mui/icons-material/CenterFocusStrongOutlined";
import ChatOutlined from "@mui/icons-material/ChatOutlined";
import ChecklistOutlined from "@mui/icons-material/ChecklistOutlined";
import CompareArrowsOutlined from "@mui/icons-material/CompareArrowsOutlined";
import CompareOutlined from "@mui/icons-material/CompareOutlined";
import CreditCardOutlined from "@mui/icons-material/CreditCardOutlined";
import DashboardOutlined from "@mui/icons-material/DashboardOutlined";
import DatasetOutlined from "@mui/icons-material/DatasetOutlined";
import DeveloperBoardOutlined from "@mui/icons-material/DeveloperBoardOutlined";
import DnsOutlined from "@mui/icons-material/DnsOutlined";
import EditNoteOutlined from "@mui/icons-material/EditNoteOutlined";
import EmailOutlined from "@mui/icons-material/EmailOutlined";
import EmojiEventsOutlined from "@mui/icons-material/EmojiEventsOutlined";
import EventNoteOutlined from "@mui/icons-material/EventNoteOutlined";
import FilterAltOutlined from "@mui/icons-material/FilterAltOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import GavelOutlined from "@mui/icons-material/GavelOutlined";
import GppMaybeOutlined from "@mui/icons-material/GppMaybeOutlined";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import HandshakeOutlined from "@mui/icons-material/HandshakeOutlined";
import HealthAndSafetyOutlined from "@mui/icons-material/HealthAndSafetyOutlined";
import HistoryEduOutlined from "@mui/icons-material/HistoryEduOutlined";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import HowToVoteOutlined from "@mui/icons-material/HowToVoteOutlined";
import HubOutlined from "@mui/icons-material/HubOutlined";
import ImageOutlined from "@mui/icons-material/ImageOutlined";
import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import Inventory2Outlined from "@mui/icons-material/Inventory2Outlined";
import InventoryOutlined from "@mui/icons-material/InventoryOutlined";
import KeyOutlined from "@mui/icons-material/KeyOutlined";
import LeaderboardOutlined from "@mui/icons-material/LeaderboardOutlined";
import LibraryAddCheckOutlined from "@mui/icons-material/LibraryAddCheckOutlined";
import LightbulbOutlined from "@mui/icons-material/LightbulbOutlined";
import ManageAccountsOutlined from "@mui/icons-material/ManageAccountsOutlined";
import MarkEmailReadOutlined from "@mui/icons-material/MarkEmailReadOutlined";
import MarkEmailUnreadOutlined from "@mui/icons-material/MarkEmailUnreadOutlined";
import MedicalServicesOutlined from "@mui/icons-material/MedicalServicesOutlined";
import MemoryOutlined from "@mui/icons-material/MemoryOutlined";
import MenuBookOutlined from "@mui/icons-material/MenuBookOutlined";
import MonetizationOnOutlined from "@mui/icons-material/MonetizationOnOutlined";
import MonitorHeartOutlined from "@mui/icons-material/MonitorHeartOutlined";
import MonitorOutlined from "@mui/icons-material/MonitorOutlined";
import NotificationsActiveOutlined from "@mui/icons-material/NotificationsActiveOutlined";
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import PeopleAltOutlined from "@mui/icons-material/PeopleAltOutlined";
import PersonOutline from "@mui/icons-material/PersonOutlineOutlined";
import PolicyOutlined from "@mui/icons-material/PolicyOutlined";
import PowerSettingsNewOutlined from "@mui/icons-material/PowerSettingsNewOutlined";
import PsychologyOutlined from "@mui/icons-material/PsychologyOutlined";
import QueryStatsOutlined from "@mui/icons-material/QueryStatsOutlined";
import RadarOutlined from "@mui/icons-material/RadarOutlined";
import ReportProblemOutlined from "@mui/icons-material/ReportProblemOutlined";
import RocketLaunchOutlined from "@mui/icons-material/RocketLaunchOutlined";
import RuleOutlined from "@mui/icons-material/RuleOutlined";
import ScheduleOutlined from "@mui/icons-material/ScheduleOutlined";
import SchoolOutlined from "@mui/icons-material/SchoolOutlined";
import ScienceOutlined from "@mui/icons-material/ScienceOutlined";
import SecurityOutlined from "@mui/icons-material/SecurityOutlined";
import SensorsOutlined from "@mui/icons-material/SensorsOutlined";
import ShieldOutlined from "@mui/icons-material/ShieldOutlined";
import ShowChartOutlined from "@mui/icons-material/ShowChartOutlined";
import SmartToyOutlined from "@mui/icons-material/SmartToyOutlined";
import SourceOutlined from "@mui/icons-material/SourceOutlined";
import SpaceDashboardOutlined from "@mui/icons-material/SpaceDashboardOutlined";
import SpeedOutlined from "@mui/icons-material/SpeedOutlined";
import SsidChartOutlined from "@mui/icons-material/SsidChartOutlined";
import StorageOutlined from "@mui/icons-material/StorageOutlined";
import TableChartOutlined from "@mui/icons-material/TableChartOutlined";
import TerminalOutlined from "@mui/icons-material/TerminalOutlined";
import ThumbsUpDownOutlined from "@mui/icons-material/ThumbsUpDownOutlined";
import TimelineOutlined from "@mui/icons-material/TimelineOutlined";
import TipsAndUpdatesOutlined from "@mui/icons-material/TipsAndUpdatesOutlined";
import TravelExploreOutlined from "@mui/icons-material/TravelExploreOutlined";
import TrendingUpOutlined from "@mui/icons-material/TrendingUpOutlined";
import ViewListOutlined from "@mui/icons-material/ViewListOutlined";
import type { Me } from "@prospector/contracts";

export interface NavItem {
  path: string;
  label: string;
  icon: SvgIconComponent;
  /** Page title in the top bar when it differs from the label. */
  title?: string;
  /** `resource:action` the user needs for the entry to show (wildcards as on the server). */
  permission?: string;
  /** Only the instance admin (first account) sees it. */
  instanceAdminOnly?: boolean;
  /** A live count shown beside the label: which one (the side nav reads it from the API). */
  badge?: "ai-activity";
}

export interface NavSection {
  id: string;
  /** No label: items sit at the top, not in a collapsible group. */
  label: string | null;
  items: NavItem[];
}

export const NAV_SECTIONS: NavSection[] = [
  {
    id: "main",
    label: null,
    items: [
      { path: "/dashboard", label: "Dashboard", icon: DashboardOutlined },
      { path: "/command-center", label: "Command Center", icon: RadarOutlined, permission: "analytics:read" },
      { path: "/leads", label: "Leads", icon: PeopleAltOutlined, permission: "leads:read" },
      { path: "/discovery", label: "Discovery", title: "Lead Discovery", icon: TravelExploreOutlined, permission: "leads:read" },
      { path: "/campaigns", label: "Campaigns", icon: CampaignOutlined, permission: "campaigns:read" },
      { path: "/inboxes", label: "Inboxes", title: "Sending Inboxes", icon: AllInboxOutlined, permission: "campaigns:read" },
      { path: "/crm", label: "CRM", icon: HandshakeOutlined, permission: "crm:read" },
      {
        path: "/nurture-orchestration",
        label: "Nurture",
        title: "Nurture Orchestration",
        icon: AccountTreeOutlined,
        permission: "campaigns:read",
      },
      { path: "/analytics", label: "Analytics", title: "Campaign Analytics", icon: InsightsOutlined, permission: "analytics:read" },
      { path: "/notifications", label: "Notifications", icon: NotificationsOutlined },
    ],
  },
  {
    id: "create-optimize",
    label: "Create & Optimize",
    items: [
      { path: "/compose", label: "Compose", title: "Compose an Email", icon: EditNoteOutlined, permission: "campaigns:read" },
      { path: "/ab-tests", label: "A/B Tests", icon: CompareArrowsOutlined, permission: "campaigns:read" },
      {
        path: "/experiments/ab-testing",
        label: "Experiments",
        title: "A/B Experiments",
        icon: ScienceOutlined,
        permission: "campaigns:read",
      },
      { path: "/deliverability", label: "Deliverability", icon: MarkEmailReadOutlined, permission: "campaigns:read" },
      { path: "/send-time-optimizer", label: "Send Time Optimizer", icon: ScheduleOutlined, permission: "analytics:read" },
      {
        path: "/deliverability-game",
        label: "Deliverability Score",
        title: "Deliverability Score",
        icon: EmojiEventsOutlined,
        permission: "campaigns:read",
      },
    ],
  },
  {
    id: "ai-intelligence",
    label: "AI & Intelligence",
    items: [
      { path: "/ai-agents", label: "AI Agents", icon: SmartToyOutlined, permission: "analytics:read" },
      { path: "/ai-activity", label: "AI Activity", icon: HistoryEduOutlined, permission: "analytics:read", badge: "ai-activity" },
      { path: "/ai-doctor", label: "AI Doctor", title: "Campaign Doctor", icon: MedicalServicesOutlined, permission: "campaigns:read" },
      { path: "/ai-tools/llm-console", label: "LLM Console", icon: TerminalOutlined, permission: "analytics:read" },
      { path: "/ai-tools/causal-analytics", label: "Causal Analytics", icon: CallSplitOutlined, permission: "analytics:read" },
      { path: "/ai-tools/mlops-registry", label: "Model Registry", icon: InventoryOutlined, permission: "analytics:read" },
      { path: "/ai-tools/model-repository", label: "Model Repository", icon: Inventory2Outlined, permission: "analytics:read" },
      {
        path: "/ai-tools/deployment-pipeline",
        label: "Deployments",
        title: "Model Deployments",
        icon: RocketLaunchOutlined,
        permission: "analytics:read",
      },
      {
        path: "/ai-tools/performance-monitor",
        label: "Model Monitor",
        title: "Model Performance Monitor",
        icon: MonitorHeartOutlined,
        permission: "analytics:read",
      },
      { path: "/predictive-analytics", label: "Predictive Analytics", icon: PsychologyOutlined, permission: "analytics:read" },
      { path: "/memory-intelligence", label: "Lead Memory", title: "Lead Memory", icon: MemoryOutlined, permission: "leads:read" },
      { path: "/smart-recommendations", label: "Smart Recommendations", icon: TipsAndUpdatesOutlined, permission: "analytics:read" },
      { path: "/ml-feedback", label: "AI Feedback", title: "AI Feedback", icon: ThumbsUpDownOutlined, permission: "analytics:read" },
      {
        path: "/ai/reinforcement-learning",
        label: "Variant Bandit",
        title: "Variant Bandit",
        icon: CasinoOutlined,
        permission: "campaigns:read",
      },
      {
        path: "/optimization/real-time",
        label: "Real-Time",
        title: "Real-Time Activity",
        icon: SensorsOutlined,
        permission: "analytics:read",
      },
    ],
  },
  {
    // Shell spec §2 "Security & Compliance", in its order.
    id: "security-compliance",
    label: "Security & Compliance",
    items: [
      { path: "/security/threat-detection", label: "Threat Detection", icon: GppMaybeOutlined, permission: "security:read" },
      { path: "/security/threat-analytics", label: "Threat Analytics", icon: AnalyticsOutlined, permission: "security:read" },
      { path: "/security/incident-response", label: "Incident Response", icon: ReportProblemOutlined, permission: "incidents:read" },
      { path: "/security/rbac", label: "Access Control", title: "Access Control", icon: PolicyOutlined, permission: "team:read" },
      { path: "/reputation-center", label: "Reputation Center", icon: ShieldOutlined, permission: "campaigns:read" },
      { path: "/compliance", label: "Compliance", icon: GavelOutlined, permission: "compliance:read" },
    ],
  },
  {
    id: "business-optimization",
    label: "Business Optimization",
    items: [
      {
        path: "/business-optimizer/dashboard",
        label: "Optimizer",
        title: "Business Optimizer",
        icon: FilterAltOutlined,
        permission: "analytics:read",
      },
      { path: "/business-optimizer/roi", label: "ROI", title: "Outreach ROI", icon: MonetizationOnOutlined, permission: "analytics:read" },
      { path: "/business-optimizer/playbooks", label: "Playbooks", icon: MenuBookOutlined, permission: "analytics:read" },
      {
        path: "/optimization/performance",
        label: "Performance",
        title: "Performance Trends",
        icon: TrendingUpOutlined,
        permission: "analytics:read",
      },
      { path: "/optimization/ai-recommendations", label: "AI Recommendations", icon: LightbulbOutlined, permission: "analytics:read" },
      { path: "/optimization/forecasting", label: "Forecasting", icon: TimelineOutlined, permission: "crm:read" },
      { path: "/ml/feature-store", label: "Feature Store", icon: DatasetOutlined, permission: "analytics:read" },
    ],
  },
  {
    id: "campaign-intelligence",
    label: "Campaign Intelligence",
    items: [
      {
        path: "/campaign-intelligence/center",
        label: "Intelligence Center",
        title: "Campaign Intelligence",
        icon: CenterFocusStrongOutlined,
        permission: "analytics:read",
      },
      {
        path: "/campaign-intelligence/performance",
        label: "Performance",
        title: "Campaign Performance",
        icon: QueryStatsOutlined,
        permission: "analytics:read",
      },
      {
        path: "/campaign-intelligence/automation",
        label: "Automation",
        title: "Campaign Automation",
        icon: AutoGraphOutlined,
        permission: "analytics:read",
      },
      { path: "/campaign-intelligence/sequences", label: "Sequences", icon: ViewListOutlined, permission: "analytics:read" },
      { path: "/campaign-intelligence/ai-analytics", label: "Reply Intelligence", icon: ForumOutlined, permission: "analytics:read" },
    ],
  },
  {
    // Shell spec §2 "System Health": the instance's own health, for the instance admin (docs/operations.md).
    id: "system-health",
    label: "System Health",
    items: [
      {
        path: "/system-health/dashboard",
        label: "Dashboard",
        title: "System Health",
        icon: HealthAndSafetyOutlined,
        instanceAdminOnly: true,
      },
      {
        path: "/system-health/performance",
        label: "Performance",
        title: "System Performance",
        icon: ShowChartOutlined,
        instanceAdminOnly: true,
      },
      {
        path: "/system-health/infrastructure",
        label: "Infrastructure",
        icon: DeveloperBoardOutlined,
        instanceAdminOnly: true,
      },
    ],
  },
  {
    // Shell spec §2 "Analytics & Insights", in its order.
    id: "analytics-insights",
    label: "Analytics & Insights",
    items: [
      { path: "/pipeline", label: "Pipeline", title: "Pipeline Health", icon: SsidChartOutlined, permission: "crm:read" },
      { path: "/user-success", label: "User Success", icon: ChecklistOutlined, permission: "team:read" },
      { path: "/roi-calculator", label: "ROI Calculator", icon: CalculateOutlined, permission: "analytics:read" },
      { path: "/report-builder", label: "Report Builder", icon: TableChartOutlined, permission: "analytics:read" },
      { path: "/boardroom", label: "Boardroom", icon: AccountBalanceOutlined, permission: "analytics:read" },
      { path: "/analytics-intelligence/insights", label: "Insights", icon: InsightsOutlined, permission: "analytics:read" },
      {
        path: "/analytics-intelligence/predictive",
        label: "Predictive",
        title: "Predictive Intelligence",
        icon: PsychologyOutlined,
        permission: "analytics:read",
      },
      {
        path: "/analytics-intelligence/competitive",
        label: "Competitive",
        title: "Competitive Benchmarks",
        icon: CompareOutlined,
        permission: "analytics:read",
      },
      {
        path: "/analytics-intelligence/platform",
        label: "Lead Sources",
        title: "Lead Source Intelligence",
        icon: SourceOutlined,
        permission: "analytics:read",
      },
    ],
  },
  {
    // Shell spec §2 "Team", in its order.
    id: "team",
    label: "Team",
    items: [
      { path: "/team/overview", label: "Overview", title: "Team Overview", icon: GroupsOutlined },
      { path: "/team/members", label: "Members", title: "Team Members", icon: ManageAccountsOutlined },
      { path: "/team/workspaces", label: "Workspaces", icon: HubOutlined },
      { path: "/team/permissions", label: "Permissions", title: "Team Permissions", icon: KeyOutlined, permission: "team:read" },
      { path: "/team/chat", label: "Chat", title: "Team Chat", icon: ChatOutlined },
      { path: "/team/activity", label: "Activity", title: "Team Activity", icon: HistoryOutlined },
      {
        path: "/team-performance",
        label: "Performance",
        title: "Team Performance",
        icon: LeaderboardOutlined,
        permission: "analytics:read",
      },
      { path: "/email-coaching", label: "Email Coaching", icon: SchoolOutlined, permission: "campaigns:read" },
      { path: "/collaboration/decisions", label: "Decisions", title: "Team Decisions", icon: HowToVoteOutlined },
    ],
  },
  {
    // Shell spec §2 "Operations", in its order.
    id: "operations",
    label: "Operations",
    items: [
      { path: "/automation", label: "Automation", title: "Automation Rules", icon: AutoModeOutlined, permission: "campaigns:read" },
      { path: "/bulk-operations", label: "Bulk Operations", icon: LibraryAddCheckOutlined, permission: "leads:read" },
      { path: "/system-monitor", label: "System Monitor", icon: MonitorOutlined, instanceAdminOnly: true },
      { path: "/capacity-planning", label: "Capacity Planning", icon: SpeedOutlined, permission: "campaigns:read" },
      { path: "/kill-switch", label: "Kill Switch", icon: PowerSettingsNewOutlined, permission: "campaigns:read" },
      {
        path: "/incident-management",
        label: "Incidents",
        title: "Incident Management",
        icon: ReportProblemOutlined,
        permission: "incidents:read",
      },
      { path: "/provider-intelligence", label: "Provider Intelligence", icon: DnsOutlined, permission: "analytics:read" },
      { path: "/task-planning", label: "Task Planning", icon: EventNoteOutlined, permission: "crm:read" },
      { path: "/system/edge-cases", label: "Failure Modes", title: "Failure Modes", icon: RuleOutlined, instanceAdminOnly: true },
    ],
  },
  {
    id: "content",
    label: "Content",
    items: [
      {
        path: "/content/multimodal",
        label: "Personalized Images",
        title: "Personalized Images",
        icon: ImageOutlined,
        permission: "leads:read",
      },
    ],
  },
  {
    id: "settings",
    label: "Settings",
    items: [
      { path: "/settings/profile", label: "Profile", icon: PersonOutline },
      { path: "/settings/notifications", label: "Notifications", title: "Notification Settings", icon: NotificationsActiveOutlined },
      { path: "/settings/email", label: "Email", title: "Email Settings", icon: EmailOutlined },
      { path: "/settings/dashboard", label: "Dashboard", title: "Dashboard Settings", icon: SpaceDashboardOutlined },
      { path: "/settings/security", label: "Security", icon: SecurityOutlined },
      { path: "/settings/api", label: "API Keys", icon: KeyOutlined },
      { path: "/settings/data", label: "Data & Export", icon: StorageOutlined },
      { path: "/settings/billing", label: "Billing", icon: CreditCardOutlined },
      { path: "/settings/accessibility", label: "Accessibility", icon: AccessibilityNewOutlined },
    ],
  },
  {
    id: "administration",
    label: "Administration",
    items: [{ path: "/mailbox", label: "Local Mailbox", title: "Local Mailbox", icon: MarkEmailUnreadOutlined, instanceAdminOnly: true }],
  },
];

/** Titles for pages reached from the top bar rather than the side navigation. */
const EXTRA_TITLES: Record<string, string> = {
  "/settings": "Settings",
  "/settings/profile": "Profile",
  "/deliverability/enhanced": "Deliverability Details",
  // The second route of a question (docs/analytics.md): the same page as its nav entry.
  "/optimization/dashboard": "Optimization",
  "/business-optimizer/dashboard-new": "Business Optimizer: Period Comparison",
  "/optimization/roi-analytics": "ROI Analytics",
  "/optimization/playbooks": "Playbooks",
  "/campaign-intelligence/agents": "Campaign Agents",
  "/test-charts": "Chart Gallery",
  // AI pages reached from other pages (docs/ai.md), not from the side nav.
  "/ai-transparency": "AI Transparency",
  "/explainability": "Explainability",
  "/explainability/patterns": "Outcome Patterns",
  "/explainability/recommendations": "Why These Recommendations",
  "/explainability/performance": "Model Accuracy Over Time",
  // Security pages reached from other pages (docs/security-operations.md), not from the side nav.
  "/security/threat-detection-new": "New Threats",
  "/threat-detection/dashboard": "Threat Detection",
  "/threat-detection/incidents": "Security Incidents",
  "/threat-detection/scan": "Security Scan",
  // Two presentations of the settings (docs/settings.md).
  "/settings-simple": "Settings: Essentials",
  "/settings-complex": "All Settings",
};

/** Does a granted permission like `leads:*` or `*:*` cover `leads:read`? */
export function permits(granted: readonly string[], needed: string): boolean {
  const [resource, action] = needed.split(":");
  return granted.some((g) => {
    const [r, a] = g.split(":");
    return (r === "*" || r === resource) && (a === "*" || a === action);
  });
}

/**
 * `can`: the permission provider's check (app/permissions), which reloads when permissions change;
 * without it, the permissions /auth/me listed.
 */
export function canSee(
  item: NavItem,
  user: Pick<Me, "permissions" | "is_instance_admin"> | null,
  can: (permission: string) => boolean = (p) => permits(user?.permissions ?? [], p),
): boolean {
  if (!user) return false;
  if (item.instanceAdminOnly && !user.is_instance_admin) return false;
  return !item.permission || can(item.permission);
}

/** Sections with only the entries this user may open; empty sections disappear. */
export function visibleSections(
  user: Pick<Me, "permissions" | "is_instance_admin"> | null,
  sections = NAV_SECTIONS,
  can?: (permission: string) => boolean,
): NavSection[] {
  return sections.map((s) => ({ ...s, items: s.items.filter((i) => canSee(i, user, can)) })).filter((s) => s.items.length > 0);
}

/** The entry a path belongs to: exact, else the longest entry that prefixes it (/campaigns/1 → /campaigns). */
export function activeItem(pathname: string, sections = NAV_SECTIONS): NavItem | undefined {
  let best: NavItem | undefined;
  for (const item of sections.flatMap((s) => s.items)) {
    if (pathname === item.path || pathname.startsWith(`${item.path}/`)) {
      if (!best || item.path.length > best.path.length) best = item;
    }
  }
  return best;
}

export function pageTitle(pathname: string): string {
  if (EXTRA_TITLES[pathname]) return EXTRA_TITLES[pathname];
  // The settings' two presentations keep their title on a section's deep link (/settings-complex/email).
  for (const base of ["/settings-simple", "/settings-complex"]) {
    if (pathname.startsWith(`${base}/`)) return EXTRA_TITLES[base] as string;
  }
  const item = activeItem(pathname);
  return item ? (item.title ?? item.label) : "Prospector";
}
