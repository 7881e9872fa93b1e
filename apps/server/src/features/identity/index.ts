/**
 * The identity feature's public surface: the session authenticator (on ctx as `ctx.authenticator`)
 * and its types, the hooks' payload types, the services account security builds on, the password
 * rules, the lockout error, and the identity tables.
 */
export { AUTH_INVALIDATE, bearerToken, type CredentialResolver, type SessionAuthenticator } from "./identity.authenticator.ts";
export type { IdentityEngine } from "./identity.engine.ts";
export type { ClientInfo, IdentityGrant, Membership, SignInAttempt, SignInOutcome, WorkspacePlace } from "./identity.hooks.ts";
export { lockedError } from "./identity.rate-limit.ts";
export {
  type AuthEndpoint,
  addPasswordHistory,
  authInternals,
  clearLockout,
  currentPasswordHash,
  findUser,
  limitPerClient,
  lockAccount,
  me,
  recentPasswordHashes,
  recordFailedLogin,
  reportSignInAttempt,
  sessionResponse,
} from "./identity.service.ts";
export * from "./identity.table.ts";
export { forgetUser, revokeUserSessions, setAccountLocked } from "./identity-containment.service.ts";
export { eraseAccountIdentity } from "./identity-erasure.ts";
export { assertPasswordAccepted, passwordPolicy } from "./password-policy.ts";
