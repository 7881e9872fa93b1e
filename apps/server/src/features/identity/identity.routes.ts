/**
 * The spec's /api/auth/* routes (outreach-core §7) as thin adapters over identity.service.ts, and
 * better-auth's own handler at /api/identity/* (the SSO callback and session endpoints).
 */

import crypto from "node:crypto";
import {
  AuthConfig,
  LoginRequest,
  LoginResponse,
  Me,
  MessageResponse,
  RegisterRequest,
  RegisterResponse,
  RequestPasswordReset,
  ResendVerification,
  ResetPassword,
  VerifyEmail,
} from "@prospector/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { AUTH_BASE_PATH, createIdentityAuth, emailVerificationRequired, type IdentityAuth, isDisabledPath } from "./auth.ts";
import { createMemoryAuthLimitStore, createRedisAuthLimitStore } from "./auth-rate-limit.store.ts";
import { bearerToken } from "./identity.authenticator.ts";
import { type AuthLimiter, createAuthLimiter } from "./identity.rate-limit.ts";
import { createIdentityRepository, type IdentityRepository } from "./identity.repository.ts";
import { type ClientInfo, createIdentityService, type IdentityService } from "./identity.service.ts";
import { createSetupToken } from "./setup-token.ts";

const tags = ["auth"];

/** Only same-site paths: a crafted `redirect` must not send the user to another site after SSO. */
const SafeRedirect = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])/, "redirect must be a path on this site")
  .default("/dashboard");

/** What better-auth should know about the caller: address and browser for the session record. */
export function clientInfo(request: FastifyRequest, opts: { cookies?: boolean } = {}): ClientInfo {
  const headers = new Headers();
  const ua = request.headers["user-agent"];
  if (ua) headers.set("user-agent", ua);
  headers.set("x-forwarded-for", request.ip);
  if (opts.cookies && request.headers.cookie) headers.set("cookie", request.headers.cookie);
  return { headers, ip: request.ip };
}

/** What other features build on: account security confirms passwords and completes sign-ins with it. */
export interface Identity {
  auth: IdentityAuth;
  repo: IdentityRepository;
  service: IdentityService;
  /** Per-address limits of the public sign-in endpoints (the two-factor step uses them too). */
  limiter: AuthLimiter;
}

export function identityRoutes(fastify: FastifyInstance, ctx: AppContext): Identity {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createIdentityRepository(ctx.db);
  const setup = createSetupToken({ config: ctx.config, db: ctx.db });
  const auth = createIdentityAuth({
    config: ctx.config,
    db: ctx.db,
    mailer: ctx.mailer,
    log: ctx.log,
    repo,
    authenticator: ctx.authenticator,
    setup,
  });
  const store = ctx.redis
    ? createRedisAuthLimitStore(ctx.redis, {
        prefix: authLimitPrefix(ctx.config),
        onError: (err) => ctx.log.warn({ err: err.message }, "sign-in limits: redis failed, using memory"),
      })
    : createMemoryAuthLimitStore();
  const limiter = createAuthLimiter({ config: ctx.config, store });
  const service = createIdentityService({
    config: ctx.config,
    db: ctx.db,
    auth,
    repo,
    access: ctx.access,
    authenticator: ctx.authenticator,
    limiter,
    setup,
  });

  if (!emailVerificationRequired(ctx.config)) {
    ctx.log.info("Email verification is off: SMTP_URL is not set, so new accounts are active at once.");
  }
  // The setup token exists from the first start on, whether or not anyone reads the console.
  fastify.addHook("onReady", async () => {
    await setup.current();
  });
  const previous = ctx.onStarted;
  ctx.onStarted = async () => {
    await previous?.();
    const token = await setup.current();
    if (token === null) return;
    const link = `${ctx.config.publicUrl}/sign-up?setup_token=${ctx.config.SETUP_TOKEN ? "<SETUP_TOKEN>" : encodeURIComponent(token)}`;
    ctx.log.info(`No account yet: open ${link} to create the first account (it becomes the organization's admin; the link works once)`);
    // The log is JSON; the console also gets the link on a line of its own, one click away.
    process.stdout.write(`\n  No account yet. Create the first one (it becomes the admin) at:\n\n    ${link}\n\n`);
  };

  app.post(
    "/api/auth/register",
    { config: { access: "public" }, schema: { tags, body: RegisterRequest, response: { 201: RegisterResponse } } },
    async (request, reply) => reply.status(201).send(await service.register(request.body, clientInfo(request))),
  );

  app.post(
    "/api/auth/login",
    { config: { access: "public" }, schema: { tags, body: LoginRequest, response: { 200: LoginResponse } } },
    async (request) => service.login(request.body, clientInfo(request)),
  );

  app.get(
    "/api/auth/me",
    { config: { access: "authenticated" }, schema: { tags, security: [{ bearer: [] }], response: { 200: Me } } },
    async (request) => service.me(requireAuth(request)),
  );

  app.post(
    "/api/auth/logout",
    { config: { access: "authenticated" }, schema: { tags, security: [{ bearer: [] }], response: { 200: MessageResponse } } },
    async (request) => {
      await service.logout(requireAuth(request));
      return { message: "Signed out" };
    },
  );

  app.post(
    "/api/auth/request-password-reset",
    { config: { access: "public" }, schema: { tags, body: RequestPasswordReset, response: { 200: MessageResponse } } },
    async (request) => {
      await service.requestPasswordReset(request.body.email, clientInfo(request));
      return { message: "If an account exists for this email, we sent a link to reset the password. The link expires in 1 hour." };
    },
  );

  app.post(
    "/api/auth/reset-password",
    { config: { access: "public" }, schema: { tags, body: ResetPassword, response: { 200: MessageResponse } } },
    async (request) => {
      await service.resetPassword(request.body, clientInfo(request));
      return { message: "Your password has been reset. Sign in with the new password." };
    },
  );

  app.post(
    "/api/auth/verify-email",
    { config: { access: "public" }, schema: { tags, body: VerifyEmail, response: { 200: MessageResponse } } },
    async (request) => {
      await service.verifyEmail(request.body.token);
      return { message: "Your email address is confirmed. You can sign in now." };
    },
  );

  app.post(
    "/api/auth/resend-verification",
    { config: { access: "public" }, schema: { tags, body: ResendVerification.optional(), response: { 200: MessageResponse } } },
    async (request) => {
      const email = request.auth?.email ?? request.body?.email;
      if (!email)
        throw new AppError("VALIDATION_FAILED", "Email is required", { errors: [{ field: "email", message: "Email is required" }] });
      await service.resendVerification(email, clientInfo(request));
      return { message: "If this account still needs confirming, we sent a new verification link." };
    },
  );

  app.get("/api/auth/config", { config: { access: "public" }, schema: { tags, response: { 200: AuthConfig } } }, async () =>
    service.authConfig(),
  );

  app.get(
    "/api/auth/sso/start",
    { config: { access: "public" }, schema: { tags, querystring: z.object({ redirect: SafeRedirect }) } },
    async (request, reply) => {
      const { url, setCookies } = await service.ssoStart(request.query.redirect, clientInfo(request, { cookies: true }));
      for (const c of setCookies) reply.header("set-cookie", c);
      return reply.header("cache-control", "no-store").redirect(url, 302);
    },
  );

  app.post(
    "/api/auth/sso/token",
    { config: { access: "public" }, schema: { tags, response: { 200: LoginResponse } } },
    async (request, reply) => {
      const { response, clearCookie } = await service.ssoToken(clientInfo(request, { cookies: true }));
      reply.header("set-cookie", clearCookie).header("cache-control", "no-store");
      return response;
    },
  );

  mountBetterAuth(app, auth, repo);
  return { auth, repo, service, limiter };
}

/**
 * Redis keys of the sign-in limits carry the instance: every process of one instance (one database)
 * shares the counts, while two instances on one Redis (staging and production, or test databases)
 * never count each other's requests. The database name, not the whole URL: hosts may differ.
 */
export function authLimitPrefix(config: Config): string {
  const instance = config.DATABASE_URL ? new URL(config.DATABASE_URL).pathname : config.dataDir;
  return `prospector:authrl:${crypto.createHash("sha256").update(instance).digest("base64url").slice(0, 12)}:`;
}

/** The session token a better-auth request carries: bearer, or the session cookie (`token.signature`). */
function sessionTokenOf(request: FastifyRequest): string | null {
  let value = bearerToken(request);
  if (!value) {
    const cookie = request.headers.cookie ?? "";
    const match = /(?:^|;\s*)(?:__Secure-)?prospector\.session_token=([^;]+)/.exec(cookie);
    if (match?.[1]) {
      try {
        value = decodeURIComponent(match[1]);
      } catch {
        value = match[1];
      }
    }
  }
  if (!value) return null;
  const dot = value.indexOf(".");
  return dot >= 0 ? value.slice(0, dot) : value;
}

/** better-auth's documented Fastify mount: the request rebuilt as a web Request, the answer copied back. */
function mountBetterAuth(app: FastifyInstance, auth: IdentityAuth, repo: IdentityRepository): void {
  app.route({
    method: ["GET", "POST"],
    url: `${AUTH_BASE_PATH}/*`,
    config: { access: "public" },
    schema: { hide: true },
    async handler(request: FastifyRequest, reply: FastifyReply) {
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      // better-auth compares its disabled paths literally, so `/reset-password/:token` never matched.
      if (isDisabledPath(url.pathname)) throw new AppError("ROUTE_NOT_FOUND", `No route ${request.method} ${url.pathname}`);
      // A single sign-on session still waiting for its second factor is good for nothing here.
      const token = sessionTokenOf(request);
      if (token && (await repo.isTwoFactorPending(token))) throw new AppError("UNAUTHENTICATED");
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined || key === "content-length") continue;
        headers.set(key, Array.isArray(value) ? value.join(", ") : String(value));
      }
      const hasBody = request.method !== "GET" && request.body !== undefined && request.body !== null;
      const response = await auth.handler(
        new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(request.body) : undefined }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key === "set-cookie" || key === "content-length" || key === "content-encoding" || key === "transfer-encoding") return;
        reply.header(key, value);
      });
      for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
      return reply.send(response.body ? await response.text() : null);
    },
  });
}
