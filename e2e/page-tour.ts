/**
 * A tour of pages on a new workspace (the analytics and AI page specs): each opens from its
 * side-nav group (the spec's group) or by address, shows no 404, states its question (the main
 * area's first heading, a line ending in "?"), finishes loading, and is photographed to
 * screens/<prefix>-<path>.png in the run's output folder (results-dir.ts). Console errors are collected for the caller.
 */
import { expect, type Page, test } from "@playwright/test";
import { screenPath } from "./results-dir.ts";

/** Path, its side-nav group (null: the top of the nav, or reached from another page) and its nav label ("" = go by address). */
export interface TourPage {
  path: string;
  group: string | null;
  label: string;
}

export async function signUp(page: Page, name: string, emailPrefix: string, password: string) {
  await page.goto("/sign-up");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Work email").fill(`${emailPrefix}-${Date.now()}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Collects console errors and page errors, each with the address it happened on. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

export async function tourPages(page: Page, pages: readonly TourPage[], prefix: string) {
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  for (const p of pages) {
    await test.step(p.path, async () => {
      if (p.label) {
        // Open the group if it is collapsed, then follow the entry.
        if (p.group) {
          const group = nav.getByRole("button", { name: p.group, exact: true });
          if ((await group.getAttribute("aria-expanded")) === "false") await group.click();
        }
        // By label and address: two groups may hold an entry of the same name (Automation).
        await nav
          .getByRole("link", { name: p.label, exact: true })
          .and(nav.locator(`a[href="${p.path}"]`))
          .click();
        await expect(page).toHaveURL(new RegExp(`${p.path.replace(/[/-]/g, "\\$&")}$`));
      } else {
        await page.goto(p.path);
      }
      await expect(page.getByText("404", { exact: true })).toHaveCount(0);
      // The page's question: the first heading of the main area ends in a question mark.
      await expect(page.locator("main h2").first()).toBeVisible();
      await expect(page.locator("main").getByText(/\?$/).first()).toBeVisible();
      await expect(page.getByText("Loading...")).toHaveCount(0, { timeout: 15_000 });
      await page.screenshot({ path: screenPath(`${prefix}-${p.path.slice(1).replaceAll("/", "-")}`), fullPage: true });
    });
  }
}
