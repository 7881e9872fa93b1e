/**
 * Every analytics and intelligence page (issue 16) on a new workspace: each opens from its side-nav
 * group (the spec's group), states its question, shows an empty state that says how to get data
 * (never sample figures), and logs no console error. Screenshots land in test-results/screens/analytics-*.png.
 */
import { expect, test } from "@playwright/test";
import { collectErrors, signUp, type TourPage, tourPages } from "../page-tour.ts";

const password = "Prospect0r!analytics";

/** Path, its side-nav group (null: the top of the nav, or reached from another page) and its nav label. */
const PAGES: TourPage[] = [
  { path: "/command-center", group: null, label: "Command Center" },
  { path: "/predictive-analytics", group: "AI & Intelligence", label: "Predictive Analytics" },
  { path: "/smart-recommendations", group: "AI & Intelligence", label: "Smart Recommendations" },
  { path: "/optimization/real-time", group: "AI & Intelligence", label: "Real-Time" },
  { path: "/business-optimizer/dashboard", group: "Business Optimization", label: "Optimizer" },
  { path: "/business-optimizer/roi", group: "Business Optimization", label: "ROI" },
  { path: "/business-optimizer/playbooks", group: "Business Optimization", label: "Playbooks" },
  { path: "/optimization/performance", group: "Business Optimization", label: "Performance" },
  { path: "/optimization/ai-recommendations", group: "Business Optimization", label: "AI Recommendations" },
  { path: "/optimization/forecasting", group: "Business Optimization", label: "Forecasting" },
  { path: "/campaign-intelligence/center", group: "Campaign Intelligence", label: "Intelligence Center" },
  { path: "/campaign-intelligence/performance", group: "Campaign Intelligence", label: "Performance" },
  { path: "/campaign-intelligence/automation", group: "Campaign Intelligence", label: "Automation" },
  { path: "/campaign-intelligence/sequences", group: "Campaign Intelligence", label: "Sequences" },
  { path: "/campaign-intelligence/ai-analytics", group: "Campaign Intelligence", label: "Reply Intelligence" },
  { path: "/user-success", group: "Analytics & Insights", label: "User Success" },
  { path: "/roi-calculator", group: "Analytics & Insights", label: "ROI Calculator" },
  { path: "/report-builder", group: "Analytics & Insights", label: "Report Builder" },
  { path: "/boardroom", group: "Analytics & Insights", label: "Boardroom" },
  { path: "/analytics-intelligence/insights", group: "Analytics & Insights", label: "Insights" },
  { path: "/analytics-intelligence/predictive", group: "Analytics & Insights", label: "Predictive" },
  { path: "/analytics-intelligence/competitive", group: "Analytics & Insights", label: "Competitive" },
  { path: "/analytics-intelligence/platform", group: "Analytics & Insights", label: "Lead Sources" },
  { path: "/team-performance", group: "Team", label: "Performance" },
  // The second route of a question, and pages reached from another page.
  { path: "/optimization/dashboard", group: null, label: "" },
  { path: "/business-optimizer/dashboard-new", group: null, label: "" },
  { path: "/optimization/roi-analytics", group: null, label: "" },
  { path: "/optimization/playbooks", group: null, label: "" },
  { path: "/campaign-intelligence/agents", group: null, label: "" },
  { path: "/test-charts", group: null, label: "" },
];

test("every analytics page opens from its nav group, asks its question and logs no error", async ({ page }) => {
  test.setTimeout(420_000);
  const errors = collectErrors(page);
  await signUp(page, "Ana Analytics", "analytics", password);
  await tourPages(page, PAGES, "analytics");
  expect(errors).toEqual([]);
});
