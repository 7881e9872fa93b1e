/**
 * Password change, active sessions and the security overview of the signed-in user
 * (outreach-core §3 "Security", §5 new password rules, §7 /api/user-settings).
 */
import type { ActiveSession, ChangePasswordRequest, ChangePasswordResponse, PasswordPolicy, SecurityOverview } from "@prospector/contracts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { revokeAllApiKeys } from "../api-keys/api-keys.service.ts";
import type { SessionAuthenticator } from "../identity/identity.authenticator.ts";
import type { Identity } from "../identity/identity.routes.ts";
import { assertPasswordAccepted, passwordPolicy } from "../identity/identity.service.ts";
import type { AccountSecurityRepository, SessionRow } from "./account-security.repository.ts";
import { type PasswordConfirmation, requireSession } from "./password-confirmation.ts";
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

export interface AccountSecurityServiceDeps {
  config: Config;
  db: Db;
  identity: Identity;
  repo: AccountSecurityRepository;
  authenticator: SessionAuthenticator;
  confirmation: PasswordConfirmation;
}

export function createAccountSecurityService(deps: AccountSecurityServiceDeps) {
  const { config, db, identity, repo, authenticator, confirmation } = deps;
  const policy = changePasswordPolicy(config);

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

  async function sessions(auth: AuthContext): Promise<ActiveSession[]> {
    const rows = await repo.liveSessions(auth.userId);
    const list = rows.map((r) => toActiveSession(r, auth.sessionId));
    // The session in use first, then the most recently active.
    return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
  }

  /** Signs the user out everywhere but here; every process drops its cached copies at once. */
  async function revokeOthers(auth: AuthContext): Promise<number> {
    const revoked = await repo.deleteOtherSessions(auth.userId, auth.sessionId);
    await authenticator.invalidate(auth.userId);
    return revoked;
  }

  /** True when the password is the current one or among the last ones (history keeps 5). */
  async function recentlyUsed(userId: string, currentHash: string, password: string): Promise<boolean> {
    const actx = await identity.auth.$context;
    const hashes = [...new Set([currentHash, ...(await identity.repo.recentPasswordHashes(userId))])];
    for (const hash of hashes) {
      if (await actx.password.verify({ hash, password })) return true;
    }
    return false;
  }

  return {
    sessions,
    revokeOthers,

    async overview(auth: AuthContext): Promise<SecurityOverview> {
      const [user, credential, remaining, changed, hash, active] = await Promise.all([
        identity.repo.findUserById(auth.userId),
        repo.credential(auth.userId),
        repo.unusedRecoveryCodes(auth.userId),
        repo.passwordLastChanged(auth.userId),
        identity.repo.currentPasswordHash(auth.userId),
        sessions(auth),
      ]);
      const enabled = Boolean(user?.twoFactorEnabled && credential?.enabledAt);
      return {
        two_factor_enabled: enabled,
        two_factor_pending: Boolean(credential && !credential.enabledAt),
        has_password: hash !== null,
        password_last_changed: hash ? (changed?.toISOString() ?? null) : null,
        recovery_codes_remaining: enabled ? remaining : 0,
        active_sessions: active,
        password_policy: policy,
      };
    },

    async changePassword(auth: AuthContext, body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
      requireSession(auth);
      const currentHash = await confirmation.confirm(auth.userId, body.current_password);
      assertPasswordAccepted(body.new_password, policy, "new_password");
      if (await recentlyUsed(auth.userId, currentHash, body.new_password)) throw new AppError("PASSWORD_RECENTLY_USED");
      const actx = await identity.auth.$context;
      const hash = await actx.password.hash(body.new_password);
      await actx.internalAdapter.updatePassword(auth.userId, hash);
      await identity.repo.addPasswordHistory(auth.userId, hash);
      // Keys are dropped before the invalidation in revokeOthers, which clears their cached lookups too.
      const keys = body.revoke_api_keys ? await revokeAllApiKeys(db, auth.userId) : 0;
      const revoked = await revokeOthers(auth);
      const keysNote = body.revoke_api_keys ? (keys === 1 ? " 1 API key was revoked." : ` ${keys} API keys were revoked.`) : "";
      return {
        message: `Your password has been changed. Other devices have been signed out.${keysNote}`,
        other_sessions_revoked: revoked,
        api_keys_revoked: keys,
      };
    },

    async revokeSession(auth: AuthContext, sessionId: string): Promise<void> {
      const current = requireSession(auth);
      if (sessionId === current) throw new AppError("CANNOT_REVOKE_CURRENT_SESSION");
      // Another user's session id answers the same as an unknown one: no existence leak.
      if (!(await repo.deleteSession(auth.userId, sessionId))) throw new AppError("SESSION_NOT_FOUND");
      await authenticator.invalidate(auth.userId);
    },

    async revokeOtherSessions(auth: AuthContext): Promise<number> {
      requireSession(auth);
      return revokeOthers(auth);
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
