/**
 * Containment of an account (docs/security-incidents.md): revoke its sessions, lock it (the
 * existing `is_active` flag: every way in — password, SSO, sessions, API keys — already refuses an
 * inactive account) and unlock it. Each drops the cached callers in every process at once.
 */
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import * as repo from "./identity-containment.repository.ts";

type Ctx = Pick<AppContext, "db" | "authenticator">;

/** Ends every session of the user now; returns how many were revoked. */
export async function revokeUserSessions(ctx: Ctx, userId: string): Promise<number> {
  const n = await repo.deleteUserSessions(ctx.db, userId);
  await ctx.authenticator.invalidate(userId);
  return n;
}

/**
 * Locks (active=false) or unlocks the account with `db` (a transaction, so a caller can hold its
 * own checks in it); returns whether it changed. Locking also deletes the sessions. The caller
 * invalidates the authenticator after committing (`forgetUser`).
 */
export async function setAccountLocked(db: Db, userId: string, locked: boolean): Promise<{ changed: boolean; sessionsRevoked: number }> {
  const changed = await repo.setUserActive(db, userId, !locked);
  const sessionsRevoked = locked ? await repo.deleteUserSessions(db, userId) : 0;
  return { changed, sessionsRevoked };
}

/** Drops the user's cached sessions and API key lookups in every process. */
export const forgetUser = (ctx: Pick<AppContext, "authenticator">, userId: string) => ctx.authenticator.invalidate(userId);
