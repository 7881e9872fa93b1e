import { afterEach, describe, expect, it, vi } from "vitest";
import { authKeys } from "../features/auth/api/auth-keys.ts";
import { settingsKeys } from "../features/settings/api/settings-keys.ts";
import { startEarly } from "./early-start.ts";
import { createQueryClient } from "./query-client.ts";

const me = { id: "u1", email: "ada@example.com", full_name: "Ada Lovelace", permissions: ["*:*"] };

/** fetch whose /api/auth/me answer waits until released; everything else answers at once. */
function scriptedFetch(settings: unknown) {
  const paths: string[] = [];
  let release = () => {};
  const meAnswered = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), "http://localhost").pathname;
      paths.push(path);
      const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
      if (path === "/api/auth/me") {
        await meAnswered;
        return json(me);
      }
      if (path === "/api/user-settings/settings") return json(settings);
      return new Response(null, { status: 404 });
    }),
  );
  return { paths, release };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe("startEarly", () => {
  it("asks for the session and the dashboard's settings together, before anything renders", { timeout: 30_000 }, async () => {
    window.localStorage.setItem("token", "tok-1");
    const settings = { theme_preference: "light", dashboard_layout: null };
    const server = scriptedFetch(settings);
    const queryClient = createQueryClient();
    startEarly(queryClient, "/dashboard");
    // The settings request goes out while the session request is still unanswered.
    // (The first dynamic import in a test run compiles the modules: give it time.)
    await vi.waitFor(() => expect(server.paths).toContain("/api/user-settings/settings"), { timeout: 15_000 });
    expect(server.paths).toContain("/api/auth/me");
    expect(queryClient.getQueryData(authKeys.me())).toBeUndefined();
    server.release();
    await vi.waitFor(() => expect(queryClient.getQueryData(authKeys.me())).toEqual(me));
    await vi.waitFor(() => expect(queryClient.getQueryData(settingsKeys.settings())).toMatchObject({ settings, source: "server" }));
    // Each once: the hooks will find these in the cache.
    expect(server.paths.filter((p) => p === "/api/auth/me")).toHaveLength(1);
    expect(server.paths.filter((p) => p === "/api/user-settings/settings")).toHaveLength(1);
  });

  it("does nothing without a stored token or away from the app pages it knows", async () => {
    const server = scriptedFetch({});
    startEarly(createQueryClient(), "/dashboard");
    window.localStorage.setItem("token", "tok-1");
    startEarly(createQueryClient(), "/");
    startEarly(createQueryClient(), "/sign-in");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.paths).toEqual([]);
  });
});
