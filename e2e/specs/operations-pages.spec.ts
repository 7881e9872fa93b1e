/**
 * Every deliverability and sending-operations page (issue 15) on a new workspace: each opens from its
 * side-nav group, states its question, shows an empty state that says how to get data (never sample
 * figures), and logs no console error. Screenshots land in test-results/screens/ops-*.png.
 */
import { expect, type Page, test } from "@playwright/test";

const password = "Prospect0r!operations";

/** Path, its side-nav group (null: the top of the nav, or reached from another page) and its nav label. */
const PAGES: { path: string; group: string | null; label: string }[] = [
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

async function signUp(page: Page) {
  await page.goto("/sign-up");
  await page.getByLabel("Full name").fill("Olga Operations");
  await page.getByLabel("Work email").fill(`ops-${Date.now()}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("every deliverability and operations page opens from its nav group, asks its question and logs no error", async ({ page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
  await signUp(page);

  const nav = page.getByRole("navigation", { name: "Main navigation" });
  for (const p of PAGES) {
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
      await page.screenshot({ path: `test-results/screens/ops-${p.path.slice(1).replaceAll("/", "-")}.png`, fullPage: true });
    });
  }
  expect(errors).toEqual([]);
});
