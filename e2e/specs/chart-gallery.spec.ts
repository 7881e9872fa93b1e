/**
 * The chart gallery (/test-charts) as a visual regression test. Every chart card is compared with
 * its committed baseline (toHaveScreenshot, animations off, reduced motion, fixed viewport) and its
 * table view is checked.
 *
 * Data: a new workspace, so every figure is known. Leads are seeded through the API (they are
 * dated "now", so the one card drawn on them is compared with its dates masked); mail figures
 * cannot be given fixed past dates through the API, so the mail cards are compared in their empty
 * state on a fixed past period — the shape of a workspace before its first send.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";

const password = "Prospect0r!gallery";
const CARDS = [
  "Line: messages sent per day",
  "Multi-line: delivered, opened, clicked and replied per day",
  "Bar: messages sent by weekday",
  "Stacked bar: delivered and bounced per week",
  "Horizontal bar: reply rate by campaign",
  "Area: leads added, running total",
  "Donut: leads by source",
  "Scatter: sends against reply rate, per campaign",
  "Gauge: reply rate of the period",
  "Sparkline: replies per day",
  "Heatmap grid: reply rate by week and weekday",
  "Funnel bars: from sent to meetings",
  "Interval bars: reply rate by campaign with its 95 % interval",
];
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const SHOT = { animations: "disabled", maxDiffPixelRatio: 0.01 } as const;

const card = (page: Page, title: string): Locator =>
  page.locator(".MuiCard-root").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

async function signUp(page: Page): Promise<Record<string, string>> {
  await page.goto("/sign-up");
  await page.getByLabel("Full name").fill("Gala Gallery");
  await page.getByLabel("Work email").fill(`gallery-${Date.now()}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem("token") ?? sessionStorage.getItem("token"));
  expect(token, "bearer token after sign-up").toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

test("every chart card renders as its baseline, with an empty state on a period without data and a table view on real leads", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width: 1280, height: 900 });
  const auth = await signUp(page);

  await test.step("a period without data: every card says how to get data", async () => {
    await page.goto("/test-charts?from=2020-01-01&to=2020-01-31");
    await expect(page.getByRole("heading", { name: "Chart Gallery" })).toBeVisible();
    for (const title of CARDS) {
      const c = card(page, title);
      await expect(c).toBeVisible();
      await expect(c.getByText(/^No (messages sent|leads added) in this period/)).toBeVisible();
      await expect(c.getByText("Engine query:", { exact: false })).toContainText("2020-01-01 to 2020-01-31 (UTC days)");
      await expect(c).toHaveScreenshot(`empty-${slug(title)}.png`, SHOT);
    }
  });

  await test.step("seeded leads: the donut and the area chart draw them, their tables list them", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await request.post("/api/leads/", {
        headers: auth,
        data: { first_name: `Gallery${i}`, email: `gallery${i}-${Date.now()}@acme.example`, company_name: "Acme" },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`/test-charts?from=${today}&to=${today}`);
    const donut = card(page, "Donut: leads by source");
    await expect(donut.locator("svg").first()).toBeVisible();
    await expect(donut).toHaveScreenshot("leads-donut-leads-by-source.png", { ...SHOT, mask: [donut.locator(".MuiCardHeader-subheader")] });
    await donut.getByRole("button", { name: "Table" }).click();
    const table = donut.getByRole("table", { name: "Donut: leads by source" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table.getByRole("row").nth(1)).toContainText("5");
    await expect(table.getByRole("row").nth(1)).toContainText("100%");

    const area = card(page, "Area: leads added, running total");
    await area.getByRole("button", { name: "Table" }).click();
    const areaRows = area.getByRole("table", { name: "Area: leads added, running total" }).getByRole("row");
    await expect(areaRows.last()).toContainText(today);
    await expect(areaRows.last()).toContainText("5");
    // The mail cards still say how to get mail data: there are leads but no sends.
    await expect(card(page, "Line: messages sent per day").getByText(/^No messages sent in this period/)).toBeVisible();
  });
});
