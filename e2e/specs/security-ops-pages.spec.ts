/**
 * The pages of issue 18 (security, compliance, operations): each opens from its side-nav group
 * (the spec's group) or by address, states its question, finishes loading and logs no console
 * error. A workspace admin sees the security and team pages; the instance admin also sees the
 * System Health group, the system monitor and the failure modes, and the answers come from the
 * running instance (the failure modes list the database as up). Screenshots land in
 * test-results/screens/ops-*.png.
 */
import { expect, test } from "@playwright/test";
import { readInstanceAdmin } from "../instance-admin.ts";
import { collectErrors, signUp, type TourPage, tourPages } from "../page-tour.ts";
import { E2E_SETUP_TOKEN } from "../setup-token.ts";

const WORKSPACE_PAGES: TourPage[] = [
  { path: "/security/threat-detection", group: "Security & Compliance", label: "Threat Detection" },
  { path: "/security/threat-analytics", group: "Security & Compliance", label: "Threat Analytics" },
  { path: "/security/incident-response", group: "Security & Compliance", label: "Incident Response" },
  { path: "/compliance", group: "Security & Compliance", label: "Compliance" },
  { path: "/collaboration/decisions", group: "Team", label: "Decisions" },
  { path: "/incident-management", group: "Operations", label: "Incidents" },
  { path: "/task-planning", group: "Operations", label: "Task Planning" },
  // The spec's other addresses of the same questions, and pages reached from other pages.
  { path: "/security/threat-detection-new", group: null, label: "" },
  { path: "/threat-detection/dashboard", group: null, label: "" },
  { path: "/threat-detection/incidents", group: null, label: "" },
  { path: "/threat-detection/scan", group: null, label: "" },
  { path: "/settings-simple", group: null, label: "" },
  { path: "/settings-complex", group: null, label: "" },
];

const INSTANCE_PAGES: TourPage[] = [
  { path: "/system-health/dashboard", group: "System Health", label: "Dashboard" },
  { path: "/system-health/performance", group: "System Health", label: "Performance" },
  { path: "/system-health/infrastructure", group: "System Health", label: "Infrastructure" },
  { path: "/system-monitor", group: "Operations", label: "System Monitor" },
  { path: "/system/edge-cases", group: "Operations", label: "Failure Modes" },
];

test("every security, compliance and team page opens from its nav group and asks its question", async ({ page }) => {
  test.setTimeout(300_000);
  const errors = collectErrors(page);
  await signUp(page, "Sam Secure", "ops-pages", "Prospect0r!ops-pages");
  // A workspace admin who is not the instance admin does not see the instance's own health.
  await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("button", { name: "System Health" })).toHaveCount(0);
  await tourPages(page, WORKSPACE_PAGES, "ops");
  expect(errors).toEqual([]);
});

test("the instance admin sees the instance's health, its queues and its failure modes", async ({ page, request }) => {
  test.setTimeout(300_000);
  const errors = collectErrors(page);
  let admin = readInstanceAdmin();
  if (!admin) {
    admin = { email: `ops-admin-${Date.now()}@example.com`, password: "Prospect0r!ops-admin", name: "Ola Ops" };
    const res = await request.post("/api/auth/register", {
      data: { email: admin.email, password: admin.password, full_name: admin.name, setup_token: E2E_SETUP_TOKEN },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await tourPages(page, INSTANCE_PAGES, "ops");
  await expect(page.getByText("Database", { exact: false }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
