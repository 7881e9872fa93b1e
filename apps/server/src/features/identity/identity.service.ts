/**
 * The rules of signing up and signing in, over better-auth: password policy, lockout after
 * repeated failures, password history on reset, and the shape of "who am I" (Me). Functions take
 * ctx first; the better-auth instance, the limits and the /me cache are on ctx.identity.
 */
import type { AuthConfig, LoginResponse, Me, RegisterResponse } from "@prospector/contracts";
import { ROLES } from "@prospector/contracts";
import { isAPIError } from "better-auth/api";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { immutableAnswer } from "../../platform/serializer.ts";
import { emailVerificationRequired, provenSignUp } from "./auth.ts";
import type { ProfileEntry } from "./identity.engine.ts";
import type { ClientInfo, IdentityGrant, SignInAttempt, SignInOutcome } from "./identity.hooks.ts";
import { lockedError } from "./identity.rate-limit.ts";
import * as repo from "./identity.repository.ts";
import type { UserRow } from "./identity.table.ts";
import { assertPasswordAccepted, passwordPolicy } from "./password-policy.ts";
import { consumeSetupToken, setupPending, verifySetupToken } from "./setup-token.ts";

export type { ClientInfo };

const apiErrorCode = (err: unknown): string | null =>
  isAPIError(err) ? (((err.body as { code?: string } | undefined)?.code ?? null) as string | null) : null;

const PROFILE_CACHE_MS = 30_000;
const PROFILE_CACHE_MAX = 10_000;

function assertStrong(ctx: AppContext, password: string, field: string): void {
  assertPasswordAccepted(password, passwordPolicy(ctx.config), field);
}

/** A user left without an organization (a crash mid sign-up) gets one on the next sign-in. */
async function ensureProvisioned(ctx: AppContext, user: Pick<UserRow, "id" | "name" | "defaultWorkspaceId">): Promise<void> {
  if (!user.defaultWorkspaceId) await ctx.hooks.run("identity.accountCreated", { userId: user.id, name: user.name });
}

async function recordCurrentPassword(ctx: AppContext, userId: string): Promise<void> {
  const hash = await repo.currentPasswordHash(ctx.db, userId);
  if (hash) await repo.addPasswordHistory(ctx.db, userId, hash);
}

// GET /api/auth/me is the app's most frequent call: the profile and workspace rows are cached
// briefly (ctx.identity.profiles), and dropped whenever the authenticator invalidates the user
// (here or in any process).
async function profileOf(ctx: AppContext, auth: AuthContext): Promise<ProfileEntry | null> {
  const profiles = ctx.identity.profiles;
  const key = `${auth.userId}|${auth.workspaceId}`;
  const hit = profiles.get(key);
  if (hit && hit.expires > Date.now()) return hit;
  const [user, place] = await Promise.all([repo.findUserById(ctx.db, auth.userId), workspacePlace(ctx, auth.workspaceId)]);
  if (!user || !place) return null;
  if (profiles.size >= PROFILE_CACHE_MAX) profiles.delete(profiles.keys().next().value as string);
  const entry: ProfileEntry = { user, place, expires: Date.now() + PROFILE_CACHE_MS };
  profiles.set(key, entry);
  return entry;
}

async function workspacePlace(ctx: AppContext, workspaceId: string) {
  for (const place of await ctx.hooks.run("identity.workspacePlace", { workspaceId })) if (place) return place;
  return null;
}

const NO_GRANTS: readonly IdentityGrant[] = Object.freeze([]);

/** The caller's grants, from the feature that answers "identity.grants" (access). */
async function grantsOf(ctx: AppContext, auth: AuthContext): Promise<readonly IdentityGrant[]> {
  const answers = await ctx.hooks.run("identity.grants", auth);
  return answers.length === 1 ? answers[0]! : answers.length === 0 ? NO_GRANTS : answers.flat();
}

export async function me(ctx: AppContext, auth: AuthContext): Promise<Me> {
  // Both come from caches on the hot path, where two plain awaits cost less than Promise.all.
  const profile = await profileOf(ctx, auth);
  const grants = await grantsOf(ctx, auth);
  if (!profile) throw new AppError("UNAUTHENTICATED");
  const cached = profile.answer;
  if (cached && cached.grants === grants && cached.role === auth.role) return cached.me;
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
    role: auth.role,
    role_label: ROLES[auth.role].label,
    permissions,
    organization: { id: place.organizationId, name: place.organizationName, plan: place.plan },
    workspace: { id: place.workspaceId, name: place.workspaceName },
    created_at: user.createdAt.toISOString(),
  };
  // Frozen and marked, so the serializer encodes it once, not on every call while it is reused.
  profile.answer = { me: immutableAnswer(answer), grants, role: auth.role };
  return answer;
}

/** The answer of a successful sign-in: the bearer token and who it belongs to. */
export async function sessionResponse(ctx: AppContext, token: string): Promise<LoginResponse> {
  const auth = await ctx.authenticator.resolveToken(token);
  // A fresh session that does not resolve means the account has no workspace: a server fault.
  if (!auth) throw new Error("new session did not resolve to a workspace member");
  return { access_token: token, token_type: "bearer", user: await me(ctx, auth) };
}

export async function register(
  ctx: AppContext,
  input: { email: string; password: string; full_name: string; setup_token?: string | undefined; invite_token?: string | undefined },
  client: ClientInfo,
): Promise<RegisterResponse> {
  const { config, db } = ctx;
  await ctx.identity.limiter.perClient("register", client.ip);
  // An invitation to this very address proves it (the link was mailed there) and opens closed sign-up.
  const invited = input.invite_token
    ? (await ctx.hooks.run("identity.inviteForSignUp", { token: input.invite_token, email: input.email })).some(Boolean)
    : false;
  // The first account of a fresh instance must carry the setup token; later ones need open sign-up.
  const settingUp = await setupPending(ctx);
  if (settingUp) await verifySetupToken(ctx, input.setup_token);
  else if (config.SIGNUP_MODE === "closed" && !invited) throw new AppError("SIGNUP_CLOSED");
  assertStrong(ctx, input.password, "password");
  if (await repo.findUserByEmail(db, input.email)) throw new AppError("EMAIL_IN_USE");
  let result: { token: string | null; user: { id: string } };
  try {
    const signUp = () =>
      ctx.identity.auth.api.signUpEmail({
        body: { email: input.email, password: input.password, name: input.full_name },
        headers: client.headers,
      });
    result = invited ? await provenSignUp.run(true, signUp) : await signUp();
  } catch (err) {
    const code = apiErrorCode(err);
    if (code?.startsWith("USER_ALREADY_EXISTS")) throw new AppError("EMAIL_IN_USE");
    throw err;
  }
  const user = await repo.findUserById(db, result.user.id);
  if (!user) throw new Error("signed-up user vanished");
  await ensureProvisioned(ctx, user);
  await recordCurrentPassword(ctx, user.id);
  const isFirstUser = (await repo.findUserById(db, user.id))?.isInstanceAdmin ?? false;
  if (isFirstUser) await consumeSetupToken(ctx);
  if (!result.token && invited) {
    // Created verified, but better-auth skips the automatic sign-in whenever verification is on.
    const signedIn = await ctx.identity.auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: client.headers,
    });
    result = { ...result, token: signedIn.token };
  }
  if (!result.token) {
    return { access_token: null, token_type: "bearer", user: null, verification_required: true, is_first_user: isFirstUser };
  }
  const session = await sessionResponse(ctx, result.token);
  return { ...session, verification_required: false, is_first_user: isFirstUser };
}

/**
 * Tells the subscribers of "identity.signInAttempted" (threat detection) how a sign-in ended. A
 * failing handler is logged and never reaches the person signing in.
 */
export async function reportSignInAttempt(ctx: AppContext, attempt: Omit<SignInAttempt, "at">): Promise<void> {
  try {
    await ctx.hooks.run("identity.signInAttempted", { ...attempt, email: attempt.email.trim().toLowerCase(), at: new Date() });
  } catch (err) {
    ctx.log.warn({ err }, "identity.signInAttempted handler failed");
  }
}

export async function login(ctx: AppContext, input: { email: string; password: string }, client: ClientInfo): Promise<LoginResponse> {
  const { limiter, auth } = ctx.identity;
  await limiter.perClient("login", client.ip);
  const attempt = (outcome: SignInOutcome, userId: string | null) =>
    reportSignInAttempt(ctx, {
      outcome,
      email: input.email,
      userId,
      ip: client.ip,
      userAgent: client.headers.get("user-agent"),
      method: "password",
    });
  // Locked per account and address: the owner, elsewhere, still gets in. Unknown emails lock
  // the same way, so the answers do not tell which accounts exist.
  const user = await repo.findUserByEmail(ctx.db, input.email);
  try {
    await limiter.assertLoginAllowed(input.email, client.ip);
  } catch (err) {
    await attempt("locked", user?.id ?? null);
    throw err;
  }
  // Set by wrong two-factor codes or password confirmations: only someone with the password.
  if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    await attempt("locked", user.id);
    throw lockedError(user.lockedUntil);
  }
  let token: string;
  try {
    const result = await auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers: client.headers });
    token = result.token;
  } catch (err) {
    const code = apiErrorCode(err);
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_PASSWORD") {
      await limiter.loginFailed(input.email, client.ip);
      await attempt(user ? "bad_password" : "unknown_account", user?.id ?? null);
      throw new AppError("INVALID_CREDENTIALS");
    }
    if (code === "EMAIL_NOT_VERIFIED") {
      // The password was right: it must not count towards a lockout.
      await limiter.loginSucceeded(input.email, client.ip);
      throw new AppError("EMAIL_NOT_VERIFIED");
    }
    if (code === "ACCOUNT_INACTIVE") {
      await attempt("inactive", user?.id ?? null);
      throw new AppError("ACCOUNT_INACTIVE");
    }
    throw err;
  }
  await limiter.loginSucceeded(input.email, client.ip);
  // Before the lockout is cleared: a right password must not reset the count of wrong codes.
  // A two-factor challenge throws here: the sign-in is reported when the code is checked.
  if (user) await ctx.hooks.run("identity.signingIn", { userId: user.id, token, client });
  if (user) await attempt("success", user.id);
  if (user) {
    await repo.clearLockout(ctx.db, user.id);
    await ensureProvisioned(ctx, user);
  }
  return sessionResponse(ctx, token);
}

export async function logout(ctx: AppContext, auth: AuthContext): Promise<void> {
  if (auth.sessionId) await repo.deleteSession(ctx.db, auth.sessionId);
  await ctx.authenticator.invalidate(auth.userId);
}

export async function requestPasswordReset(ctx: AppContext, email: string, client: ClientInfo): Promise<void> {
  await ctx.identity.limiter.perClient("password-reset", client.ip);
  await ctx.identity.limiter.perEmail("password-reset", email);
  // better-auth answers the same for unknown addresses and takes the same path through the DB.
  await ctx.identity.auth.api.requestPasswordReset({ body: { email } });
}

export async function resetPassword(
  ctx: AppContext,
  input: { token: string; new_password: string },
  client: ClientInfo,
): Promise<{ apiKeysRevoked: number }> {
  const { db } = ctx;
  const { auth, limiter } = ctx.identity;
  await limiter.perClient("password-reset", client.ip);
  assertStrong(ctx, input.new_password, "new_password");
  const actx = await auth.$context;
  const verification = await actx.internalAdapter.findVerificationValue(`reset-password:${input.token}`);
  if (!verification || verification.expiresAt.getTime() < Date.now()) {
    throw new AppError("INVALID_TOKEN", "This reset link is invalid or has expired. Please request a new password reset.");
  }
  const userId = verification.value;
  const current = await repo.currentPasswordHash(db, userId);
  const previous = [...new Set([...(current ? [current] : []), ...(await repo.recentPasswordHashes(db, userId))])];
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
  await recordCurrentPassword(ctx, userId);
  // The link came by email: that proves the address, and the owner is back in control.
  await repo.clearLockout(db, userId);
  await repo.markEmailVerified(db, userId);
  const user = await repo.findUserById(db, userId);
  if (user) await limiter.liftLocks(user.email);
  // Whoever needed a reset may have lost control of the account: keys made meanwhile go too
  // (the API keys feature answers the hook with how many it revoked).
  const revoked = await ctx.hooks.run("identity.passwordReset", { userId });
  const apiKeysRevoked = revoked.reduce((sum, n) => sum + n, 0);
  // better-auth revoked the sessions in the database; drop every process's cached copy too.
  await ctx.authenticator.invalidate(userId);
  return { apiKeysRevoked };
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<void> {
  try {
    await ctx.identity.auth.api.verifyEmail({ query: { token } });
  } catch (err) {
    const code = apiErrorCode(err);
    if (code === "TOKEN_EXPIRED") throw new AppError("INVALID_TOKEN", "This verification link has expired. Request a new one.");
    if (code) throw new AppError("INVALID_TOKEN", "This verification link is invalid. Request a new one.");
    throw err;
  }
}

export async function resendVerification(ctx: AppContext, email: string, client: ClientInfo): Promise<void> {
  await ctx.identity.limiter.perClient("verification", client.ip);
  await ctx.identity.limiter.perEmail("verification", email);
  await ctx.identity.auth.api.sendVerificationEmail({ body: { email } });
}

export async function authConfig(ctx: AppContext): Promise<AuthConfig> {
  const { config } = ctx;
  const firstUser = await setupPending(ctx);
  return {
    sso: { enabled: config.oidc !== null, name: config.OIDC_NAME },
    first_user: firstUser,
    signup_open: firstUser || config.SIGNUP_MODE === "open",
    email_verification_required: emailVerificationRequired(config),
    password_policy: passwordPolicy(config),
  };
}

/** The identity provider's authorization URL, and the state cookie better-auth checks on return. */
export async function ssoStart(ctx: AppContext, redirect: string, client: ClientInfo): Promise<{ url: string; setCookies: string[] }> {
  const { config } = ctx;
  if (!config.oidc) throw new AppError("SSO_NOT_CONFIGURED");
  const { headers, response } = await ctx.identity.auth.api.signInSocial({
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
}

/** Exchanges the session cookie set by the SSO callback for a bearer token. */
export async function ssoToken(ctx: AppContext, client: ClientInfo): Promise<{ response: LoginResponse; clearCookie: string }> {
  if (!ctx.config.oidc) throw new AppError("SSO_NOT_CONFIGURED");
  const { auth } = ctx.identity;
  const found = await auth.api.getSession({ headers: client.headers, query: { disableRefresh: true } });
  if (!found) throw new AppError("UNAUTHENTICATED", "Single sign-on did not complete. Please try again.");
  const user = await repo.findUserById(ctx.db, found.user.id);
  if (!user?.isActive) throw new AppError("ACCOUNT_INACTIVE");
  await ensureProvisioned(ctx, user);
  const cookie = (await auth.$context).authCookies.sessionToken;
  // The browser keeps the bearer token from here on; the cookie copy is dropped.
  const clearCookie = `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${cookie.attributes.secure ? "; Secure" : ""}`;
  // The identity provider vouched for the password step only: a user who turned two-factor on
  // gets the same challenge as after a password (the "identity.signingIn" handler drops the SSO session).
  await ctx.hooks.run("identity.signingIn", { userId: user.id, token: found.session.token, client });
  await reportSignInAttempt(ctx, {
    outcome: "success",
    email: user.email,
    userId: user.id,
    ip: client.ip,
    userAgent: client.headers.get("user-agent"),
    method: "sso",
  });
  return { response: await sessionResponse(ctx, found.session.token), clearCookie };
}

// What account security builds on: the better-auth internals (password hashing, verification
// values, sessions), the user's credential and lockout, and the per-address limits.

/** better-auth's internal context: password hashing and the internal adapter. */
export function authInternals(ctx: AppContext) {
  return ctx.identity.auth.$context;
}

export type AuthEndpoint = Parameters<AppContext["identity"]["limiter"]["perClient"]>[0];

/** Counts a request of a public sign-in endpoint per client address (429 past the limit). */
export function limitPerClient(ctx: AppContext, endpoint: AuthEndpoint, ip: string): Promise<void> {
  return ctx.identity.limiter.perClient(endpoint, ip);
}

export const findUser = (ctx: AppContext, userId: string) => repo.findUserById(ctx.db, userId);
export const currentPasswordHash = (ctx: AppContext, userId: string) => repo.currentPasswordHash(ctx.db, userId);
export const recentPasswordHashes = (ctx: AppContext, userId: string) => repo.recentPasswordHashes(ctx.db, userId);
export const addPasswordHistory = (ctx: AppContext, userId: string, hash: string) => repo.addPasswordHistory(ctx.db, userId, hash);
/** Counts one failed password or code of the user (atomic); answers the count so far. */
export const recordFailedLogin = (ctx: AppContext, userId: string) => repo.recordFailedLogin(ctx.db, userId);
export const lockAccount = (ctx: AppContext, userId: string, until: Date) => repo.lock(ctx.db, userId, until);
export const clearLockout = (ctx: AppContext, userId: string) => repo.clearLockout(ctx.db, userId);
