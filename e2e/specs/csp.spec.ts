/**
 * Content-Security-Policy end to end: the landing page, the sign-in screen (and its form, which
 * parses with zod), signed-in app pages with a data grid and with charts, and /docs run under the
 * server's strict policy without a single violation. A violation shows up as a
 * `securitypolicyviolation` event in the page and as a console message; either fails the test.
 * Also checks that the pages really carry the policy, and screenshots / and /sign-in.
 */
import { expect, type Page, test } from "@playwright/test";
import { screenPath } from "../results-dir.ts";
import { E2E_SETUP_TOKEN } from "../setup-token.ts";

const email = `csp-${Date.now()}@example.com`;
const password = "Prospect0r!csp";

/** Collects every CSP violation the page reports, from the DOM event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  // Runs through the DevTools protocol before any page script, so the policy does not apply to it.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation;
      void report(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

async function expectPolicy(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy, path).toContain("script-src 'self'");
  expect(policy, path).toContain("frame-ancestors 'none'");
  expect(policy, path).not.toContain("unsafe-eval");
}

test("the app runs under its Content-Security-Policy without a violation", async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width: 1280, height: 900 });
  const violations = await watchViolations(page);

  // A user and one lead, through the API (the setup token matters only if this is the first account).
  const registered = await request.post("/api/auth/register", {
    data: { email, password, full_name: "Casey Policy", setup_token: E2E_SETUP_TOKEN },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const { access_token: token } = (await registered.json()) as { access_token: string };
  const lead = await request.post("/api/leads", {
    headers: { authorization: `Bearer ${token}` },
    data: { first_name: "Ada", last_name: "Lovelace", email: "ada@analytical.example", company: "Analytical Engines" },
  });
  expect(lead.ok(), await lead.text()).toBe(true);

  await expectPolicy(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.screenshot({ path: screenPath("csp-landing") });
  // The footer's newsletter form loads when scrolled to.
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect(page.getByRole("form", { name: "Newsletter" })).toBeVisible();

  await expectPolicy(page, "/sign-in");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await page.screenshot({ path: screenPath("csp-sign-in") });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard" }).first()).toBeVisible();

  // A data grid (MUI X Data Grid)…
  await page.getByRole("link", { name: "Leads" }).first().click();
  await expect(page.getByRole("grid")).toBeVisible();
  await expect(page.getByRole("grid")).toContainText("ada@analytical.example");
  // …and charts (MUI X Charts): the data-quality report draws them for the one lead.
  await page.getByRole("tab", { name: "Data quality" }).click();
  await expect(page.getByText("Completeness per field")).toBeVisible();
  await expect(page.locator(".MuiChartsSurface-root").first()).toBeVisible();
  await page.getByRole("link", { name: "Analytics" }).first().click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByText("All campaigns, day by day")).toBeVisible();
  // A full load of an app page too (the route's chunks fetched on a fresh document).
  await expectPolicy(page, "/leads");
  await expect(page.getByRole("grid")).toBeVisible();

  // swagger-ui lives under the same policy.
  await expectPolicy(page, "/docs");
  await expect(page.getByText("Prospector API").first()).toBeVisible();

  expect(violations).toEqual([]);
});
