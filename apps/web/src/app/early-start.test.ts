import type { UserSettings } from "@prospector/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authKeys } from "../features/auth/api/auth-keys.ts";
import { widgetKeys } from "../features/dashboard/api/widget-queries.ts";
import { serializeLayout } from "../features/dashboard/lib/widget-layout.ts";
import { settingsKeys } from "../features/settings/api/settings-keys.ts";
import { importJob, me, mockServer, userSettings } from "../test/kit.ts";
import { startEarly } from "./early-start.ts";
import { createQueryClient } from "./query-client.ts";

const ada = me({ id: "u1", email: "ada@example.com", full_name: "Ada Lovelace" });

/** The API, with its /api/auth/me answer held until released. */
function scriptedFetch(settings: UserSettings) {
  let release = () => {};
  const meAnswered = new Promise<void>((resolve) => {
    release = resolve;
  });
  const api = mockServer({
    "GET /api/auth/me": async () => {
      await meAnswered;
      return { body: ada };
    },
    "GET /api/user-settings/settings": { body: settings },
  });
  return {
    get paths() {
      return api.calls.map((c) => c.path);
    },
    release,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe("startEarly", () => {
  it("asks for the session and the dashboard's settings together, before anything renders", { timeout: 30_000 }, async () => {
    window.localStorage.setItem("token", "tok-1");
    const settings = userSettings(ada);
    const server = scriptedFetch(settings);
    const queryClient = createQueryClient();
    startEarly(queryClient, "/dashboard");
    // The settings request goes out while the session request is still unanswered.
    // (The first dynamic import in a test run compiles the modules: give it time.)
    await vi.waitFor(() => expect(server.paths).toContain("/api/user-settings/settings"), { timeout: 15_000 });
    expect(server.paths).toContain("/api/auth/me");
    expect(queryClient.getQueryData(authKeys.me())).toBeUndefined();
    server.release();
    await vi.waitFor(() => expect(queryClient.getQueryData(authKeys.me())).toEqual(ada));
    await vi.waitFor(() => expect(queryClient.getQueryData(settingsKeys.settings())).toMatchObject({ settings, source: "server" }));
    // Each once: the hooks will find these in the cache.
    expect(server.paths.filter((p) => p === "/api/auth/me")).toHaveLength(1);
    expect(server.paths.filter((p) => p === "/api/user-settings/settings")).toHaveLength(1);
  });

  it("then asks for the figures of the widgets in the saved layout that the role may see, once each", { timeout: 30_000 }, async () => {
    window.localStorage.setItem("token", "tok-1");
    const layout = serializeLayout([
      { id: "n", type: "notifications", size: "small" },
      { id: "h", type: "instance-health", size: "small" },
      { id: "i", type: "recent-imports", size: "medium" },
    ]);
    const run = async (user: ReturnType<typeof me>) => {
      let release = () => {};
      const meAnswered = new Promise<void>((resolve) => {
        release = resolve;
      });
      const imports = [importJob({ file_name: "march.csv" })];
      const api = mockServer({
        "GET /api/auth/me": async () => {
          await meAnswered;
          return { body: user };
        },
        "GET /api/user-settings/settings": { body: userSettings(user, { dashboard_layout: layout }) },
        "GET /api/notifications": { body: { notifications: [], unread_count: 3, total: 0, next_cursor: null } },
        "GET /api/health": { body: { status: "ok", version: "1.0.0", uptime_seconds: 5, checks: {} } },
        "GET /api/leads/import-jobs": { body: imports },
      });
      const queryClient = createQueryClient();
      startEarly(queryClient, "/dashboard");
      await vi.waitFor(() => expect(api.calls.map((c) => c.path)).toContain("/api/user-settings/settings"), { timeout: 15_000 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Nothing before the session is known: the layout and the role decide what to ask.
      expect(api.calls.map((c) => c.path).sort()).toEqual(["/api/auth/me", "/api/user-settings/settings"]);
      release();
      await vi.waitFor(() => expect(api.calls.map((c) => c.path)).toContain("/api/health"), { timeout: 15_000 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { paths: api.calls.map((c) => c.path), queryClient, imports };
    };

    const reader = await run(ada);
    expect(reader.paths.filter((p) => !p.startsWith("/api/auth/me") && !p.includes("user-settings")).sort()).toEqual([
      "/api/health",
      "/api/leads/import-jobs",
      "/api/notifications",
    ]);
    // In the cache under the widgets' keys, so the widgets render these without asking again.
    await vi.waitFor(() => expect(reader.queryClient.getQueryData(widgetKeys.imports)).toEqual(reader.imports));

    const noLeads = await run(me({ id: "u2", email: "bob@example.com", full_name: "Bob", permissions: ["campaigns:read"] }));
    expect(noLeads.paths).not.toContain("/api/leads/import-jobs");
    expect(noLeads.paths.filter((p) => p === "/api/notifications")).toHaveLength(1);
  });

  it("does nothing without a stored token or away from the app pages it knows", async () => {
    const server = scriptedFetch(userSettings(ada));
    startEarly(createQueryClient(), "/dashboard");
    window.localStorage.setItem("token", "tok-1");
    startEarly(createQueryClient(), "/");
    startEarly(createQueryClient(), "/sign-in");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.paths).toEqual([]);
  });
});
