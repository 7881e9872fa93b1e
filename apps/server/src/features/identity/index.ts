/**
 * The identity feature's public surface: the session authenticator (on ctx as `ctx.authenticator`)
 * and its types, the password rules, the lockout error, and the identity tables.
 */
export { AUTH_INVALIDATE, bearerToken, type CredentialResolver, type SessionAuthenticator } from "./identity.authenticator.ts";
export * from "./identity.table.ts";
export { lockedError } from "./identity.rate-limit.ts";
export { assertPasswordAccepted, passwordPolicy } from "./password-policy.ts";
