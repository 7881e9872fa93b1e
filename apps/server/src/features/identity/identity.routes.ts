/**
 * The spec's /api/auth/* routes (outreach-core §7) as thin adapters over identity.service.ts, and
 * better-auth's own handler at /api/identity/* (the SSO callback and session endpoints).
 */

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
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { AUTH_BASE_PATH, type IdentityAuth, isDisabledPath } from "./auth.ts";
import { bearerToken } from "./identity.authenticator.ts";
import type { ClientInfo } from "./identity.hooks.ts";
import { isTwoFactorPending } from "./identity.repository.ts";
import * as service from "./identity.service.ts";
import { currentSetupToken } from "./setup-token.ts";

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

export function identityRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The setup token exists from the first start on, whether or not anyone reads the console.
  fastify.addHook("onReady", async () => {
    await currentSetupToken(ctx);
  });
  const previous = ctx.onStarted;
  ctx.onStarted = async () => {
    await previous?.();
    const token = await currentSetupToken(ctx);
    if (token === null) return;
    const link = `${ctx.config.publicUrl}/sign-up?setup_token=${ctx.config.SETUP_TOKEN ? "<SETUP_TOKEN>" : encodeURIComponent(token)}`;
    ctx.log.info(`No account yet: open ${link} to create the first account (it becomes the organization's admin; the link works once)`);
    // The log is JSON; the console also gets the link on a line of its own, one click away.
    process.stdout.write(`\n  No account yet. Create the first one (it becomes the admin) at:\n\n    ${link}\n\n`);
  };

  app.post(
    "/api/auth/register",
    { config: { access: "public" }, schema: { tags, body: RegisterRequest, response: { 201: RegisterResponse } } },
    async (request, reply) => reply.status(201).send(await service.register(ctx, request.body, clientInfo(request))),
  );

  app.post(
    "/api/auth/login",
    { config: { access: "public" }, schema: { tags, body: LoginRequest, response: { 200: LoginResponse } } },
    async (request) => service.login(ctx, request.body, clientInfo(request)),
  );

  app.get(
    "/api/auth/me",
    { config: { access: "authenticated" }, schema: { tags, security: [{ bearer: [] }], response: { 200: Me } } },
    async (request) => service.me(ctx, requireAuth(request)),
  );

  app.post(
    "/api/auth/logout",
    { config: { access: "authenticated" }, schema: { tags, security: [{ bearer: [] }], response: { 200: MessageResponse } } },
    async (request) => {
      await service.logout(ctx, requireAuth(request));
      return { message: "Signed out" };
    },
  );

  app.post(
    "/api/auth/request-password-reset",
    { config: { access: "public" }, schema: { tags, body: RequestPasswordReset, response: { 200: MessageResponse } } },
    async (request) => {
      await service.requestPasswordReset(ctx, request.body.email, clientInfo(request));
      return { message: "If an account exists for this email, we sent a link to reset the password. The link expires in 1 hour." };
    },
  );

  app.post(
    "/api/auth/reset-password",
    { config: { access: "public" }, schema: { tags, body: ResetPassword, response: { 200: MessageResponse } } },
    async (request) => {
      await service.resetPassword(ctx, request.body, clientInfo(request));
      return { message: "Your password has been reset. Sign in with the new password." };
    },
  );

  app.post(
    "/api/auth/verify-email",
    { config: { access: "public" }, schema: { tags, body: VerifyEmail, response: { 200: MessageResponse } } },
    async (request) => {
      await service.verifyEmail(ctx, request.body.token);
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
      await service.resendVerification(ctx, email, clientInfo(request));
      return { message: "If this account still needs confirming, we sent a new verification link." };
    },
  );

  app.get("/api/auth/config", { config: { access: "public" }, schema: { tags, response: { 200: AuthConfig } } }, async () =>
    service.authConfig(ctx),
  );

  app.get(
    "/api/auth/sso/start",
    { config: { access: "public" }, schema: { tags, querystring: z.object({ redirect: SafeRedirect }) } },
    async (request, reply) => {
      const { url, setCookies } = await service.ssoStart(ctx, request.query.redirect, clientInfo(request, { cookies: true }));
      for (const c of setCookies) reply.header("set-cookie", c);
      return reply.header("cache-control", "no-store").redirect(url, 302);
    },
  );

  app.post(
    "/api/auth/sso/token",
    { config: { access: "public" }, schema: { tags, response: { 200: LoginResponse } } },
    async (request, reply) => {
      const { response, clearCookie } = await service.ssoToken(ctx, clientInfo(request, { cookies: true }));
      reply.header("set-cookie", clearCookie).header("cache-control", "no-store");
      return response;
    },
  );

  mountBetterAuth(app, ctx);
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
function mountBetterAuth(app: FastifyInstance, ctx: AppContext): void {
  const auth: IdentityAuth = ctx.identity.auth;
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
      if (token && (await isTwoFactorPending(ctx.db, token))) throw new AppError("UNAUTHENTICATED");
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
