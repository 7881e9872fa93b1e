/**
 * Browser tests against the real server (built web app + API) on 127.0.0.1, in Debian's
 * Chromium. Each run gets a fresh database: PGlite in a temp folder, or a new PostgreSQL
 * database when DATABASE_URL is set (see server.ts). Two runs may go side by side, each with its
 * own E2E_PORT (server, DNS zone file) and E2E_RESULTS_DIR (outputs and shared state).
 */
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./chromium.ts";
import { RESULTS_DIR } from "./results-dir.ts";

const port = Number(process.env.E2E_PORT ?? 8777);

export default defineConfig({
  testDir: "./specs",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // E2E_RESULTS_DIR, else ./test-results: each run side by side (CI) has its own (results-dir.ts).
  outputDir: RESULTS_DIR,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    // The newcomer journey is the first run of a fresh instance (its sign-up must be the first
    // account, the admin who reads the local mailbox), so it runs before everything else and is
    // not retried: a retry would no longer be the first account.
    { name: "first-run", testMatch: /newcomer\.spec\.ts/, retries: 0 },
    { name: "app", testIgnore: /newcomer\.spec\.ts/, dependencies: ["first-run"] },
  ],
  webServer: {
    command: "node server.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(port) },
    stdout: "ignore",
    stderr: "pipe",
    // SIGTERM (not Playwright's default SIGKILL) lets server.ts remove the temp data folder or drop the database.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
