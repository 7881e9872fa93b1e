/**
 * Browser storage keys the shell shares with the auth pages and settings: the session token,
 * the post-login redirect, recent searches and the locally kept user_settings (shell spec §3).
 */

export const TOKEN_KEY = "token";
export const REFRESH_TOKEN_KEY = "refreshToken";
/** The email remembered for the sign-in form; cleared with the tokens on a 401 (outreach-core §8). */
export const STORED_EMAIL_KEY = "userEmail";
export const REDIRECT_KEY = "redirectAfterLogin";
export const USER_SETTINGS_KEY = "user_settings";
export const RECENT_SEARCHES_KEY = "recentSearches";

// Storage can throw (private mode, quota, disabled cookies); the app must keep working without it.
function read(store: () => Storage, key: string): string | null {
  try {
    return store().getItem(key);
  } catch {
    return null;
  }
}

function write(store: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) store().removeItem(key);
    else store().setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not kept.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

const tokenListeners = new Set<() => void>();
function tokenChanged(): void {
  for (const listener of tokenListeners) listener();
}

/**
 * Set for a few seconds when the user signs out on purpose: a protected page still on screen while
 * the app navigates home (React keeps the old page during a transition, e.g. while the landing
 * page's code loads) must then send the user home, not to /sign-in with a remembered redirect.
 * Later visits to protected pages behave as usual.
 */
const SIGN_OUT_TRANSITION_MS = 10_000;
let signOutUntil = 0;
export const signOutIntent = {
  mark(now = Date.now()): void {
    signOutUntil = now + SIGN_OUT_TRANSITION_MS;
  },
  active(now = Date.now()): boolean {
    return now < signOutUntil;
  },
};

export const tokenStore = {
  /** The bearer token: "remember me" sessions live in localStorage, others in sessionStorage. */
  get(): string | null {
    return read(local, TOKEN_KEY) ?? read(session, TOKEN_KEY);
  },
  set(token: string, options: { remember: boolean }): void {
    // Only one copy may exist, or signing out of one would leave the other signed in.
    write(options.remember ? session : local, TOKEN_KEY, null);
    write(options.remember ? local : session, TOKEN_KEY, token);
    signOutUntil = 0;
    tokenChanged();
  },
  clear(): void {
    write(local, TOKEN_KEY, null);
    write(session, TOKEN_KEY, null);
    write(local, REFRESH_TOKEN_KEY, null);
    write(local, STORED_EMAIL_KEY, null);
    tokenChanged();
  },
  /** Called after every set/clear in this tab (other tabs: listen to the "storage" event). */
  subscribe(listener: () => void): () => void {
    tokenListeners.add(listener);
    return () => tokenListeners.delete(listener);
  },
};

export const redirectAfterLogin = {
  get(): string | null {
    return read(session, REDIRECT_KEY);
  },
  set(path: string): void {
    write(session, REDIRECT_KEY, path);
  },
  /** Returns the saved path once and forgets it; only same-origin paths are honoured. */
  take(): string | null {
    const path = read(session, REDIRECT_KEY);
    write(session, REDIRECT_KEY, null);
    return path?.startsWith("/") && !path.startsWith("//") ? path : null;
  },
};

export function readJson<T>(key: string, fallback: T): T {
  const raw = read(local, key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  write(local, key, JSON.stringify(value));
}

/** The parts of the locally stored user_settings the shell reads; other groups are kept untouched. */
export interface LocalUserSettings {
  profile?: { fullName?: string; profilePicture?: string | null; [k: string]: unknown };
  dashboard?: { theme?: "light" | "dark" | "auto"; [k: string]: unknown };
  [group: string]: unknown;
}

export function readUserSettings(): LocalUserSettings {
  const value = readJson<unknown>(USER_SETTINGS_KEY, {});
  return value && typeof value === "object" && !Array.isArray(value) ? (value as LocalUserSettings) : {};
}

/** Merges one group into user_settings, keeping every other group as it was. */
export function updateUserSettings(group: string, patch: Record<string, unknown>): LocalUserSettings {
  const current = readUserSettings();
  const existing = current[group];
  const next = { ...current, [group]: { ...(existing && typeof existing === "object" ? existing : {}), ...patch } };
  writeJson(USER_SETTINGS_KEY, next);
  return next;
}
