/**
 * The better-auth instance over our own identity tables (users, sessions, accounts,
 * verifications), mounted at /api/identity. The spec's /api/auth/* routes call `auth.api.*`
 * directly; the HTTP endpoints that take a password or a token are switched off here so that the
 * lockout, password policy and password history in identity.service.ts cannot be bypassed.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { bearer } from "better-auth/plugins/bearer";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { Config } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { newId } from "../../platform/ids.ts";
import { loadAuthSecret } from "../../platform/secrets.ts";
import { passwordResetMail, verificationMail } from "./identity.mails.ts";
import { findUserById } from "./identity.repository.ts";
import { accounts, sessions, users, verifications } from "./identity.table.ts";
import { setupPending } from "./setup-token.ts";

export const AUTH_BASE_PATH = "/api/identity";
export const SSO_PROVIDER_ID = "oidc";
/** The reset link's lifetime, stated on the reset screen (shell spec §9). */
export const RESET_TOKEN_SECONDS = 60 * 60;
const VERIFY_TOKEN_SECONDS = 24 * 60 * 60;

/**
 * Better-auth endpoints we do not serve over HTTP: everything that checks or sets a password or
 * consumes an emailed token goes through /api/auth/*, where our rules apply.
 */
const DISABLED_PATHS = [
  "/sign-up/email",
  "/sign-in/email",
  "/request-password-reset",
  "/reset-password",
  "/reset-password/:token",
  "/change-password",
  "/set-password",
  "/verify-password",
  "/verify-email",
  "/send-verification-email",
  "/change-email",
  "/update-user",
  "/delete-user",
];

const DISABLED_PATTERNS = DISABLED_PATHS.map(
  (p) => new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\/:[^/]+/g, "/[^/]+")}$`),
);

/**
 * Whether a request path under AUTH_BASE_PATH is one of the switched-off endpoints. better-auth
 * itself compares the path literally, so `/reset-password/:token` never matched a real token;
 * here parameters match a segment, and case, repeated or trailing slashes and escapes do not help.
 */
export function isDisabledPath(pathname: string): boolean {
  let p: string;
  try {
    p = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  p = p.toLowerCase().replace(/\/{2,}/g, "/");
  if (!p.startsWith(`${AUTH_BASE_PATH}/`)) return false;
  p = p.slice(AUTH_BASE_PATH.length).replace(/\/+$/, "") || "/";
  return DISABLED_PATTERNS.some((re) => re.test(p));
}

/** better-auth endpoints through which an identity provider signs someone in (OAuth callbacks). */
const isSsoCallback = (path: string | undefined) => typeof path === "string" && /(^|\/)callback\//.test(path);

/**
 * The better-auth instance of a process (identity's register keeps it on ctx). A new account gets
 * its organization through the "identity.accountCreated" hook; sessions that better-auth deletes
 * (sign-out, revoke) leave every process's authenticator cache too.
 */
/**
 * Set around a sign-up whose address an invitation mail already proved (identity.service register):
 * the account is created verified, and no verification mail goes out.
 */
export const provenSignUp = new AsyncLocalStorage<true>();

export function createIdentityAuth(ctx: Pick<AppContext, "config" | "db" | "mailer" | "log" | "hooks" | "authenticator">) {
  const { config, db, mailer, log } = ctx;
  const requireVerification = emailVerificationRequired(config);
  return betterAuth({
    appName: "Prospector",
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: loadAuthSecret(config),
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    advanced: {
      cookiePrefix: "prospector",
      database: { generateId: () => newId() },
    },
    logger: {
      level: config.LOG_LEVEL === "debug" || config.LOG_LEVEL === "trace" ? "debug" : "warn",
      log: (level, message, ...args) => log[level]({ source: "better-auth", args: args.length ? args : undefined }, message),
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: requireVerification,
      minPasswordLength: config.PASSWORD_MIN_LENGTH,
      maxPasswordLength: 256,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send({ to: user.email, kind: "password_reset", ...passwordResetMail({ name: user.name, link }) });
      },
    },
    emailVerification: {
      sendOnSignUp: requireVerification,
      expiresIn: VERIFY_TOKEN_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        // Created verified (a sign-up through an invitation): there is nothing to confirm.
        if (user.emailVerified) return;
        const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
        await mailer.send({ to: user.email, kind: "verification", ...verificationMail({ name: user.name, link }) });
      },
    },
    session: {
      // Never past the absolute lifetime, even for a first period longer than it.
      expiresIn: Math.min(config.SESSION_TIMEOUT_SECONDS, config.SESSION_MAX_AGE_SECONDS),
      // Sliding is done by the app's authenticator only, which stops at SESSION_MAX_AGE_SECONDS;
      // better-auth's own refresh would push a session forward without that bound.
      disableSessionRefresh: true,
      updateAge: 60,
      additionalFields: {
        twoFactorPending: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    account: {
      // No implicit linking by email: someone who signed up with victim@corp (verified at once
      // without SMTP) must not inherit the victim's single sign-on. Linking is explicit only.
      accountLinking: { disableImplicitLinking: true },
    },
    // Reset tokens are looked up by hash, so a database dump holds no usable reset link.
    verification: { storeIdentifier: "hashed" },
    databaseHooks: {
      user: {
        create: {
          before: async (user, context) => {
            // Sign-up (/api/auth/register) checked the setup token and the sign-up mode already;
            // single sign-on must not create the first account, nor any account when sign-up is closed.
            if (isSsoCallback(context?.path)) {
              if (await setupPending(ctx)) {
                throw new APIError("FORBIDDEN", {
                  code: "SETUP_TOKEN_REQUIRED",
                  message: "Create the first account with the setup link first.",
                });
              }
              if (config.SIGNUP_MODE === "closed") {
                throw new APIError("FORBIDDEN", { code: "SIGNUP_CLOSED", message: "Sign-up is closed on this instance." });
              }
            }
            // Without SMTP nobody could receive a verification mail: accounts are active at once.
            return requireVerification && !provenSignUp.getStore() ? undefined : { data: { ...user, emailVerified: true } };
          },
          after: async (user) => {
            await ctx.hooks.run("identity.accountCreated", { userId: user.id, name: user.name });
          },
        },
      },
      session: {
        create: {
          // Every way in (password, SSO, verification auto sign-in) passes here.
          before: async (session, context) => {
            const user = await findUserById(db, session.userId);
            if (!user?.isActive) {
              throw new APIError("FORBIDDEN", { code: "ACCOUNT_INACTIVE", message: "User not found or inactive" });
            }
            // The identity provider's callback signs in with a cookie; for a user with two-factor on,
            // that session is good for nothing but POST /api/auth/sso/token, which asks for the code.
            if (user.twoFactorEnabled && isSsoCallback(context?.path)) {
              return { data: { ...session, twoFactorPending: true } };
            }
            return undefined;
          },
        },
        delete: {
          after: async (session) => {
            await ctx.authenticator.invalidate(session.userId);
          },
        },
      },
    },
    disabledPaths: DISABLED_PATHS,
    plugins: [
      bearer(),
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: SSO_PROVIDER_ID,
                  name: config.oidc.name,
                  discoveryUrl: `${config.oidc.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type IdentityAuth = ReturnType<typeof createIdentityAuth>;

export function emailVerificationRequired(config: Config): boolean {
  return Boolean(config.SMTP_URL);
}
