/**
 * The first requests of a signed-in visit to /dashboard, sent by a file of its own (a separate
 * build entry, about half a kilobyte, that index.html loads `async` before the app's entry) as
 * soon as the document has arrived: the session (GET /api/auth/me) and the user's settings, which
 * hold the dashboard's layout. Sent by the app's entry instead (app/early-start.ts), they would
 * wait for the ~250 KB of scripts the entry needs before it runs; here they travel while those
 * download. The answers wait in `window.__earlyRequests` until the API client asks for the same
 * address with the same credentials (lib/early-responses.ts), once; anything else, or an answer
 * nobody asks for within EARLY_RESPONSE_TTL_MS, is simply not used.
 *
 * This file imports nothing, so the build gives it no shared chunk to wait for: the storage keys
 * are written out here, and early-requests.test.ts pins them to lib/storage.ts and the API client.
 */
import type { EarlyRequests } from "../lib/early-responses.ts";

/** The addresses this file serves early: those app/early-start.ts preloads (router.tsx EARLY_PAGES). */
const EARLY_PATHS = /^\/dashboard\/?$/;
export const STORED_TOKEN_KEY = "token";
export const STORED_WORKSPACE_KEY = "currentWorkspaceId";
export const STORED_SETTINGS_KEY = "user_settings";
export const ME_URL = "/api/auth/me";
export const SETTINGS_URL = "/api/user-settings/settings";

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Settings changed offline are sent before the settings are read (use-settings.ts): then not early. */
function settingsPending(): boolean {
  try {
    const pending = (JSON.parse(read(STORED_SETTINGS_KEY) ?? "{}") as { pendingSync?: object }).pendingSync;
    return Boolean(pending && Object.keys(pending).length > 0);
  } catch {
    return false;
  }
}

export function sendEarlyRequests(): EarlyRequests | null {
  const token = read(STORED_TOKEN_KEY);
  if (!token || !EARLY_PATHS.test(window.location.pathname)) return null;
  const workspace = read(STORED_WORKSPACE_KEY);
  const headers: Record<string, string> = { Accept: "application/json", Authorization: `Bearer ${token}` };
  if (workspace) headers["X-Workspace-Id"] = workspace;
  const urls = settingsPending() ? [ME_URL] : [ME_URL, SETTINGS_URL];
  const responses = new Map<string, Promise<Response>>();
  for (const url of urls) {
    const response = fetch(url, { headers, credentials: "same-origin" });
    // Not used is not an error: the app asks again.
    response.catch(() => undefined);
    responses.set(url, response);
  }
  return { headers, responses, sentAt: Date.now() };
}

window.__earlyRequests = sendEarlyRequests() ?? undefined;
