import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient, WORKSPACE_KEY, workspaceScope } from "./api-client.ts";
import { errorTracker } from "./error-tracker.ts";
import { ApiError } from "./errors.ts";
import { REDIRECT_KEY, signOutIntent, tokenStore } from "./storage.ts";

const json = (status: number, body: unknown, statusText = "") =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, statusText, headers: { "content-type": "application/json" } });

function setup(responses: Array<Response | Error | "hang">) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (next === undefined) throw new Error("unexpected extra request");
    if (next === "hang") {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    }
    if (next instanceof Error) throw next;
    return next;
  });
  const delays: number[] = [];
  const client = createApiClient({ fetch: fetch as typeof globalThis.fetch, sleep: async (ms) => void delays.push(ms) });
  const navigate = vi.fn();
  client.setNavigator(navigate);
  return { client, calls, delays, navigate };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error("expected the request to fail");
}

beforeEach(() => {
  window.history.pushState({}, "", "/dashboard?tab=2");
  errorTracker.setSender(async () => {});
});
afterEach(() => vi.useRealTimers());

describe("requests", () => {
  it("prefixes /api, sends the stored bearer token and query params, and unwraps {data, success}", async () => {
    tokenStore.set("tok-1", { remember: true });
    const { client, calls } = setup([json(200, { data: { id: 7 }, success: true })]);
    const result = await client.get<{ id: number }>("/leads/", { params: { search: "acme", limit: 5, empty: "" } });
    expect(result).toEqual({ id: 7 });
    expect(calls[0]!.url).toBe("/api/leads/?search=acme&limit=5");
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer tok-1");
  });

  it("returns bodies that are not wrapped as they are, and reads the session-storage token", async () => {
    tokenStore.set("session-tok", { remember: false });
    const { client, calls } = setup([json(200, { data: [1], total: 1 })]);
    expect(await client.post("/things", { a: 1 })).toEqual({ data: [1], total: 1 });
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer session-tok");
    expect(calls[0]!.init.body).toBe(JSON.stringify({ a: 1 }));
  });

  it("never sends the token to login or register", async () => {
    tokenStore.set("tok-1", { remember: true });
    const { client, calls } = setup([json(200, { ok: true }), json(200, { ok: true })]);
    await client.post("/auth/login", { email: "a@b.c", password: "x" });
    await client.post("/auth/register", {});
    for (const call of calls) expect((call.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });
});

describe("failures", () => {
  it("times out after 30 s with a retryable timeout error", async () => {
    vi.useFakeTimers();
    const { client } = setup(["hang"]);
    const pending = failure(client.get("/slow"));
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await pending;
    expect(err.type).toBe("timeout");
    expect(err.message).toBe("Request timed out. Please try again.");
    expect(err.retryable).toBe(true);
  });

  it("reports an unreachable server with the backend message", async () => {
    const { client } = setup([new TypeError("Failed to fetch")]);
    const err = await failure(client.get("/x"));
    expect(err.type).toBe("network");
    expect(err.message).toBe("Cannot connect to server. Please ensure the backend is running on port 8000.");
    expect(err.retryable).toBe(true);
  });

  it("retries a 503 after 1, 2 and 4 seconds, then gives up with the server's message", async () => {
    const { client, calls, delays } = setup([json(503, {}), json(503, {}), json(503, {}), json(503, { detail: "Maintenance" })]);
    const err = await failure(client.get("/x"));
    expect(calls).toHaveLength(4);
    expect(delays).toEqual([1000, 2000, 4000]);
    expect(err.type).toBe("server");
    expect(err.message).toBe("Maintenance");
    expect(err.retryable).toBe(true);
  });

  it("succeeds when a retried 503 recovers", async () => {
    const { client, delays } = setup([json(503, {}), json(200, { ok: 1 })]);
    expect(await client.get("/x")).toEqual({ ok: 1 });
    expect(delays).toEqual([1000]);
  });

  it("on 401 clears tokens, remembers the page and goes to /login", async () => {
    tokenStore.set("tok", { remember: true });
    localStorage.setItem("refreshToken", "r");
    localStorage.setItem("userEmail", "a@b.c");
    const { client, navigate } = setup([json(401, { detail: "Session expired", code: "UNAUTHENTICATED" })]);
    const err = await failure(client.get("/auth/me"));
    expect(err.message).toBe("You are not authorized to perform this action.");
    expect(err.retryable).toBe(false);
    expect(tokenStore.get()).toBeNull();
    expect(localStorage.getItem("refreshToken")).toBeNull();
    expect(localStorage.getItem("userEmail")).toBeNull();
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe("/dashboard?tab=2");
    expect(navigate).toHaveBeenCalledWith("/login");
  });

  it("does not bounce a visitor who is already on a sign-in or public page", async () => {
    for (const path of ["/sign-in", "/login", "/forgot-password", "/"]) {
      window.history.pushState({}, "", path);
      const { client, navigate } = setup([json(401, {})]);
      await failure(client.get("/auth/me"));
      expect(navigate).not.toHaveBeenCalled();
    }
  });

  it("a failed login only surfaces the server's reason", async () => {
    window.history.pushState({}, "", "/sign-in");
    tokenStore.set("older", { remember: true });
    const { client, navigate } = setup([json(401, { detail: "Invalid email or password", code: "INVALID_CREDENTIALS" })]);
    const err = await failure(client.post("/auth/login", {}));
    expect(err.message).toBe("Invalid email or password");
    expect(navigate).not.toHaveBeenCalled();
    expect(tokenStore.get()).toBe("older");
  });

  it("a 401 about the request itself (wrong confirmation password) keeps the session and says why", async () => {
    tokenStore.set("tok", { remember: true });
    sessionStorage.removeItem(REDIRECT_KEY);
    const { client, navigate } = setup([json(401, { detail: "Current password is incorrect", code: "INVALID_CURRENT_PASSWORD" })]);
    const err = await failure(client.post("/user-settings/password", { current_password: "x", new_password: "y" }));
    expect(err.code).toBe("INVALID_CURRENT_PASSWORD");
    expect(err.message).toBe("Current password is incorrect");
    expect(tokenStore.get()).toBe("tok");
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("a 401 without a code still means the session is gone", async () => {
    tokenStore.set("tok", { remember: false });
    const { client, navigate } = setup([json(401, { detail: "Unauthorized" })]);
    const err = await failure(client.get("/leads/"));
    expect(err.message).toBe("You are not authorized to perform this action.");
    expect(tokenStore.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/login");
  });

  it("hands the whole error body to the caller (the two-factor challenge token)", async () => {
    window.history.pushState({}, "", "/sign-in");
    const body = { detail: "Enter the code", code: "TWO_FACTOR_REQUIRED", two_factor_token: "chal-1", expires_in: 300 };
    const { client, navigate } = setup([json(401, body)]);
    const err = await failure(client.post("/auth/login", {}));
    expect(err.code).toBe("TWO_FACTOR_REQUIRED");
    expect(err.message).toBe("Enter the code");
    expect(err.body).toEqual(body);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("a 403 permission denial keeps the session and names the permission", async () => {
    tokenStore.set("tok", { remember: true });
    const { client, navigate } = setup([json(403, { detail: "Forbidden", code: "FORBIDDEN", requiredPermission: "campaigns:delete" })]);
    const err = await failure(client.delete("/campaigns/1"));
    expect(err.type).toBe("permission");
    expect(err.message).toBe("You do not have permission to perform this action.");
    expect(err.requiredPermission).toBe("campaigns:delete");
    expect(tokenStore.get()).toBe("tok");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("a 403 that is not about a permission is treated as a lost session", async () => {
    tokenStore.set("tok", { remember: true });
    const { client, navigate } = setup([json(403, { detail: "Account disabled" })]);
    await failure(client.get("/auth/me"));
    expect(tokenStore.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/login");
  });

  it("a 403 that answers the request (a role above your own) keeps the session", async () => {
    tokenStore.set("tok", { remember: true });
    const { client, navigate } = setup([
      json(403, { detail: "You cannot assign or remove a role above your own", code: "ROLE_ABOVE_OWN" }),
    ]);
    const err = await failure(client.post("/v1/rbac/roles/assign", {}));
    expect(err.code).toBe("ROLE_ABOVE_OWN");
    expect(tokenStore.get()).toBe("tok");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("a 403 USER_INACTIVE (suspended) is treated as a lost session", async () => {
    tokenStore.set("tok", { remember: true });
    const { client, navigate } = setup([json(403, { detail: "User not found or inactive", code: "USER_INACTIVE" })]);
    await failure(client.get("/leads/"));
    expect(tokenStore.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/login");
  });

  it("maps a 422 to the first field error with every message as constraints", async () => {
    const { client } = setup([
      json(422, {
        detail: "Invalid",
        errors: [
          { field: "email", message: "Please enter a valid email address" },
          { field: "password", message: "Password is required" },
        ],
      }),
    ]);
    const err = await failure(client.post("/auth/register", {}));
    expect(err.type).toBe("validation");
    expect(err.field).toBe("email");
    expect(err.message).toBe("Please enter a valid email address");
    expect(err.constraints).toEqual(["Please enter a valid email address", "Password is required"]);
    expect(err.retryable).toBe(false);
  });

  it("falls back to field unknown and Validation failed", async () => {
    const { client } = setup([json(422, { errors: [{}] })]);
    const err = await failure(client.post("/x", {}));
    expect(err.field).toBe("unknown");
    expect(err.message).toBe("Validation failed");
  });

  it.each([
    [500, { detail: "Database is down" }, "Database is down", true],
    [500, {}, "Server error. Please try again later.", true],
    [502, undefined, "Server error. Please try again later.", true],
    [404, { detail: "Campaign not found" }, "Campaign not found", false],
    [409, {}, "An unexpected error occurred.", false],
  ])("status %i gives the table's message", async (status, body, message, retryable) => {
    const { client } = setup([json(status, body, "Status")]);
    const err = await failure(client.get("/x"));
    expect(err.message).toBe(message);
    expect(err.retryable).toBe(retryable);
    expect(err.status).toBe(status);
    expect(err.httpLine).toBe(`HTTP ${status}: Status`);
  });

  it("reports errors with their severity: server 5xx critical, validation low", async () => {
    const sent: Array<{ type: string; severity: string; status?: number }> = [];
    errorTracker.setSender(async (r) => void sent.push(r));
    const { client } = setup([json(500, {}), json(422, { errors: [{ field: "a", message: "b" }] }), json(401, {})]);
    await failure(client.get("/a"));
    await failure(client.post("/b", {}));
    await failure(client.get("/c"));
    await errorTracker.flush();
    expect(sent.map((r) => [r.type, r.severity, r.status])).toEqual([
      ["server", "critical", 500],
      ["validation", "low", 422],
    ]);
    expect(errorTracker.getStats().byField.a).toBeGreaterThanOrEqual(1);
  });

  it("keeps reports the server could not take and sends them later, at most 100", async () => {
    const { ErrorTracker } = await import("./error-tracker.ts");
    const tracker = new ErrorTracker();
    let up = false;
    const sent: string[] = [];
    tracker.setSender(async (r) => {
      if (!up) throw new Error("offline");
      sent.push(r.message);
    });
    for (let i = 0; i < 120; i++) tracker.trackException(new Error(`e${i}`));
    await tracker.flush();
    expect(tracker.pendingCount()).toBe(100);
    expect(tracker.recent()).toHaveLength(100);
    up = true;
    await tracker.flush();
    expect(sent).toHaveLength(100);
    expect(sent[0]).toBe("e20");
    expect(tracker.getStats().byType.unknown).toBe(120);
  });
});

describe("workspace scope", () => {
  afterEach(() => workspaceScope.set(null));

  it("sends X-Workspace-Id with every signed-in request once a workspace is chosen, not on sign-in", async () => {
    tokenStore.set("tok", { remember: true });
    const { client, calls } = setup([json(200, []), json(200, []), json(200, { access_token: "t" })]);
    await client.get("/leads/");
    workspaceScope.set("ws-2");
    expect(window.localStorage.getItem(WORKSPACE_KEY)).toBe("ws-2");
    await client.get("/leads/");
    await client.post("/auth/login", {});
    const header = (i: number) => (calls[i]!.init.headers as Record<string, string>)["X-Workspace-Id"];
    expect(header(0)).toBeUndefined();
    expect(header(1)).toBe("ws-2");
    expect(header(2)).toBeUndefined();
  });

  it("a workspace the server no longer lets the user into: asked again without it, the choice dropped, still signed in", async () => {
    tokenStore.set("tok", { remember: true });
    workspaceScope.set("gone");
    const changes: Array<{ id: string | null; reason: string }> = [];
    const stop = workspaceScope.subscribe((c) => changes.push(c));
    const { client, calls, navigate } = setup([json(401, { detail: "Not signed in", code: "UNAUTHENTICATED" }), json(200, [{ id: 1 }])]);
    expect(await client.get("/leads/")).toEqual([{ id: 1 }]);
    stop();
    expect((calls[1]!.init.headers as Record<string, string>)["X-Workspace-Id"]).toBeUndefined();
    expect(changes).toEqual([{ id: null, reason: "not-found" }]);
    expect(workspaceScope.get()).toBeNull();
    expect(tokenStore.get()).toBe("tok");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("a session that is really gone still signs out, and keeps the workspace choice for the next sign-in", async () => {
    tokenStore.set("tok", { remember: true });
    workspaceScope.set("ws-2");
    const { client, navigate } = setup([
      json(401, { code: "UNAUTHENTICATED", detail: "x" }),
      json(401, { code: "UNAUTHENTICATED", detail: "x" }),
    ]);
    await failure(client.get("/leads/"));
    expect(tokenStore.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/login");
    expect(workspaceScope.get()).toBe("ws-2");
  });
});

describe("workspace scope and sign-out", () => {
  it("signing out on purpose forgets the chosen workspace", () => {
    tokenStore.set("tok", { remember: true });
    workspaceScope.set("ws-2");
    signOutIntent.mark();
    tokenStore.clear();
    expect(workspaceScope.get()).toBeNull();
    signOutIntent.mark(0); // over: later tests sign out by accident again
  });
});
