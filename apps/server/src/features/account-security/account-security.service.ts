/**
 * Password change, active sessions and the security overview of the signed-in user
 * (outreach-core §3 "Security", §5 new password rules, §7 /api/user-settings).
 */
import type { ActiveSession, ChangePasswordRequest, ChangePasswordResponse, PasswordPolicy, SecurityOverview } from "@prospector/contracts";
import type { Config } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { revokeAllApiKeys } from "../api-keys/index.ts";
import {
  addPasswordHistory,
  assertPasswordAccepted,
  authInternals,
  currentPasswordHash,
  findUser,
  passwordPolicy,
  recentPasswordHashes,
} from "../identity/index.ts";
import type { SessionRow } from "./account-security.repository.ts";
import * as repo from "./account-security.repository.ts";
import { confirmPassword, requireSession } from "./password-confirmation.ts";
import { describeDevice, describeLocation, normalizeIp } from "./session-device.ts";

/**
 * The rule for a new password chosen in settings: outreach-core §5 asks for 8+ characters with
 * upper and lower case, a number and a special character. The instance's configurable policy
 * (which governs sign-up and reset, special characters off by default) can only make it stricter.
 */
export function changePasswordPolicy(config: Config): PasswordPolicy {
  const configured = passwordPolicy(config);
  return {
    min_length: Math.max(8, configured.min_length),
    require_uppercase: true,
    require_lowercase: true,
    require_numbers: true,
    require_special: true,
  };
}

function toActiveSession(row: SessionRow, currentId: string | null): ActiveSession {
  const ip = normalizeIp(row.ipAddress);
  return {
    id: row.id,
    ...describeDevice(row.userAgent),
    ip,
    location: describeLocation(ip),
    created_at: row.createdAt.toISOString(),
    last_activity: row.updatedAt.toISOString(),
    current: row.id === currentId,
  };
}

export async function sessions(ctx: AppContext, auth: AuthContext): Promise<ActiveSession[]> {
  const rows = await repo.liveSessions(ctx.db, auth.userId);
  const list = rows.map((r) => toActiveSession(r, auth.sessionId));
  // The session in use first, then the most recently active.
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/** Signs the user out everywhere but here; every process drops its cached copies at once. */
export async function revokeOthers(ctx: AppContext, auth: AuthContext): Promise<number> {
  const revoked = await repo.deleteOtherSessions(ctx.db, auth.userId, auth.sessionId);
  await ctx.authenticator.invalidate(auth.userId);
  return revoked;
}

/** True when the password is the current one or among the last ones (history keeps 5). */
async function recentlyUsed(ctx: AppContext, userId: string, currentHash: string, password: string): Promise<boolean> {
  const actx = await authInternals(ctx);
  const hashes = [...new Set([currentHash, ...(await recentPasswordHashes(ctx, userId))])];
  for (const hash of hashes) {
    if (await actx.password.verify({ hash, password })) return true;
  }
  return false;
}

export async function overview(ctx: AppContext, auth: AuthContext): Promise<SecurityOverview> {
  const [user, credential, remaining, changed, hash, active] = await Promise.all([
    findUser(ctx, auth.userId),
    repo.credential(ctx.db, auth.userId),
    repo.unusedRecoveryCodes(ctx.db, auth.userId),
    repo.passwordLastChanged(ctx.db, auth.userId),
    currentPasswordHash(ctx, auth.userId),
    sessions(ctx, auth),
  ]);
  const enabled = Boolean(user?.twoFactorEnabled && credential?.enabledAt);
  return {
    two_factor_enabled: enabled,
    two_factor_pending: Boolean(credential && !credential.enabledAt),
    has_password: hash !== null,
    password_last_changed: hash ? (changed?.toISOString() ?? null) : null,
    recovery_codes_remaining: enabled ? remaining : 0,
    active_sessions: active,
    password_policy: changePasswordPolicy(ctx.config),
  };
}

export async function changePassword(ctx: AppContext, auth: AuthContext, body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  requireSession(auth);
  const currentHash = await confirmPassword(ctx, auth.userId, body.current_password);
  assertPasswordAccepted(body.new_password, changePasswordPolicy(ctx.config), "new_password");
  if (await recentlyUsed(ctx, auth.userId, currentHash, body.new_password)) throw new AppError("PASSWORD_RECENTLY_USED");
  const actx = await authInternals(ctx);
  const hash = await actx.password.hash(body.new_password);
  await actx.internalAdapter.updatePassword(auth.userId, hash);
  await addPasswordHistory(ctx, auth.userId, hash);
  // Keys are dropped before the invalidation in revokeOthers, which clears their cached lookups too.
  const keys = body.revoke_api_keys ? await revokeAllApiKeys(ctx.db, auth.userId) : 0;
  const revoked = await revokeOthers(ctx, auth);
  const keysNote = body.revoke_api_keys ? (keys === 1 ? " 1 API key was revoked." : ` ${keys} API keys were revoked.`) : "";
  return {
    message: `Your password has been changed. Other devices have been signed out.${keysNote}`,
    other_sessions_revoked: revoked,
    api_keys_revoked: keys,
  };
}

export async function revokeSession(ctx: AppContext, auth: AuthContext, sessionId: string): Promise<void> {
  const current = requireSession(auth);
  if (sessionId === current) throw new AppError("CANNOT_REVOKE_CURRENT_SESSION");
  // Another user's session id answers the same as an unknown one: no existence leak.
  if (!(await repo.deleteSession(ctx.db, auth.userId, sessionId))) throw new AppError("SESSION_NOT_FOUND");
  await ctx.authenticator.invalidate(auth.userId);
}

export async function revokeOtherSessions(ctx: AppContext, auth: AuthContext): Promise<number> {
  requireSession(auth);
  return revokeOthers(ctx, auth);
}
