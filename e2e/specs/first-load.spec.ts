/**
 * A signed-in first visit to /dashboard: the boot file (apps/web/src/boot/early-requests.ts) asks
 * for the session and the settings while the app's scripts download, and the app uses those
 * answers instead of asking again. Fails if the early requests stop being sent (no boot file, or
 * it ran on the wrong address) or stop being taken (each address would then be asked twice).
 */
import { expect, test } from "@playwright/test";
import { E2E_SETUP_TOKEN } from "../setup-token.ts";

test("a signed-in first visit to /dashboard asks for its session and settings once, before the app runs", async ({ page, request }) => {
  const registered = await request.post("/api/auth/register", {
    data: {
      email: `first-load-${Date.now()}@example.com`,
      password: "Prospect0r!first",
      full_name: "Fay Load",
      setup_token: E2E_SETUP_TOKEN,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const { access_token: token } = (await registered.json()) as { access_token: string };
  // Signed in the way the app keeps it, on a same-origin address that loads no script.
  await page.goto("/api/health");
  await page.evaluate((t) => window.localStorage.setItem("token", t), token);

  const asked: string[] = [];
  page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (r.method() === "GET" && (pathname.startsWith("/api/") || pathname.startsWith("/assets/"))) asked.push(pathname);
  });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 2, name: /Fay/ })).toBeVisible();
  await expect(page.getByTestId("widget-grid")).toBeVisible();

  const count = (path: string) => asked.filter((p) => p === path).length;
  expect(count("/api/auth/me"), asked.join("\n")).toBe(1);
  expect(count("/api/user-settings/settings"), asked.join("\n")).toBe(1);
  // Sent by the boot file, which the browser asks for before the app's entry.
  const boot = asked.findIndex((p) => /^\/assets\/early-requests-[\w-]+\.js$/.test(p));
  const entry = asked.findIndex((p) => /^\/assets\/index-[\w-]+\.js$/.test(p));
  expect(boot, asked.join("\n")).toBeGreaterThanOrEqual(0);
  expect(boot).toBeLessThan(entry);
});
