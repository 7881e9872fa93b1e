/**
 * Account security under /api/user-settings (outreach-core §7 "User settings"): GET /security,
 * password change, two-factor setup and removal, recovery codes, sessions; and the second sign-in
 * step POST /api/auth/login/two-factor. Every route acts on the signed-in user only.
 */
import {
  ActiveSession,
  ChangePasswordRequest,
  ChangePasswordResponse,
  LoginResponse,
  LoginTwoFactorRequest,
  MessageResponse,
  PasswordConfirmation,
  RecoveryCodes,
  RevokeSessionRequest,
  RevokeSessionsResponse,
  SecurityOverview,
  TwoFactorDisabled,
  TwoFactorEnabled,
  TwoFactorToggleRequest,
  TwoFactorToggleResponse,
  TwoFactorVerifyRequest,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { limitPerClient } from "../identity/index.ts";
import * as service from "./account-security.service.ts";
import * as twoFactor from "./two-factor.service.ts";

const BASE = "/api/user-settings";
const tags = ["account-security"];
const security = [{ bearer: [] }];
const access = "authenticated" as const;

export function accountSecurityRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(`${BASE}/security`, { config: { access }, schema: { tags, security, response: { 200: SecurityOverview } } }, (req) =>
    service.overview(ctx, requireAuth(req)),
  );

  app.post(
    `${BASE}/password`,
    { config: { access }, schema: { tags, security, body: ChangePasswordRequest, response: { 200: ChangePasswordResponse } } },
    (req) => service.changePassword(ctx, requireAuth(req), req.body),
  );

  // Secrets and recovery codes in these answers must not linger in any cache.
  app.post(
    `${BASE}/two-factor`,
    { config: { access }, schema: { tags, security, body: TwoFactorToggleRequest, response: { 200: TwoFactorToggleResponse } } },
    async (req, reply) => {
      const auth = requireAuth(req);
      reply.header("cache-control", "no-store");
      return req.body.enable
        ? twoFactor.startTwoFactorSetup(ctx, auth, req.body.password)
        : twoFactor.disableTwoFactor(ctx, auth, req.body.password);
    },
  );

  app.post(
    `${BASE}/two-factor/verify`,
    { config: { access }, schema: { tags, security, body: TwoFactorVerifyRequest, response: { 200: TwoFactorEnabled } } },
    async (req, reply) => {
      reply.header("cache-control", "no-store");
      return twoFactor.confirmTwoFactorSetup(ctx, requireAuth(req), req.body.token);
    },
  );

  app.post(
    `${BASE}/two-factor/disable`,
    { config: { access }, schema: { tags, security, body: PasswordConfirmation, response: { 200: TwoFactorDisabled } } },
    (req) => twoFactor.disableTwoFactor(ctx, requireAuth(req), req.body.password),
  );

  app.post(
    `${BASE}/two-factor/recovery-codes`,
    { config: { access }, schema: { tags, security, body: PasswordConfirmation, response: { 200: RecoveryCodes } } },
    async (req, reply) => {
      reply.header("cache-control", "no-store");
      return twoFactor.regenerateRecoveryCodes(ctx, requireAuth(req), req.body.password);
    },
  );

  app.get(`${BASE}/sessions`, { config: { access }, schema: { tags, security, response: { 200: z.array(ActiveSession) } } }, (req) =>
    service.sessions(ctx, requireAuth(req)),
  );

  app.post(
    `${BASE}/sessions/revoke`,
    { config: { access }, schema: { tags, security, body: RevokeSessionRequest, response: { 200: MessageResponse } } },
    async (req) => {
      await service.revokeSession(ctx, requireAuth(req), req.body.session_id);
      return { message: "The session has been signed out." };
    },
  );

  app.post(
    `${BASE}/sessions/revoke-others`,
    { config: { access }, schema: { tags, security, response: { 200: RevokeSessionsResponse } } },
    async (req) => {
      const revoked = await service.revokeOtherSessions(ctx, requireAuth(req));
      return { message: revoked === 1 ? "1 other session was signed out." : `${revoked} other sessions were signed out.`, revoked };
    },
  );

  app.post(
    "/api/auth/login/two-factor",
    { config: { access: "public" }, schema: { tags: ["auth"], body: LoginTwoFactorRequest, response: { 200: LoginResponse } } },
    async (req, reply) => {
      reply.header("cache-control", "no-store");
      await limitPerClient(ctx, "two-factor", req.ip);
      return twoFactor.completeSignIn(ctx, req.body, { ip: req.ip, userAgent: req.headers["user-agent"] ?? null });
    },
  );
}
