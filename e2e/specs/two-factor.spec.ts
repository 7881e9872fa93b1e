/**
 * Two-factor sign-in end to end: an account turns two-factor on through the API (with a code its
 * "authenticator" computes), signs out, then signs in with the password and a 6-digit code — and,
 * another time, with a single-use recovery code — on the real sign-in page.
 */
import { expect, type Page, test } from "@playwright/test";
import { generate } from "otplib";

const email = `two-factor-${Date.now()}@example.com`;
const password = "Prospect0r!twofactor";

/** The code an authenticator app shows half a minute from now: later than the step used to turn two-factor on. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  // Straight to the home page, not bounced to /sign-in by the guard.
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("token") ?? sessionStorage.getItem("token"))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem("redirectAfterLogin"))).toBeNull();
}

async function passwordStep(page: Page) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  // No session yet: the password alone must not sign in.
  expect(await page.evaluate(() => localStorage.getItem("token") ?? sessionStorage.getItem("token"))).toBeNull();
}

test("an account with two-factor signs in with its password and then a code or a recovery code", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/sign-up");
  await page.getByLabel("Full name").fill("Tess Twofactor");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const token = await page.evaluate(() => localStorage.getItem("token") ?? sessionStorage.getItem("token"));
  expect(token).toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };
  const setup = await page.request.post("/api/user-settings/two-factor", { headers, data: { enable: true, password } });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await page.request.post("/api/user-settings/two-factor/verify", { headers, data: { token: await generate({ secret }) } });
  expect(enabled.status()).toBe(200);
  const { recovery_codes } = (await enabled.json()) as { recovery_codes: string[] };
  expect(recovery_codes).toHaveLength(10);

  await signOut(page);

  // Password, then a wrong code (stays on the step), then the right one.
  await passwordStep(page);
  const code = page.getByLabel("Verification code");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await code.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Invalid verification code. Please try again.")).toBeVisible();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await code.fill(await nextCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("banner").getByText("Tess Twofactor")).toBeVisible();

  await signOut(page);

  // A recovery code works once.
  await passwordStep(page);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(recovery_codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page);
  await passwordStep(page);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(recovery_codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("This recovery code is not valid or has already been used")).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
});
