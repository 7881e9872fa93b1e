/**
 * Confirming the signed-in user's password before a security change, and counting wrong answers
 * (passwords here, codes at the second sign-in step) towards the same lockout as sign-in, so a
 * stolen session cannot be used to guess the password and a known password cannot guess codes.
 */
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import {
  authInternals,
  clearLockout,
  currentPasswordHash,
  findUser,
  lockAccount,
  lockedError,
  recordFailedLogin,
} from "../identity/index.ts";

/** Security settings change credentials: an API key acting for the user may not do that. */
export function requireSession(auth: AuthContext): string {
  if (auth.via !== "session" || !auth.sessionId) throw new AppError("SECURITY_SESSION_REQUIRED");
  return auth.sessionId;
}

export async function assertNotLocked(ctx: AppContext, userId: string): Promise<void> {
  const user = await findUser(ctx, userId);
  if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw lockedError(user.lockedUntil);
}

/** Counts one wrong answer; throws ACCOUNT_LOCKED when that reaches the limit. */
export async function countFailure(ctx: AppContext, userId: string): Promise<void> {
  const failures = await recordFailedLogin(ctx, userId);
  if (failures >= ctx.config.LOGIN_MAX_ATTEMPTS) {
    const until = new Date(Date.now() + ctx.config.LOGIN_LOCKOUT_SECONDS * 1000);
    await lockAccount(ctx, userId, until);
    throw lockedError(until);
  }
}

/** Throws INVALID_CURRENT_PASSWORD (or ACCOUNT_LOCKED); returns the current hash when right. */
export async function confirmPassword(ctx: AppContext, userId: string, password: string): Promise<string> {
  await assertNotLocked(ctx, userId);
  const hash = await currentPasswordHash(ctx, userId);
  if (!hash) throw new AppError("PASSWORD_NOT_SET");
  const actx = await authInternals(ctx);
  if (!(await actx.password.verify({ hash, password }))) {
    await countFailure(ctx, userId);
    throw new AppError("INVALID_CURRENT_PASSWORD");
  }
  await clearLockout(ctx, userId);
  return hash;
}
