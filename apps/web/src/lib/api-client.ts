/**
 * The one HTTP client of the web app (shell spec §7–§8): base path /api, JSON, bearer token,
 * 30 s timeout, 503 retries after 1, 2 and 4 s, and every failure turned into an ApiError with the
 * message and retryable flag of the §8 table. Components never call fetch; feature hooks call this.
 */

import { takeEarlyResponse } from "./early-responses.ts";
import { errorTracker } from "./error-tracker.ts";
import { ApiError, type FieldError, REQUEST_MESSAGES } from "./errors.ts";
import { redirectAfterLogin, signOutIntent, tokenStore } from "./storage.ts";

export const API_BASE = "/api";
export const REQUEST_TIMEOUT_MS = 30_000;
export const RETRY_503_DELAYS_MS = [1000, 2000, 4000];

/** Pages a signed-out visitor may be on: a 401 there must not bounce them to the sign-in page. */
export const PUBLIC_PATHS = [
  "/",
  "/landing",
  "/login",
  "/sign-in",
  "/sign-up",
  "/forgot-password",
  "/reset-password",
  "/sso/complete",
  "/verify-email",
];
// /invite/: an invitation link shows its signed-out choices itself when a stored session has expired.
const SIGN_IN_PATHS = ["/login", "/sign-in", "/sign-up", "/forgot-password", "/reset-password", "/invite/"];

export type QueryValue = string | number | boolean | null | undefined | Array<string | number | boolean>;
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  params?: QueryParams;
  signal?: AbortSignal;
  /** Retry a 503 (default true); off for calls that use 503 as an answer, like /health. */
  retry503?: boolean;
  /** Send failures to the error tracker (default true). */
  report?: boolean;
}

type Navigate = (path: string) => void;

export interface ApiClientOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  retryDelaysMs?: number[];
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Where the chosen workspace is kept between visits (the switcher in the top bar sets it). */
export const WORKSPACE_KEY = "currentWorkspaceId";

export type WorkspaceScopeChange = { id: string | null; reason: "switched" | "not-found" };
const scopeListeners = new Set<(change: WorkspaceScopeChange) => void>();

function readScope(): string | null {
  try {
    return window.localStorage.getItem(WORKSPACE_KEY);
  } catch {
    return null;
  }
}

/**
 * The workspace every API request is scoped to (X-Workspace-Id); null means the user's default
 * workspace, which the server picks without the header. Storage can throw (private mode): the app
 * then stays on the default workspace.
 */
export const workspaceScope = {
  get(): string | null {
    return readScope();
  },
  set(id: string | null, reason: WorkspaceScopeChange["reason"] = "switched"): void {
    try {
      if (id === null) window.localStorage.removeItem(WORKSPACE_KEY);
      else window.localStorage.setItem(WORKSPACE_KEY, id);
    } catch {
      // Not kept: this tab still sends nothing, i.e. the default workspace.
    }
    for (const listener of scopeListeners) listener({ id, reason });
  },
  subscribe(listener: (change: WorkspaceScopeChange) => void): () => void {
    scopeListeners.add(listener);
    return () => scopeListeners.delete(listener);
  },
};

// Signing out on purpose forgets the choice: the next person to sign in on this browser starts in
// their own default workspace, without a "Workspace not found" for someone else's.
tokenStore.subscribe(() => {
  if (tokenStore.get() === null && signOutIntent.active() && workspaceScope.get() !== null) workspaceScope.set(null);
});

function buildUrl(path: string, params?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith("/") ? path : `/${path}`}`;
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
    else query.append(key, String(value));
  }
  const qs = query.toString();
  return qs ? `${url}${url.includes("?") ? "&" : "?"}${qs}` : url;
}

function isAuthCall(url: string): boolean {
  return url.includes("/login") || url.includes("/register");
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => "");
  if (!text) return undefined;
  if ((response.headers.get("content-type") ?? "").includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function unwrap<T>(body: unknown): T {
  if (
    body &&
    typeof body === "object" &&
    !Array.isArray(body) &&
    "data" in body &&
    typeof (body as { success?: unknown }).success === "boolean"
  ) {
    return (body as { data: T }).data;
  }
  return body as T;
}

function fieldErrors(body: Record<string, unknown>): FieldError[] | undefined {
  const list = body.errors;
  if (!Array.isArray(list)) return undefined;
  return list.map((item) => {
    const e = (item ?? {}) as Record<string, unknown>;
    const loc = Array.isArray(e.loc) ? e.loc.filter((p) => p !== "body").join(".") : undefined;
    const field = typeof e.field === "string" && e.field ? e.field : loc || "unknown";
    const message =
      typeof e.message === "string" && e.message ? e.message : typeof e.msg === "string" && e.msg ? e.msg : REQUEST_MESSAGES.validation;
    return { field, message };
  });
}

/**
 * Whether a 401 means the session is gone (expired, revoked, never there): UNAUTHENTICATED or a 401
 * without a code. Other 401 codes are answers about the request itself — a wrong confirmation
 * password (INVALID_CURRENT_PASSWORD), an expired sign-in step — and must not sign the user out.
 */
export function isSessionLost(status: number | undefined, code: string | undefined): boolean {
  return status === 401 && (code === undefined || code === "UNAUTHENTICATED");
}

/**
 * 403s that mean "this account may not be here at all" (deactivated, suspended in the workspace, or
 * no code to say otherwise): like a lost session. Other 403s answer the request (a role above your
 * own, a permission you cannot grant, not the owner) and keep the user signed in.
 */
const ACCOUNT_REFUSED_CODES = new Set(["USER_INACTIVE", "ACCOUNT_INACTIVE"]);
export function isAccountRefused(status: number | undefined, code: string | undefined, requiredPermission?: string): boolean {
  return status === 403 && !requiredPermission && (code === undefined || ACCOUNT_REFUSED_CODES.has(code));
}

/** Maps a non-OK response to the §8 table. */
export function errorFromResponse(response: Response, body: unknown, url: string): ApiError {
  const status = response.status;
  const obj = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const detail =
    typeof obj.detail === "string" && obj.detail ? obj.detail : typeof obj.message === "string" && obj.message ? obj.message : undefined;
  const code = typeof obj.code === "string" ? obj.code : undefined;
  const errors = fieldErrors(obj);
  const base = { status, statusText: response.statusText, code, detail, errors, url, body };

  if (status === 401) {
    // A failed sign-in or a refused confirmation must say why (wrong password, expired step), not
    // "not authorized"; only a lost session gets the generic line.
    const message = (isAuthCall(url) || !isSessionLost(status, code)) && detail ? detail : REQUEST_MESSAGES.unauthorized;
    return new ApiError({ ...base, type: "permission", message, retryable: false });
  }
  if (status === 403) {
    // ErrorBody (@prospector/contracts) names the permission a denial needed `requiredPermission`.
    const requiredPermission = typeof obj.requiredPermission === "string" ? obj.requiredPermission : undefined;
    return new ApiError({ ...base, type: "permission", message: REQUEST_MESSAGES.forbidden, requiredPermission, retryable: false });
  }
  if (status === 422 && errors && errors.length > 0) {
    const first = errors[0]!;
    return new ApiError({
      ...base,
      type: "validation",
      message: first.message,
      field: first.field,
      constraints: errors.map((e) => e.message),
      retryable: false,
    });
  }
  if (status >= 500) {
    return new ApiError({ ...base, type: "server", message: detail ?? REQUEST_MESSAGES.server, retryable: true });
  }
  return new ApiError({
    ...base,
    type: status === 400 || status === 422 ? "validation" : "unknown",
    message: detail ?? REQUEST_MESSAGES.unexpected,
    retryable: status === 429,
  });
}

export function createApiClient(options: ApiClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const retryDelays = options.retryDelaysMs ?? RETRY_503_DELAYS_MS;
  const sleep = options.sleep ?? defaultSleep;
  let navigate: Navigate = (path) => window.location.assign(path);

  function handleUnauthorized(url: string): void {
    if (isAuthCall(url)) return;
    tokenStore.clear();
    // A request that raced an intentional sign-out: the user is already on the way home.
    if (signOutIntent.active()) return;
    const here = window.location.pathname;
    if (PUBLIC_PATHS.includes(here) || SIGN_IN_PATHS.some((p) => here.startsWith(p))) return;
    redirectAfterLogin.set(`${here}${window.location.search}${window.location.hash}`);
    navigate("/login");
  }

  async function attempt(url: string, init: RequestInit, callerSignal?: AbortSignal): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener("abort", onCallerAbort);
    try {
      return await (options.fetch ?? fetch)(url, { ...init, signal: controller.signal });
    } catch (err) {
      if (callerSignal?.aborted) throw callerSignal.reason ?? err;
      if (timedOut) throw new ApiError({ type: "timeout", message: REQUEST_MESSAGES.timeout, retryable: true, timeout: timeoutMs, url });
      throw new ApiError({ type: "network", message: REQUEST_MESSAGES.network, retryable: true, url });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    }
  }

  async function send(
    method: string,
    path: string,
    body: unknown,
    opts: RequestOptions & { raw?: boolean } = {},
  ): Promise<Response | unknown> {
    const url = buildUrl(path, opts.params);
    const headers: Record<string, string> = { Accept: "application/json" };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
    const token = tokenStore.get();
    if (token && !isAuthCall(url)) headers.Authorization = `Bearer ${token}`;
    const scoped = token && !isAuthCall(url) ? workspaceScope.get() : null;
    if (scoped) headers["X-Workspace-Id"] = scoped;

    // `headers` is read at each call: the workspace retry below drops X-Workspace-Id from it.
    const ask = () => attempt(url, { method, headers, body: payload, credentials: "same-origin" }, opts.signal);
    try {
      const early = method === "GET" && !opts.signal?.aborted ? takeEarlyResponse(url, headers) : null;
      let response = early ? await early.catch(ask) : await ask();
      for (let i = 0; response.status === 503 && opts.retry503 !== false && i < retryDelays.length; i++) {
        await sleep(retryDelays[i]!);
        response = await ask();
      }
      let body = response.ok ? undefined : await readBody(response);
      // The server answers 401 for a workspace the user no longer belongs to (removed, deleted): that
      // is not a lost session. Drop the stored choice and ask again in the default workspace; the
      // switcher tells the user ("Workspace not found").
      const first = scoped ? errorFromResponse(response, body, url) : null;
      // Suspended in the chosen workspace (USER_INACTIVE) is handled the same way.
      if (first && (isSessionLost(first.status, first.code) || isAccountRefused(first.status, first.code, first.requiredPermission))) {
        delete headers["X-Workspace-Id"];
        response = await ask();
        body = response.ok ? undefined : await readBody(response);
        const again = errorFromResponse(response, body, url);
        const refused =
          !response.ok && (isSessionLost(again.status, again.code) || isAccountRefused(again.status, again.code, again.requiredPermission));
        if (!refused && workspaceScope.get() === scoped) workspaceScope.set(null, "not-found");
      }
      if (!response.ok) {
        const error = errorFromResponse(response, body, url);
        if (isSessionLost(response.status, error.code) || isAccountRefused(response.status, error.code, error.requiredPermission)) {
          handleUnauthorized(url);
        }
        throw error;
      }
      return opts.raw ? response : unwrap(await readBody(response));
    } catch (err) {
      if (err instanceof ApiError && opts.report !== false && err.status !== 401 && err.type !== "unknown") {
        errorTracker.trackApiError(err, { method });
      }
      throw err;
    }
  }

  async function blob(method: string, path: string, body: unknown, opts: RequestOptions): Promise<Blob> {
    const response = (await send(method, path, body, { ...opts, raw: true })) as Response;
    return response.blob();
  }

  /** A list the server pages with X-Total-Count (leads, jobs): the items and that total. */
  async function list<T>(path: string, opts: RequestOptions = {}): Promise<{ items: T[]; total: number }> {
    const response = (await send("GET", path, undefined, { ...opts, raw: true })) as Response;
    const body = unwrap<T[]>(await readBody(response));
    const items = Array.isArray(body) ? body : [];
    const header = response.headers.get("x-total-count");
    return { items, total: header !== null && Number.isFinite(Number(header)) ? Number(header) : items.length };
  }

  return {
    get: <T>(path: string, opts?: RequestOptions) => send("GET", path, undefined, opts) as Promise<T>,
    getList: list,
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) => send("POST", path, body, opts) as Promise<T>,
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) => send("PUT", path, body, opts) as Promise<T>,
    patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => send("PATCH", path, body, opts) as Promise<T>,
    /** `body`: for the few DELETEs that name what to remove (DELETE /campaigns/{id}/leads {lead_ids}). */
    delete: <T>(path: string, opts?: RequestOptions & { body?: unknown }) => send("DELETE", path, opts?.body, opts) as Promise<T>,
    upload: <T>(path: string, formData: FormData, opts?: RequestOptions) => send("POST", path, formData, opts) as Promise<T>,
    getBlob: (path: string, opts: RequestOptions = {}) => blob("GET", path, undefined, opts),
    postBlob: (path: string, body?: unknown, opts: RequestOptions = {}) => blob("POST", path, body, opts),
    /** The router installs its navigate so a 401 moves within the SPA instead of reloading. */
    setNavigator(fn: Navigate): void {
      navigate = fn;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api = createApiClient();

errorTracker.setSender(async (report) => {
  await api.post("/errors/report", report, { report: false, retry503: false });
});

export { ApiError } from "./errors.ts";

/** Saves a downloaded blob under a file name (exports, attachments). */
export function downloadBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
