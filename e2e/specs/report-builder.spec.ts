/**
 * The report builder end to end: an admin with a few leads builds a report from the engine's
 * catalogue, sees the figures in the preview, saves it, schedules it by email to themself, presses
 * Send now, follows the delivery in the log and finds the mail in the local mailbox (no SMTP here).
 * Screenshots land in test-results/screens/report-builder-*.png (1280 and 390 px wide).
 */
import { expect, type Page, test } from "@playwright/test";
import { readInstanceAdmin } from "../instance-admin.ts";
import { screenPath } from "../results-dir.ts";
import { E2E_SETUP_TOKEN } from "../setup-token.ts";

const stamp = Date.now().toString(36);
const name = `Leads and replies ${stamp}`;
const shot = (p: Page, what: string) => p.screenshot({ path: screenPath(`report-builder-${what}`), fullPage: true });

test("build, save, schedule and Send now a report, then read it in the local mailbox", async ({ page: p, request }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  p.on("pageerror", (e) => errors.push(`${p.url()}: ${e.message}`));
  await p.emulateMedia({ reducedMotion: "reduce" });
  await p.setViewportSize({ width: 1280, height: 900 });

  let admin = readInstanceAdmin();
  if (!admin) {
    admin = { email: `reports-admin-${stamp}@example.com`, password: "Prospect0r!reports", name: "Rita Reports" };
    const res = await request.post("/api/auth/register", {
      data: { email: admin.email, password: admin.password, full_name: admin.name, setup_token: E2E_SETUP_TOKEN },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await p.goto("/sign-in");
  await p.getByLabel("Email").fill(admin.email);
  await p.getByLabel("Password", { exact: true }).fill(admin.password);
  await p.getByRole("button", { name: "Sign In" }).click();
  await expect(p).toHaveURL(/\/dashboard$/);

  // Three leads added today: the engine counts them under "Leads created".
  const token = await p.evaluate(() => localStorage.getItem("token") ?? sessionStorage.getItem("token"));
  const auth = { Authorization: `Bearer ${token}` };
  const before = await request.post("/api/analytics/query", {
    headers: auth,
    data: { metrics: ["leads_created"], from: new Date().toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) },
  });
  expect(before.status(), await before.text()).toBe(200);
  const already = ((await before.json()).totals.leads_created?.value as number | null) ?? 0;
  for (const n of [1, 2, 3]) {
    const res = await request.post("/api/leads/", {
      headers: auth,
      data: { first_name: `Rep${n}`, last_name: "Ort", email: `rep${n}-${stamp}@reports.example`, company_name: "Reports Inc" },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await p.goto("/report-builder");
  await expect(p.getByRole("heading", { name: "What do my own numbers say, cut the way I choose?" })).toBeVisible();
  // Lead source is not a cut of "Sent": it is offered but disabled, with the reason.
  await expect(p.getByRole("checkbox", { name: "Lead source" })).toBeDisabled();
  await expect(p.getByText("Sent, Reply rate cannot be cut by this")).toBeVisible();

  const metrics = p.getByRole("combobox", { name: "Metrics" });
  await metrics.click();
  await metrics.fill("Leads created");
  await p.getByRole("option", { name: "Leads created" }).click();
  await p.keyboard.press("Escape");

  await p.getByRole("textbox", { name: "Report name" }).fill(name);
  const preview = p
    .getByRole("region", { name })
    .or(p.locator("[aria-labelledby]").filter({ has: p.getByRole("heading", { name }) }))
    .first();
  await expect(preview.getByText(/Source: .*Leads created: Leads added to the workspace/)).toBeVisible();
  await preview.getByRole("button", { name: "Table" }).click();
  const total = preview.getByRole("row").filter({ hasText: "Total" });
  await expect(total).toContainText(String(already + 3));
  await shot(p, "preview");

  await p.getByRole("button", { name: "Save report" }).click();
  const saved = p.getByRole("list", { name: "Saved reports" });
  await expect(saved.getByText(name)).toBeVisible();

  await p.getByRole("button", { name: `Schedule ${name}` }).click();
  const dialog = p.getByRole("dialog", { name: `Email “${name}”` });
  await dialog.getByRole("combobox", { name: "Recipients" }).click();
  await p.getByRole("option", { name: new RegExp(admin.email.replace(/[.+]/g, "\\$&")) }).click();
  // Close the options list (Escape would close the dialog).
  await dialog.getByRole("heading", { name: "New schedule" }).click();
  await dialog.getByRole("button", { name: "Add schedule" }).click();
  await expect(dialog.getByText(/Every Monday at 08:00/)).toBeVisible();
  await shot(p, "schedule");
  await dialog.getByRole("button", { name: "Send now" }).click();
  await dialog.getByRole("button", { name: "Close" }).click();

  const log = p.getByRole("table", { name: "Delivery log" });
  await expect(log.getByText(/\(Send now\)/)).toBeVisible({ timeout: 30_000 });
  await expect(log.getByText(/In local mailbox \(no SMTP\)|^Sent$/)).toBeVisible({ timeout: 30_000 });
  await shot(p, "delivered");

  await p.setViewportSize({ width: 390, height: 844 });
  await shot(p, "phone");
  await p.setViewportSize({ width: 1280, height: 900 });

  // The mail with its attachment waits in the local mailbox, which the instance admin reads.
  await p.goto("/mailbox");
  const row = p.getByRole("row").filter({ hasText: name }).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(p.getByRole("dialog").getByText(/is attached as PDF/)).toBeVisible();
  expect(errors).toEqual([]);
});
