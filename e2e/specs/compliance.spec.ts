/**
 * Compliance end to end on the real server: /compliance from the Security & Compliance group says
 * how to get data → the footer and postal address are saved → a lead's data is exported (a job, then
 * a download) → the lead is erased after typing the address, and its lead record is gone → the
 * consent tab counts the erasure → retention runs now and logs it → the landing's badges lead to
 * /trust. Screenshots land in test-results/screens.
 */
import { expect, type Page, test } from "@playwright/test";
import { collectErrors, signUp } from "../page-tour.ts";
import { screenPath } from "../results-dir.ts";

const QUESTION = "Do we honour privacy and anti-spam law, and can we act on a person's request today?";
const ADDRESS = "ines.ivory@ivory-shipping.example";

async function shot(p: Page, name: string, fullPage = true) {
  await p.screenshot({ path: screenPath(name), fullPage });
}

test("a person's data is exported and erased, the footer is set, retention runs, and the badges explain themselves", async ({
  page: p,
  request,
}) => {
  test.setTimeout(150_000);
  const errors = collectErrors(p);
  await p.emulateMedia({ reducedMotion: "reduce" });
  await p.setViewportSize({ width: 1440, height: 900 });
  await signUp(p, "Cora Compliance", "compliance", "Prospect0r!comply");
  const token = await p.evaluate(() => localStorage.getItem("token") ?? sessionStorage.getItem("token"));
  const auth = { Authorization: `Bearer ${token}` };
  const lead = await request.post("/api/leads/", {
    headers: auth,
    data: { first_name: "Ines", last_name: "Ivory", email: ADDRESS, company_name: "Ivory Shipping" },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  const leadId = (await lead.json()).id as string;

  await p.goto("/dashboard");
  const nav = p.getByRole("navigation", { name: "Main navigation" });
  const group = nav.getByRole("button", { name: "Security & Compliance", exact: true });
  if ((await group.getAttribute("aria-expanded")) === "false") await group.click();
  await nav.locator('a[href="/compliance"]').click();
  await expect(p).toHaveURL(/\/compliance$/);
  await expect(p.getByText(QUESTION)).toBeVisible();
  await expect(p.getByText("No data-subject requests yet")).toBeVisible();
  await shot(p, "compliance-empty");

  // The footer and postal address.
  await p.getByRole("tab", { name: "Email footer & address" }).click();
  await expect(p.getByText(/No postal address yet/)).toBeVisible();
  await p.getByLabel("Postal address").fill("Prospector Ltd, 1 Harbour Road, Bristol BS1 4RN");
  await p.getByLabel("Footer text").fill("You receive this because Ivory Shipping works with freight partners like us.");
  await p.getByRole("button", { name: "Save footer" }).click();
  await expect(p.getByText(/Footer saved/)).toBeVisible();
  await expect(p.getByText(/No postal address yet/)).toHaveCount(0);
  await shot(p, "compliance-footer");

  // Export, as a job, then the download.
  await p.getByRole("tab", { name: "Data-subject requests" }).click();
  await p.getByLabel("Lead's email address or id").fill(ADDRESS);
  await p.getByRole("button", { name: "Export data" }).click();
  const table = p.getByRole("table", { name: "Data-subject requests, newest first" });
  const download = table.getByRole("button", { name: "Download" });
  await expect(download).toBeVisible({ timeout: 30_000 });
  const [file] = await Promise.all([p.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^data-subject-export-.*\.json$/);
  const exported = JSON.parse(await (await import("node:fs/promises")).readFile((await file.path()) as string, "utf8"));
  expect(exported.records.leads[0]).toMatchObject({ email: ADDRESS, first_name: "Ines" });

  // Erasure, confirmed by typing the address.
  await p.getByRole("button", { name: "Erase lead…" }).click();
  const dialog = p.getByRole("dialog", { name: "Erase this person everywhere?" });
  await dialog.getByLabel("Type the person's email address to confirm").fill(ADDRESS);
  await shot(p, "compliance-erase-confirm", false);
  await dialog.getByRole("button", { name: "Erase permanently" }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByText("Erasure of a lead")).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "Erasure of a lead" }).getByText("completed")).toBeVisible({ timeout: 30_000 });
  await shot(p, "compliance-requests");
  const gone = await request.get(`/api/leads/${leadId}`, { headers: auth });
  expect(gone.status()).toBe(404);

  // The consent tab counts the erased address as a hash on the suppression list.
  await p.getByRole("tab", { name: "Consent & suppression" }).click();
  await expect(p.getByText("1 address never emailed again")).toBeVisible();
  await shot(p, "compliance-consent");

  // Retention: a rule, then Run now.
  await p.getByRole("tab", { name: "Retention" }).click();
  await p.getByRole("spinbutton", { name: "AI action inputs and outputs" }).fill("90");
  await p.getByRole("button", { name: "Save rules" }).click();
  await expect(p.getByText(/Retention rules saved/)).toBeVisible();
  await p.getByRole("button", { name: "Run now" }).click();
  const runs = p.getByRole("table", { name: "Retention runs, newest first" });
  await expect(runs.getByText("completed")).toBeVisible({ timeout: 30_000 });
  await shot(p, "compliance-retention");

  await p.getByRole("tab", { name: "Audit export" }).click();
  const [audit] = await Promise.all([p.waitForEvent("download"), p.getByRole("button", { name: "Download" }).click()]);
  expect(audit.suggestedFilename()).toMatch(/^audit-.*\.csv$/);
  await shot(p, "compliance-audit");

  // The landing's badges explain themselves on /trust.
  await p.goto("/trust#gdpr");
  await expect(p.getByRole("heading", { level: 1, name: "Compliance and trust" })).toBeVisible();
  await expect(p.getByRole("region", { name: "SOC 2" }).getByText(/not itself certified/)).toBeVisible();
  await shot(p, "trust");

  expect(errors).toEqual([]);
});
