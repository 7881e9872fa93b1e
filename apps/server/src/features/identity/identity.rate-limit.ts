/**
 * Limits on the public sign-in endpoints, which call better-auth's API directly and so never pass
 * its own limiter: requests per minute per client address on each endpoint, emails per hour per
 * address (reset links, verification links), and the sign-in lockout, kept per account AND client
 * address so a stranger who guesses an email can lock only themselves out, never its owner.
 */
import crypto from "node:crypto";
import type { Config } from "../../config.ts";
import { AppError } from "../../platform/errors.ts";
import type { AuthLimitStore } from "./auth-rate-limit.store.ts";

export type AuthEndpoint = "login" | "register" | "password-reset" | "verification" | "two-factor";
export type MailedEndpoint = "password-reset" | "verification";

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** Addresses are hashed: the shared store (Redis) never holds the emails themselves. */
const emailKey = (email: string) => crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);

/** ACCOUNT_LOCKED with the wait; the second sign-in step and password confirmations use it too. */
export function lockedError(until: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = minutes <= 1 ? "1 minute" : `${minutes} minutes`;
  return new AppError(
    "ACCOUNT_LOCKED",
    `Too many failed sign-in attempts. Try again in ${wait} (after ${until.toISOString()}), or reset your password.`,
    { retryAfter: seconds },
  );
}

function tooMany(what: string, msLeft: number): AppError {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return new AppError("RATE_LIMITED", `${what} Try again in ${wait}.`, { retryAfter: seconds });
}

export function createAuthLimiter(deps: { config: Config; store: AuthLimitStore }) {
  const { config, store } = deps;
  const lockoutMs = config.LOGIN_LOCKOUT_SECONDS * 1000;
  const failKey = (email: string, ip: string) => `login-fail:${emailKey(email)}:${ip}`;
  const lockKey = (email: string, ip: string) => `login-lock:${emailKey(email)}:${ip}`;
  // A password reset lifts every lock of the account: locks set before this moment no longer count.
  const liftKey = (email: string) => `login-lift:${emailKey(email)}`;

  return {
    /** 429 once a client address goes over the per-minute limit of one endpoint. */
    async perClient(endpoint: AuthEndpoint, ip: string): Promise<void> {
      const { count, msLeft } = await store.hit(`ip:${endpoint}:${ip}`, MINUTE_MS);
      if (count > config.AUTH_RATE_LIMIT_PER_MINUTE) throw tooMany("Too many requests from your network.", msLeft);
    },

    /** 429 once an email address was sent enough links this hour, whether an account exists or not. */
    async perEmail(endpoint: MailedEndpoint, email: string): Promise<void> {
      const { count, msLeft } = await store.hit(`email:${endpoint}:${emailKey(email)}`, HOUR_MS);
      if (count > config.AUTH_EMAIL_RATE_LIMIT_PER_HOUR) {
        throw tooMany("We already sent several emails to this address in the last hour. Check your inbox (and spam folder).", msLeft);
      }
    },

    /** ACCOUNT_LOCKED while this account is locked for this client address. */
    async assertLoginAllowed(email: string, ip: string): Promise<void> {
      const lockedAt = Number((await store.get(lockKey(email, ip))) ?? 0);
      if (!lockedAt) return;
      const liftedAt = Number((await store.get(liftKey(email))) ?? 0);
      if (lockedAt <= liftedAt) return;
      throw lockedError(new Date(lockedAt + lockoutMs));
    },

    /** Counts a wrong password from this address; throws ACCOUNT_LOCKED when it reaches the limit. */
    async loginFailed(email: string, ip: string): Promise<void> {
      const { count } = await store.hit(failKey(email, ip), lockoutMs);
      if (count < config.LOGIN_MAX_ATTEMPTS) return;
      const now = Date.now();
      await store.set(lockKey(email, ip), String(now), lockoutMs);
      await store.del(failKey(email, ip));
      throw lockedError(new Date(now + lockoutMs));
    },

    async loginSucceeded(email: string, ip: string): Promise<void> {
      await store.del(failKey(email, ip));
    },

    /** After a password reset by the owner: every address may try again at once. */
    async liftLocks(email: string): Promise<void> {
      // Strictly after any lock set in this same millisecond.
      await store.set(liftKey(email), String(Date.now() + 1), lockoutMs);
    },
  };
}

export type AuthLimiter = ReturnType<typeof createAuthLimiter>;
