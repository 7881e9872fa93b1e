/**
 * Every deliverability and sending-operations page (issue 15) on a new workspace: each opens from its
 * side-nav group, states its question, shows an empty state that says how to get data (never sample
 * figures), and logs no console error. Screenshots land in test-results/screens/ops-*.png.
 */
import { expect, test } from "@playwright/test";
import { collectErrors, signUp, type TourPage, tourPages } from "../page-tour.ts";

const password = "Prospect0r!operations";

/** Path, its side-nav group (null: the top of the nav, or reached from another page) and its nav label. */
const PAGES: TourPage[] = [
  { path: "/nurture-orchestration", group: null, label: "Nurture" },
  { path: "/deliverability", group: "Create & Optimize", label: "Deliverability" },
  { path: "/deliverability/enhanced", group: null, label: "" },
  { path: "/deliverability-game", group: "Create & Optimize", label: "Deliverability Score" },
  { path: "/send-time-optimizer", group: "Create & Optimize", label: "Send Time Optimizer" },
  { path: "/experiments/ab-testing", group: "Create & Optimize", label: "Experiments" },
  { path: "/reputation-center", group: "Security & Compliance", label: "Reputation Center" },
  { path: "/email-coaching", group: "Team", label: "Email Coaching" },
  { path: "/automation", group: "Operations", label: "Automation" },
  { path: "/bulk-operations", group: "Operations", label: "Bulk Operations" },
  { path: "/capacity-planning", group: "Operations", label: "Capacity Planning" },
  { path: "/kill-switch", group: "Operations", label: "Kill Switch" },
  { path: "/provider-intelligence", group: "Operations", label: "Provider Intelligence" },
];

test("every deliverability and operations page opens from its nav group, asks its question and logs no error", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectErrors(page);
  await signUp(page, "Olga Operations", "ops", password);
  await tourPages(page, PAGES, "ops");
  expect(errors).toEqual([]);
});
