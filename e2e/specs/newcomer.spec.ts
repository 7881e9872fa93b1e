/**
 * A newcomer's first visit, end to end on the real server: landing → sign up through the
 * first-run setup link (first account is the admin) → dashboard → sign out → forgot password → the
 * reset mail in the local mailbox → reset → sign in with the new password → 404 page and redirect.
 */
import { expect, type Page, test } from "@playwright/test";
import { saveInstanceAdmin } from "../instance-admin.ts";
import { screenPath } from "../results-dir.ts";
import { E2E_SETUP_TOKEN } from "../setup-token.ts";

const email = `owner-${Date.now()}@example.com`;
const firstPassword = "Prospect0r!first";
const newPassword = "Prospect0r!second";

async function signIn(page: Page, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test("a newcomer signs up, signs out, resets the password and signs in again", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.screenshot({ path: screenPath("landing") });
  await page.getByRole("link", { name: "Start Free Trial" }).first().click();
  await expect(page).toHaveURL(/\/sign-up/);
  // A fresh instance is claimed only through the one-time link the server prints at first start.
  await expect(page.getByText(/not set up yet/i)).toBeVisible();
  await page.goto(`/sign-up?setup_token=${E2E_SETUP_TOKEN}`);
  await expect(page.getByText(/This first account becomes the organization's administrator/)).toBeVisible();

  await page.getByLabel("Full name").fill("Olivia Owner");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(firstPassword);
  await page.screenshot({ path: screenPath("sign-up") });
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Olivia Owner").first()).toBeVisible();
  await page.screenshot({ path: screenPath("dashboard") });

  await signOut(page);

  await page.goto("/forgot-password");
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole("button", { name: "Send Reset Instructions" }).click();
  await expect(page.getByText("Check Your Email")).toBeVisible();

  // Without SMTP the reset mail waits in the local mailbox, which the instance admin can read.
  await signIn(page, firstPassword);
  await page.goto("/mailbox");
  const row = page.getByRole("row").filter({ hasText: /reset/i }).first();
  await expect(row).toBeVisible();
  await row.click();
  // The message body loads after the dialog opens: wait for the link itself.
  const resetLink = page.getByRole("dialog").getByRole("link", { name: /reset-password\?token=/ });
  await expect(resetLink).toBeVisible();
  const link = await resetLink.getAttribute("href");
  expect(link, "reset link in the mail").toMatch(/\/reset-password\?token=[\w.-]+$/);
  await page.getByRole("button", { name: "Close message" }).click();
  await signOut(page);

  await page.goto(link!.replace(/^https?:\/\/[^/]+/, ""));
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: /reset password/i }).click();
  await expect(page.getByText("Password Reset Successful")).toBeVisible();
  await page
    .getByRole("button", { name: "Go to Login" })
    .or(page.getByRole("link", { name: "Go to Login" }))
    .click();
  await expect(page).toHaveURL(/\/sign-in/);

  await signIn(page, newPassword);
  saveInstanceAdmin({ email, password: newPassword, name: "Olivia Owner" });
});

test("an unknown page shows the 404 screen and returns home after 5 seconds", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByText("Page Not Found")).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.", { exact: false })).toBeVisible();
  await page.screenshot({ path: screenPath("404") });
  await expect(page).toHaveURL(/\/$/, { timeout: 9000 });
});
