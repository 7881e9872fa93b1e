/**
 * The better-auth instance over our own identity tables (users, sessions, accounts,
 * verifications), mounted at /api/identity. The spec's /api/auth/* routes call `auth.api.*`
 * directly; the HTTP endpoints that take a password or a token are switched off here so that the
 * lockout, password policy and password history in identity.service.ts cannot be bypassed.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { bearer } from "better-auth/plugins/bearer";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { newId } from "../../platform/ids.ts";
import type { Mailer } from "../../platform/mailer.ts";
import { provisionAccount } from "../organizations/organizations.service.ts";
import { passwordResetMail, verificationMail } from "./identity.mails.ts";
import type { IdentityRepository } from "./identity.repository.ts";
import { accounts, sessions, users, verifications } from "./identity.table.ts";

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

export interface IdentityAuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  repo: IdentityRepository;
}

export function createIdentityAuth(deps: IdentityAuthDeps) {
  const { config, db, mailer, log, repo } = deps;
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
        const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
        await mailer.send({ to: user.email, kind: "verification", ...verificationMail({ name: user.name, link }) });
      },
    },
    session: {
      expiresIn: config.SESSION_TIMEOUT_SECONDS,
      // Sliding: a session in use is pushed forward at most once a minute.
      updateAge: 60,
    },
    // Reset tokens are looked up by hash, so a database dump holds no usable reset link.
    verification: { storeIdentifier: "hashed" },
    databaseHooks: {
      user: {
        create: {
          // Without SMTP nobody could receive a verification mail: accounts are active at once.
          before: async (user) => (requireVerification ? undefined : { data: { ...user, emailVerified: true } }),
          after: async (user) => {
            await provisionAccount(db, { userId: user.id, name: user.name });
          },
        },
      },
      session: {
        create: {
          // Every way in (password, SSO, verification auto sign-in) passes here.
          before: async (session) => {
            const user = await repo.findUserById(session.userId);
            if (!user?.isActive) {
              throw new APIError("FORBIDDEN", { code: "ACCOUNT_INACTIVE", message: "User not found or inactive" });
            }
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

/**
 * AUTH_SECRET when set; otherwise a random secret created on first start in DATA_DIR (readable by
 * this user only) and reused, so sessions survive restarts without any configuration.
 */
export function loadAuthSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.dataDir, "auth-secret");
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it or set AUTH_SECRET`);
  return secret;
}
