/**
 * The settings tabs end to end on the real server: profile (name in the top bar, picture checks),
 * notifications, email validation, dashboard theme and widgets, security, API keys, exports,
 * billing, accessibility (screenshot in high contrast + large text), and the offline fallback:
 * with /api not answering, the local copy is shown and a save is kept locally, then synced.
 */
import { expect, type Page, test } from "@playwright/test";
import { screenPath } from "../results-dir.ts";

const email = `settings-${Date.now()}@example.com`;
const password = "Prospect0r!settings";
const shot = (page: Page, name: string) => page.screenshot({ path: screenPath(`settings-${name}`), fullPage: true });
// A real 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test.describe.configure({ mode: "serial" });

test("every settings tab works and changes the app", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto("/sign-up");
  await page.getByLabel("Full name").fill("Sam Settings");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("widget-grid")).toBeVisible();
  await expect(page.getByTestId("widget-getting-started")).toBeVisible();
  await shot(page, "dashboard");

  // Profile: the default tab; a new name reaches the top bar; pictures are checked by content.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await page.getByLabel("Full name").fill("Samantha Settings");
  await page.getByLabel("Company").fill("Acme Outbound");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await expect(page.getByRole("banner").getByText("Samantha Settings")).toBeVisible();
  await page
    .getByTestId("picture-input")
    .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not really a picture") });
  await expect(page.getByText("Only JPG, PNG or GIF images are accepted")).toBeVisible();
  await page.getByTestId("picture-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("Profile picture updated")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove" })).toBeVisible();
  await shot(page, "profile");

  // Notifications.
  await page.getByRole("tab", { name: "Notifications" }).click();
  await page.getByLabel("Report alerts").click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Settings saved").first()).toBeVisible();
  await shot(page, "notifications");

  // Email: the rules are shown on their fields.
  await page.getByRole("tab", { name: "Email" }).click();
  const signature = page.getByLabel("Default signature (HTML)");
  await signature.fill(`<b>${"x".repeat(1001)}</b>`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("The signature can be at most 1000 characters")).toBeVisible();
  await signature.fill('<a href="javascript:alert(1)">me</a>');
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/HTML that is not allowed/)).toBeVisible();
  await signature.fill("<p><b>Samantha</b> · Acme Outbound</p>");
  await page.getByLabel("Start sending at").fill("18:00");
  await page.getByLabel("Stop sending at").fill("08:00");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("The sending end time must be after the start time")).toBeVisible();
  await page.getByLabel("Start sending at").fill("08:30");
  await page.getByLabel("Stop sending at").fill("17:30");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Settings saved").first()).toBeVisible();
  await shot(page, "email");

  // Dashboard: dark theme applies at once.
  await page.getByRole("tab", { name: "Dashboard" }).click();
  await page.getByRole("button", { name: "Dark" }).click();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(15, 18, 32)");
  await page.getByLabel("Compact mode").click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Settings saved").first()).toBeVisible();
  await shot(page, "dashboard-tab");
  await page.getByRole("button", { name: "Light" }).click();

  // Security: the failed rule is named; this browser's session is marked.
  await page.getByRole("tab", { name: "Security" }).click();
  await page.getByLabel("Current password", { exact: true }).fill(password);
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("Confirm new password").fill("short");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(page.getByTestId("session-row").filter({ hasText: "This device" })).toHaveCount(1);
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  await page.getByRole("dialog").getByLabel("Current password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await page.getByLabel("Verification code").fill("000000");
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByText("Invalid verification code. Please try again.")).toBeVisible();
  await shot(page, "security-2fa");
  await page.getByRole("button", { name: "Cancel" }).click();
  await shot(page, "security");

  // API keys: the secret is shown once.
  await page.getByRole("tab", { name: "API Keys" }).click();
  await page.getByRole("button", { name: "Create API key" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill("CRM sync");
  await page.getByRole("dialog").getByText("Read leads").click();
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByTestId("api-key-secret")).toHaveText(/^psk_/);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("api-key-row")).toHaveCount(1);
  await shot(page, "api");

  // Data: an export runs and can be downloaded.
  await page.getByRole("tab", { name: "Data & Export" }).click();
  await page.getByRole("button", { name: "Start export" }).click();
  await expect(page.getByTestId("export-row").first().getByText("completed")).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent("download");
  await page.getByTestId("export-row").first().getByRole("button", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.(zip|json)$/);
  await shot(page, "data");

  // Billing: the catalogue, live usage and the honest payment notice.
  await page.getByRole("tab", { name: "Billing" }).click();
  await expect(page.getByTestId("plan-growth")).toBeVisible();
  await expect(page.getByTestId("payments-not-configured")).toBeVisible();
  await page.getByRole("button", { name: /Yearly/ }).click();
  await shot(page, "billing");

  // Accessibility: flags change the whole app.
  await page.getByRole("tab", { name: "Accessibility" }).click();
  await page.getByLabel("High contrast").click();
  await expect(page.locator("html")).toHaveClass(/a11y-high-contrast/);
  await page.getByLabel("Large text").click();
  await expect(page.locator("html")).toHaveClass(/a11y-large-text/);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("20px");
  await shot(page, "accessibility");
  await page.goto("/dashboard");
  await expect(page.locator("html")).toHaveClass(/a11y-high-contrast/);
  await expect(page.getByTestId("widget-grid")).toBeVisible();
  // The screenshot waits for the widgets' answers and the fonts, not for a fixed time.
  await expect(page.getByRole("progressbar", { name: /^Loading/ })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: screenPath("high-contrast-large-text"), fullPage: true });
  await page.goto("/settings/accessibility");
  await page.getByLabel("High contrast").click();
  await page.getByLabel("Large text").click();
  await expect(page.locator("html")).not.toHaveClass(/a11y-high-contrast/);

  // Offline: every /api call fails except the session check (whose failure signs the user out,
  // by the shell's rule); settings come from the local copy and a save is kept for later.
  await page.route("**/api/**", (route) => (new URL(route.request().url()).pathname === "/api/auth/me" ? route.continue() : route.abort()));
  await page.goto("/settings/profile");
  await expect(page.getByTestId("settings-offline")).toContainText("copy saved in this browser");
  await expect(page.getByLabel("Full name")).toHaveValue("Samantha Settings");
  await page.getByLabel("Company").fill("Acme Offline");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/kept on this device and will sync/)).toBeVisible();
  const pending = await page.evaluate(() => JSON.parse(localStorage.getItem("user_settings") ?? "{}").pendingSync);
  expect(pending.profile.company).toBe("Acme Offline");
  await shot(page, "offline");

  // The server is back: the kept change reaches it.
  await page.unroute("**/api/**");
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(page.getByTestId("settings-offline")).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel("Company")).toHaveValue("Acme Offline");
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("user_settings") ?? "{}").pendingSync)).toEqual({});
});

test("the dashboard grid can be customized and refuses a 21st widget", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("button", { name: "Customize" }).click();
  await page.getByRole("button", { name: "Remove Instance health" }).click();
  await page.getByLabel("Size of Getting started").click();
  await page.getByRole("option", { name: "Full" }).click();
  await page.getByRole("button", { name: "Move Your account later" }).click();
  const count = await page.locator("[data-testid^=widget-]:not([data-testid=widget-grid])").count();
  for (let i = count; i < 20; i++) {
    await page.getByRole("button", { name: "Add widget" }).click();
    await page.getByRole("menuitem", { name: /Notifications/ }).click();
  }
  await page.getByRole("button", { name: "Add widget" }).click();
  await expect(page.getByTestId("layout-error")).toHaveText("A dashboard can hold at most 20 widgets");
  await shot(page, "dashboard-customize");
  await page.getByRole("button", { name: "Save layout" }).click();
  await expect(page.getByRole("button", { name: "Customize" })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("widget-getting-started")).toHaveAttribute("data-size", "full");
  await expect(page.getByTestId("widget-instance-health")).toHaveCount(0);
});
