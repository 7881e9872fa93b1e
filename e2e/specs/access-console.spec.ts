/**
 * The access console (/security/rbac) end to end on the real server: a new administrator reads the
 * roles, writes a deny policy with an IP condition, tests a decision from inside and outside that
 * range (the policy decides, then the role), creates a feature flag and moves its rollout, and
 * finds all of it in the audit log and its CSV export.
 */
import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { screenPath } from "../results-dir.ts";
import { E2E_SETUP_TOKEN } from "../setup-token.ts";

const email = `access-${Date.now()}@example.com`;
const password = "Prospect0r!access";
const shot = (page: Page, name: string) => page.screenshot({ path: screenPath(`access-console-${name}`), fullPage: true });

test("an administrator writes a policy, tests it, rolls out a flag and finds it all in the audit log", async ({ page }) => {
  test.setTimeout(180_000);
  // The setup token only counts when this is the instance's first account (a spec run on its own).
  await page.goto(`/sign-up?setup_token=${E2E_SETUP_TOKEN}`);
  await page.getByLabel("Full name").fill("Ada Access");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/security/rbac");
  await expect(page.getByRole("heading", { name: "Access console" })).toBeVisible();
  await expect(page.getByText("Who can do what in this workspace, and why?")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Administrator" })).toBeVisible();
  await shot(page, "roles");

  // A deny policy on exports from one network.
  await page.getByRole("tab", { name: "Policies" }).click();
  await expect(page).toHaveURL(/\?tab=policies$/);
  await expect(page.getByText("No policies yet")).toBeVisible();
  await page.getByRole("button", { name: "New policy" }).first().click();
  const editor = page.getByRole("dialog");
  await editor.getByRole("textbox", { name: "Name" }).fill("No exports from the guest network");
  await editor.getByRole("textbox", { name: "Permissions" }).fill("exports:*");
  await editor.getByRole("button", { name: "Add condition" }).click();
  const condition = editor.getByRole("group", { name: "Condition 1" });
  await condition.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "IP address" }).click();
  await condition.getByRole("textbox", { name: /CIDR ranges/ }).fill("203.0.113.0/24");
  await editor.getByRole("button", { name: "Create policy" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole("table", { name: "Policies by priority" })).toContainText("ip.ip is in range 203.0.113.0/24");
  await shot(page, "policies");

  // Test a decision: from the guest network the policy denies; from elsewhere the role allows.
  await page.getByRole("tab", { name: "Test a decision" }).click();
  const form = page.getByRole("form", { name: "Test a decision" });
  await form.getByRole("textbox", { name: "Permission" }).fill("exports:create");
  await form.getByRole("textbox", { name: "IP address (optional)" }).fill("203.0.113.9");
  await form.getByRole("button", { name: "Check" }).click();
  const result = page.getByTestId("check-result");
  await expect(result).toContainText("Denied");
  await expect(result).toContainText('Policy "No exports from the guest network" denies exports:*');
  await shot(page, "check-denied");
  await form.getByRole("textbox", { name: "IP address (optional)" }).fill("198.51.100.4");
  await form.getByRole("button", { name: "Check" }).click();
  await expect(result).toContainText("Allowed");
  await expect(result).toContainText("The Administrator role allows *:*");

  // A feature flag, then its rollout moved with the keyboard.
  await page.getByRole("tab", { name: "Feature flags" }).click();
  await page.getByRole("button", { name: "New flag" }).first().click();
  const flagDialog = page.getByRole("dialog");
  await flagDialog.getByRole("textbox", { name: "Key" }).fill("beta-editor");
  await flagDialog.getByRole("textbox", { name: "Name" }).fill("Beta editor");
  await flagDialog.getByRole("switch", { name: "Enabled" }).check();
  await flagDialog.getByRole("button", { name: "Create flag" }).click();
  await expect(flagDialog).toBeHidden();
  const card = page.getByRole("region", { name: "Beta editor" });
  await card.getByRole("slider").focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByText('"Beta editor" rolled out to 95%')).toBeVisible();
  await page.reload();
  await expect(page.getByRole("region", { name: "Beta editor" }).getByText("Rollout: 95% of users")).toBeVisible();
  await shot(page, "flags");

  // The audit log has both changes; the CSV export carries the same filter.
  await page.getByRole("tab", { name: "Audit log" }).click();
  const log = page.getByRole("table", { name: "Audit log entries" });
  await expect(log).toContainText("policy_created");
  await expect(log).toContainText("feature_flag_saved");
  await page.getByRole("search", { name: "Audit filters" }).getByRole("combobox", { name: "Event" }).fill("policy_created");
  await expect(log).not.toContainText("feature_flag_saved");
  await shot(page, "audit");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  const csv = fs.readFileSync(await download.path(), "utf8");
  expect(csv.split("\n")[0]).toContain("event");
  expect(csv).toContain("policy_created");
  expect(csv).not.toContain("feature_flag_saved");
});
