/**
 * The rules of signing up and signing in, over better-auth: password policy, lockout after
 * repeated failures, password history on reset, and the shape of "who am I" (Me).
 */
import {
  type AuthConfig,
  type FieldError,
  type LoginResponse,
  type Me,
  type PasswordPolicy,
  passwordProblems,
  type RegisterResponse,
  ROLES,
} from "@prospector/contracts";
import { isAPIError } from "better-auth/api";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { immutableAnswer } from "../../platform/serializer.ts";
import type { Grant } from "../access/access.decide.ts";
import type { AccessEngine } from "../access/access.engine.ts";
import { revokeAllApiKeys } from "../api-keys/api-keys.service.ts";
import { provisionAccount } from "../organizations/organizations.service.ts";
import { emailVerificationRequired, type IdentityAuth } from "./auth.ts";
import type { SessionAuthenticator } from "./identity.authenticator.ts";
import { type AuthLimiter, lockedError } from "./identity.rate-limit.ts";
import type { IdentityRepository, UserRow } from "./identity.repository.ts";
import { assertPasswordAccepted, passwordPolicy } from "./password-policy.ts";
import type { SetupToken } from "./setup-token.ts";

export { assertPasswordAccepted, lockedError, passwordPolicy };

export interface IdentityServiceDeps {
  config: Config;
  db: Db;
  auth: IdentityAuth;
  repo: IdentityRepository;
  access: AccessEngine;
  authenticator: SessionAuthenticator;
  limiter: AuthLimiter;
  setup: SetupToken;
}

/** Client facts that go to better-auth with a call: the session records them. */
export interface ClientInfo {
  headers: Headers;
  /** The client address (after TRUST_PROXY): limits and lockouts are counted per address. */
  ip: string;
}


const apiErrorCode = (err: unknown): string | null =>
  isAPIError(err) ? (((err.body as { code?: string } | undefined)?.code ?? null) as string | null) : null;

const PROFILE_CACHE_MS = 30_000;
const PROFILE_CACHE_MAX = 10_000;
type WorkspacePlace = NonNullable<Awaited<ReturnType<IdentityRepository["workspaceWithOrganization"]>>>;


/**
 * Runs after the password was accepted and before the session is handed out. A gate may refuse
 * by throwing (two-factor asks for a code); it must then revoke the new session itself.
 */
export type SignInGate = (signIn: { userId: string; token: string; client: ClientInfo }) => Promise<void>;

export function createIdentityService(deps: IdentityServiceDeps) {
  const { config, db, auth, repo, access, authenticator, limiter, setup } = deps;
  const policy = passwordPolicy(config);

  function assertStrong(password: string, field: string): void {
    assertPasswordAccepted(password, policy, field);
  }

  /** A user left without an organization (a crash mid sign-up) gets one on the next sign-in. */
  async function ensureProvisioned(user: Pick<UserRow, "id" | "name" | "defaultWorkspaceId">): Promise<void> {
    if (!user.defaultWorkspaceId) await provisionAccount(db, { userId: user.id, name: user.name });
  }

  async function recordCurrentPassword(userId: string): Promise<void> {
    const hash = await repo.currentPasswordHash(userId);
    if (hash) await repo.addPasswordHistory(userId, hash);
  }

  // GET /api/auth/me is the app's most frequent call: the profile and workspace rows are cached
  // briefly, and dropped whenever the authenticator invalidates the user (here or in any process).
  interface ProfileEntry {
    user: UserRow;
    place: WorkspacePlace;
    expires: number;
    /** The last answer built from this entry, reused while the grants and role are the same. */
    answer?: { me: Me; grants: readonly Grant[]; role: AuthContext["role"] };
  }
  const profiles = new Map<string, ProfileEntry>();
  authenticator.onInvalidate((userId) => {
    if (!userId) return profiles.clear();
    for (const k of profiles.keys()) if (k.startsWith(`${userId}|`)) profiles.delete(k);
  });

  async function profileOf(ctx: AuthContext): Promise<ProfileEntry | null> {
    const key = `${ctx.userId}|${ctx.workspaceId}`;
    const hit = profiles.get(key);
    if (hit && hit.expires > Date.now()) return hit;
    const [user, place] = await Promise.all([repo.findUserById(ctx.userId), repo.workspaceWithOrganization(ctx.workspaceId)]);
    if (!user || !place) return null;
    if (profiles.size >= PROFILE_CACHE_MAX) profiles.delete(profiles.keys().next().value as string);
    const entry: ProfileEntry = { user, place, expires: Date.now() + PROFILE_CACHE_MS };
    profiles.set(key, entry);
    return entry;
  }

  async function me(ctx: AuthContext): Promise<Me> {
    // Both come from caches on the hot path, where two plain awaits cost less than Promise.all.
    const profile = await profileOf(ctx);
    const grants = await access.grantsFor(ctx);
    if (!profile) throw new AppError("UNAUTHENTICATED");
    const cached = profile.answer;
    if (cached && cached.grants === grants && cached.role === ctx.role) return cached.me;
    const { user, place } = profile;
    const permissions = [...new Set(grants.filter((g) => g.effect === "allow").map((g) => `${g.resource}:${g.action}`))];
    const answer: Me = {
      id: user.id,
      email: user.email,
      full_name: user.name,
      image: user.image,
      email_verified: user.emailVerified,
      is_active: user.isActive,
      is_instance_admin: user.isInstanceAdmin,
      role: ctx.role,
      role_label: ROLES[ctx.role].label,
      permissions,
      organization: { id: place.organizationId, name: place.organizationName, plan: place.plan },
      workspace: { id: place.workspaceId, name: place.workspaceName },
      created_at: user.createdAt.toISOString(),
    };
    // Frozen and marked, so the serializer encodes it once, not on every call while it is reused.
    profile.answer = { me: immutableAnswer(answer), grants, role: ctx.role };
    return answer;
  }

  async function sessionResponse(token: string): Promise<LoginResponse> {
    const ctx = await authenticator.resolveToken(token);
    // A fresh session that does not resolve means the account has no workspace: a server fault.
    if (!ctx) throw new Error("new session did not resolve to a workspace member");
    return { access_token: token, token_type: "bearer", user: await me(ctx) };
  }

  const signInGates: SignInGate[] = [];

  return {
    me,

    addSignInGate(gate: SignInGate): void {
      signInGates.push(gate);
    },

    async register(
      input: { email: string; password: string; full_name: string; setup_token?: string | undefined },
      client: ClientInfo,
    ): Promise<RegisterResponse> {
      await limiter.perClient("register", client.ip);
      // The first account of a fresh instance must carry the setup token; later ones need open sign-up.
      const settingUp = await setup.pending();
      if (settingUp) await setup.verify(input.setup_token);
      else if (config.SIGNUP_MODE === "closed") throw new AppError("SIGNUP_CLOSED");
      assertStrong(input.password, "password");
      if (await repo.findUserByEmail(input.email)) throw new AppError("EMAIL_IN_USE");
      let result: { token: string | null; user: { id: string } };
      try {
        result = await auth.api.signUpEmail({
          body: { email: input.email, password: input.password, name: input.full_name },
          headers: client.headers,
        });
      } catch (err) {
        const code = apiErrorCode(err);
        if (code?.startsWith("USER_ALREADY_EXISTS")) throw new AppError("EMAIL_IN_USE");
        throw err;
      }
      const user = await repo.findUserById(result.user.id);
      if (!user) throw new Error("signed-up user vanished");
      await ensureProvisioned(user);
      await recordCurrentPassword(user.id);
      const isFirstUser = (await repo.findUserById(user.id))?.isInstanceAdmin ?? false;
      if (isFirstUser) await setup.consume();
      if (!result.token) {
        return { access_token: null, token_type: "bearer", user: null, verification_required: true, is_first_user: isFirstUser };
      }
      const session = await sessionResponse(result.token);
      return { ...session, verification_required: false, is_first_user: isFirstUser };
    },

    async login(input: { email: string; password: string }, client: ClientInfo): Promise<LoginResponse> {
      await limiter.perClient("login", client.ip);
      // Locked per account and address: the owner, elsewhere, still gets in. Unknown emails lock
      // the same way, so the answers do not tell which accounts exist.
      await limiter.assertLoginAllowed(input.email, client.ip);
      const user = await repo.findUserByEmail(input.email);
      // Set by wrong two-factor codes or password confirmations: only someone with the password.
      if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw lockedError(user.lockedUntil);
      let token: string;
      try {
        const result = await auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers: client.headers });
        token = result.token;
      } catch (err) {
        const code = apiErrorCode(err);
        if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_PASSWORD") {
          await limiter.loginFailed(input.email, client.ip);
          throw new AppError("INVALID_CREDENTIALS");
        }
        if (code === "EMAIL_NOT_VERIFIED") {
          // The password was right: it must not count towards a lockout.
          await limiter.loginSucceeded(input.email, client.ip);
          throw new AppError("EMAIL_NOT_VERIFIED");
        }
        if (code === "ACCOUNT_INACTIVE") throw new AppError("ACCOUNT_INACTIVE");
        throw err;
      }
      await limiter.loginSucceeded(input.email, client.ip);
      // Before the lockout is cleared: a right password must not reset the count of wrong codes.
      if (user) for (const gate of signInGates) await gate({ userId: user.id, token, client });
      if (user) {
        await repo.clearLockout(user.id);
        await ensureProvisioned(user);
      }
      return sessionResponse(token);
    },

    async logout(ctx: AuthContext): Promise<void> {
      if (ctx.sessionId) await repo.deleteSession(ctx.sessionId);
      await authenticator.invalidate(ctx.userId);
    },

    async requestPasswordReset(email: string, client: ClientInfo): Promise<void> {
      await limiter.perClient("password-reset", client.ip);
      await limiter.perEmail("password-reset", email);
      // better-auth answers the same for unknown addresses and takes the same path through the DB.
      await auth.api.requestPasswordReset({ body: { email } });
    },

    async resetPassword(input: { token: string; new_password: string }, client: ClientInfo): Promise<{ apiKeysRevoked: number }> {
      await limiter.perClient("password-reset", client.ip);
      assertStrong(input.new_password, "new_password");
      const actx = await auth.$context;
      const verification = await actx.internalAdapter.findVerificationValue(`reset-password:${input.token}`);
      if (!verification || verification.expiresAt.getTime() < Date.now()) {
        throw new AppError("INVALID_TOKEN", "This reset link is invalid or has expired. Please request a new password reset.");
      }
      const userId = verification.value;
      const current = await repo.currentPasswordHash(userId);
      const previous = [...new Set([...(current ? [current] : []), ...(await repo.recentPasswordHashes(userId))])];
      for (const hash of previous) {
        if (await actx.password.verify({ hash, password: input.new_password })) throw new AppError("PASSWORD_RECENTLY_USED");
      }
      try {
        await auth.api.resetPassword({ body: { token: input.token, newPassword: input.new_password } });
      } catch (err) {
        if (apiErrorCode(err) === "INVALID_TOKEN") {
          throw new AppError("INVALID_TOKEN", "This reset link is invalid or has expired. Please request a new password reset.");
        }
        throw err;
      }
      await recordCurrentPassword(userId);
      // The link came by email: that proves the address, and the owner is back in control.
      await repo.clearLockout(userId);
      await repo.markEmailVerified(userId);
      const user = await repo.findUserById(userId);
      if (user) await limiter.liftLocks(user.email);
      // Whoever needed a reset may have lost control of the account: keys made meanwhile go too.
      const apiKeysRevoked = await revokeAllApiKeys(db, userId);
      // better-auth revoked the sessions in the database; drop every process's cached copy too.
      await authenticator.invalidate(userId);
      return { apiKeysRevoked };
    },

    async verifyEmail(token: string): Promise<void> {
      try {
        await auth.api.verifyEmail({ query: { token } });
      } catch (err) {
        const code = apiErrorCode(err);
        if (code === "TOKEN_EXPIRED") throw new AppError("INVALID_TOKEN", "This verification link has expired. Request a new one.");
        if (code) throw new AppError("INVALID_TOKEN", "This verification link is invalid. Request a new one.");
        throw err;
      }
    },

    async resendVerification(email: string, client: ClientInfo): Promise<void> {
      await limiter.perClient("verification", client.ip);
      await limiter.perEmail("verification", email);
      await auth.api.sendVerificationEmail({ body: { email } });
    },

    async authConfig(): Promise<AuthConfig> {
      const firstUser = await setup.pending();
      return {
        sso: { enabled: config.oidc !== null, name: config.OIDC_NAME },
        first_user: firstUser,
        signup_open: firstUser || config.SIGNUP_MODE === "open",
        email_verification_required: emailVerificationRequired(config),
        password_policy: policy,
      };
    },

    /** The identity provider's authorization URL, and the state cookie better-auth checks on return. */
    async ssoStart(redirect: string, client: ClientInfo): Promise<{ url: string; setCookies: string[] }> {
      if (!config.oidc) throw new AppError("SSO_NOT_CONFIGURED");
      const { headers, response } = await auth.api.signInSocial({
        body: {
          provider: "oidc",
          callbackURL: `${config.publicUrl}/sso/complete?redirect=${encodeURIComponent(redirect)}`,
          errorCallbackURL: `${config.publicUrl}/sign-in`,
          disableRedirect: true,
        },
        headers: client.headers,
        returnHeaders: true,
      });
      if (!response.url) throw new AppError("SSO_NOT_CONFIGURED", "The identity provider cannot be reached right now. Try again later.");
      return { url: response.url, setCookies: headers.getSetCookie() };
    },

    /** Exchanges the session cookie set by the SSO callback for a bearer token. */
    async ssoToken(client: ClientInfo): Promise<{ response: LoginResponse; clearCookie: string }> {
      if (!config.oidc) throw new AppError("SSO_NOT_CONFIGURED");
      const found = await auth.api.getSession({ headers: client.headers, query: { disableRefresh: true } });
      if (!found) throw new AppError("UNAUTHENTICATED", "Single sign-on did not complete. Please try again.");
      const user = await repo.findUserById(found.user.id);
      if (!user?.isActive) throw new AppError("ACCOUNT_INACTIVE");
      await ensureProvisioned(user);
      const cookie = (await auth.$context).authCookies.sessionToken;
      // The browser keeps the bearer token from here on; the cookie copy is dropped.
      const clearCookie = `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${cookie.attributes.secure ? "; Secure" : ""}`;
      // The identity provider vouched for the password step only: a user who turned two-factor on
      // gets the same challenge as after a password (the gate drops the SSO session).
      for (const gate of signInGates) await gate({ userId: user.id, token: found.session.token, client });
      return { response: await sessionResponse(found.session.token), clearCookie };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
