/**
 * Confirming the signed-in user's password before a security change, and counting wrong answers
 * (passwords here, codes at the second sign-in step) towards the same lockout as sign-in, so a
 * stolen session cannot be used to guess the password and a known password cannot guess codes.
 */
import type { Config } from "../../config.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import type { Identity } from "../identity/identity.routes.ts";
import { lockedError } from "../identity/identity.service.ts";

export interface PasswordConfirmation {
  /** Throws INVALID_CURRENT_PASSWORD (or ACCOUNT_LOCKED); returns the current hash when right. */
  confirm(userId: string, password: string): Promise<string>;
  /** Counts one wrong answer; throws ACCOUNT_LOCKED when that reaches the limit. */
  countFailure(userId: string): Promise<void>;
  assertNotLocked(userId: string): Promise<void>;
}

/** Security settings change credentials: an API key acting for the user may not do that. */
export function requireSession(auth: AuthContext): string {
  if (auth.via !== "session" || !auth.sessionId) throw new AppError("SECURITY_SESSION_REQUIRED");
  return auth.sessionId;
}

export function createPasswordConfirmation(config: Config, identity: Identity): PasswordConfirmation {
  const { repo, auth } = identity;

  async function assertNotLocked(userId: string): Promise<void> {
    const user = await repo.findUserById(userId);
    if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw lockedError(user.lockedUntil);
  }

  async function countFailure(userId: string): Promise<void> {
    const failures = await repo.recordFailedLogin(userId);
    if (failures >= config.LOGIN_MAX_ATTEMPTS) {
      const until = new Date(Date.now() + config.LOGIN_LOCKOUT_SECONDS * 1000);
      await repo.lock(userId, until);
      throw lockedError(until);
    }
  }

  return {
    assertNotLocked,
    countFailure,
    async confirm(userId, password) {
      await assertNotLocked(userId);
      const hash = await repo.currentPasswordHash(userId);
      if (!hash) throw new AppError("PASSWORD_NOT_SET");
      const actx = await auth.$context;
      if (!(await actx.password.verify({ hash, password }))) {
        await countFailure(userId);
        throw new AppError("INVALID_CURRENT_PASSWORD");
      }
      await repo.clearLockout(userId);
      return hash;
    },
  };
}
