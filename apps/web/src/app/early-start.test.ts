import type { UserSettings } from "@prospector/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authKeys } from "../features/auth/api/auth-keys.ts";
import { settingsKeys } from "../features/settings/api/settings-keys.ts";
import { me, mockServer, userSettings } from "../test/kit.ts";
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
