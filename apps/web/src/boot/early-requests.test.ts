/**
 * The boot file's early requests (early-requests.ts) and the API client taking their answers
 * (lib/early-responses.ts): sent only for a signed-in visit to /dashboard, with exactly the headers
 * the client would send, and used once, for the same address and credentials only.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API_BASE, createApiClient, WORKSPACE_KEY } from "../lib/api-client.ts";
import { EARLY_RESPONSE_TTL_MS, takeEarlyResponse } from "../lib/early-responses.ts";
import { TOKEN_KEY, tokenStore, USER_SETTINGS_KEY } from "../lib/storage.ts";
import { ME_URL, SETTINGS_URL, STORED_SETTINGS_KEY, STORED_TOKEN_KEY, STORED_WORKSPACE_KEY, sendEarlyRequests } from "./early-requests.ts";

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.localStorage.clear();
  window.__earlyRequests = undefined;
  fetchMock = vi.fn(async (url: string) => json({ url }));
  vi.stubGlobal("fetch", fetchMock);
  window.history.pushState({}, "", "/dashboard");
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.__earlyRequests = undefined;
});

describe("early requests (boot file)", () => {
  it("reads the keys the app writes and asks for the addresses the app asks for", () => {
    expect([STORED_TOKEN_KEY, STORED_WORKSPACE_KEY, STORED_SETTINGS_KEY]).toEqual([TOKEN_KEY, WORKSPACE_KEY, USER_SETTINGS_KEY]);
    expect([ME_URL, SETTINGS_URL]).toEqual([`${API_BASE}/auth/me`, `${API_BASE}/user-settings/settings`]);
  });

  it("sends the session and settings requests for a signed-in visit to /dashboard, with the stored workspace", () => {
    window.localStorage.setItem(TOKEN_KEY, "tok-1");
    window.localStorage.setItem(WORKSPACE_KEY, "ws-9");
    const early = sendEarlyRequests();
    expect([...(early?.responses.keys() ?? [])]).toEqual([ME_URL, SETTINGS_URL]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([ME_URL, SETTINGS_URL]);
    expect(fetchMock.mock.calls[0]?.[1]).toEqual({
      headers: { Accept: "application/json", Authorization: "Bearer tok-1", "X-Workspace-Id": "ws-9" },
      credentials: "same-origin",
    });
  });

  it("sends nothing without a stored token or on another page", () => {
    expect(sendEarlyRequests()).toBeNull();
    window.localStorage.setItem(TOKEN_KEY, "tok-1");
    window.history.pushState({}, "", "/leads");
    expect(sendEarlyRequests()).toBeNull();
    window.history.pushState({}, "", "/");
    expect(sendEarlyRequests()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("leaves the settings to the app when changes made offline must reach the server first", () => {
    window.localStorage.setItem(TOKEN_KEY, "tok-1");
    window.localStorage.setItem(USER_SETTINGS_KEY, JSON.stringify({ pendingSync: { profile: { full_name: "A" } } }));
    expect([...(sendEarlyRequests()?.responses.keys() ?? [])]).toEqual([ME_URL]);
  });
});

describe("the API client takes an early answer", () => {
  function signedInEarly() {
    tokenStore.set("tok-1", { remember: true });
    window.__earlyRequests = sendEarlyRequests() ?? undefined;
    fetchMock.mockClear();
  }

  it("once, for the same GET, instead of asking again", async () => {
    signedInEarly();
    const client = createApiClient({ fetch: fetchMock as unknown as typeof fetch });
    expect(await client.get("/auth/me")).toEqual({ url: ME_URL });
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken: the next read of the same address goes to the server.
    await client.get("/auth/me");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("not when the credentials changed since (another account or workspace)", async () => {
    signedInEarly();
    tokenStore.set("tok-2", { remember: true });
    const client = createApiClient({ fetch: fetchMock as unknown as typeof fetch });
    await client.get("/auth/me");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: "Bearer tok-2" });
  });

  it("not for another method, address or an old answer, and asks again when the early request failed", async () => {
    signedInEarly();
    const headers = { ...(window.__earlyRequests?.headers ?? {}) };
    expect(takeEarlyResponse(`${ME_URL}?x=1`, headers)).toBeNull();
    const sentAt = window.__earlyRequests?.sentAt ?? 0;
    expect(takeEarlyResponse(ME_URL, headers, sentAt + EARLY_RESPONSE_TTL_MS + 1)).toBeNull();
    expect(window.__earlyRequests).toBeUndefined();

    signedInEarly();
    window.__earlyRequests?.responses.set(ME_URL, Promise.reject(new TypeError("network")));
    const client = createApiClient({ fetch: fetchMock as unknown as typeof fetch });
    await client.post("/auth/me", {});
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await client.get("/auth/me")).toEqual({ url: ME_URL });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
