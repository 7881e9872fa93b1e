/**
 * /api/v1/rbac (outreach-core §7 "Access control"): configuration, the role catalogue, members'
 * roles and effective permissions, role assignment, detailed checks, teams, audit and health.
 * Policies, feature flags and access requests are in access-rules.routes.ts; team CRUD,
 * membership and grants in access-teams.routes.ts; scoped access tokens (/rbac/tokens) in
 * access-tokens.routes.ts; /auth/me/extended, /users/{id}/extended and /organization in
 * access-profile.routes.ts.
 */
import {
  AccessConfig,
  AssignRoleRequest,
  AUDIT_CSV_MAX_ROWS,
  AuditFilters,
  AuditLogInput,
  AuditPage,
  AuditQuery,
  CheckRequest,
  CheckResult,
  Grant,
  RoleId,
  RoleSummary,
  TeamHierarchy,
  UserPermissions,
  UserRoles,
} from "@prospector/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { csvStream } from "../../platform/csv-stream.ts";
import { AppError } from "../../platform/errors.ts";
import { clientCountry, proxyTrust } from "./access.hook.ts";
import * as rbac from "./access.service.ts";
import { accessProfileRoutes } from "./access-profile.routes.ts";
import { accessRulesRoutes } from "./access-rules.routes.ts";
import { accessTeamsRoutes } from "./access-teams.routes.ts";
import { accessTokensRoutes } from "./access-tokens.routes.ts";

export const RBAC = "/api/v1/rbac";
const tags = ["access control"];
const UserParams = z.object({ id: z.string() });
const TeamParams = z.object({ id: z.string() });

export function accessRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const fromTrustedProxy = proxyTrust(ctx.config.trustProxy);
  /** What policy conditions read from the request. */
  const requestEnv = (request: FastifyRequest) => ({ ip: request.ip, country: clientCountry(request, fromTrustedProxy) });

  app.get(`${RBAC}/config`, { config: { access: "authenticated" }, schema: { tags, response: { 200: AccessConfig } } }, async () =>
    rbac.accessConfig(ctx),
  );

  app.get(
    `${RBAC}/roles`,
    { config: { access: "authenticated" }, schema: { tags, response: { 200: z.array(RoleSummary) } } },
    async (request) => rbac.listRoles(ctx, requireAuth(request)),
  );

  app.get(
    `${RBAC}/roles/:role/permissions`,
    {
      config: { access: "authenticated" },
      schema: { tags, params: z.object({ role: z.string() }), response: { 200: z.object({ role: RoleId, permissions: z.array(Grant) }) } },
    },
    async (request) => {
      const role = RoleId.safeParse(request.params.role);
      if (!role.success) throw new AppError("NOT_FOUND", `Role "${request.params.role}" not found`);
      const roles = await rbac.listRoles(ctx, requireAuth(request));
      return { role: role.data, permissions: roles.find((r) => r.id === role.data)?.permissions ?? [] };
    },
  );

  app.get(
    `${RBAC}/users/:id/roles`,
    { config: { access: "authenticated" }, schema: { tags, params: UserParams, response: { 200: UserRoles } } },
    async (request) => rbac.userRoles(ctx, requireAuth(request), request.params.id),
  );

  app.get(
    `${RBAC}/users/:id/permissions`,
    { config: { access: "authenticated" }, schema: { tags, params: UserParams, response: { 200: UserPermissions } } },
    async (request) => rbac.userPermissions(ctx, requireAuth(request), request.params.id),
  );

  app.post(
    `${RBAC}/roles/assign`,
    { config: { access: "team:update", apiKeyScope: false }, schema: { tags, body: AssignRoleRequest, response: { 200: UserRoles } } },
    async (request) => rbac.assignRole(ctx, requireAuth(request), request.body),
  );

  app.post(
    `${RBAC}/roles/remove`,
    { config: { access: "team:update", apiKeyScope: false }, schema: { tags, body: AssignRoleRequest, response: { 200: UserRoles } } },
    async (request) => rbac.removeRole(ctx, requireAuth(request), request.body),
  );

  app.post(
    `${RBAC}/check/detailed`,
    { config: { access: "authenticated" }, schema: { tags, body: CheckRequest, response: { 200: CheckResult } } },
    async (request) => rbac.checkAccess(ctx, requireAuth(request), request.body, requestEnv(request)),
  );

  app.get(
    `${RBAC}/teams/:id/permissions`,
    {
      config: { access: "team:read" },
      schema: { tags, params: TeamParams, response: { 200: z.object({ team_id: z.string(), grants: z.array(Grant) }) } },
    },
    async (request) => rbac.teamPermissions(ctx, requireAuth(request), request.params.id),
  );

  app.get(
    `${RBAC}/teams/:id/members/:user/exists`,
    {
      config: { access: "team:read" },
      schema: {
        tags,
        params: z.object({ id: z.string(), user: z.string() }),
        response: { 200: z.object({ team_id: z.string(), user_id: z.string(), exists: z.boolean() }) },
      },
    },
    async (request) => rbac.teamMemberExists(ctx, requireAuth(request), request.params.id, request.params.user),
  );

  app.get(
    `${RBAC}/teams/:id/hierarchy`,
    { config: { access: "team:read" }, schema: { tags, params: TeamParams, response: { 200: TeamHierarchy } } },
    async (request) => rbac.teamHierarchy(ctx, requireAuth(request), request.params.id),
  );

  app.get(
    `${RBAC}/audit/logs`,
    { config: { access: "audit:read" }, schema: { tags, querystring: AuditQuery, response: { 200: AuditPage } } },
    async (request) => rbac.auditLogs(ctx, requireAuth(request), request.query),
  );

  app.get(
    `${RBAC}/audit/logs.csv`,
    {
      config: { access: "audit:read" },
      schema: { tags, summary: `The audit log as CSV, newest first (at most ${AUDIT_CSV_MAX_ROWS} rows)`, querystring: AuditFilters },
    },
    async (request, reply) => {
      const stamp = new Date().toISOString().slice(0, 10);
      // A filter the database refuses is an error answer, not a CSV cut off mid-way (platform/csv-stream.ts).
      const csv = await csvStream(rbac.auditCsvRows(ctx, requireAuth(request), request.query));
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="access-audit-${stamp}.csv"`)
        .send(csv);
    },
  );

  app.post(
    `${RBAC}/audit/log`,
    // Stored as source "client": what a client says it checked, never mistaken for a server decision.
    {
      config: { access: "audit:create", apiKeyScope: false },
      schema: { tags, body: AuditLogInput, response: { 202: z.object({ accepted: z.boolean() }) } },
    },
    async (request, reply) => {
      rbac.logCheck(ctx, requireAuth(request), request.body);
      return reply.status(202).send({ accepted: true });
    },
  );

  app.get(
    `${RBAC}/health`,
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        response: {
          200: z.object({
            status: z.literal("ok"),
            latency_ms: z.number(),
            cache_entries: z.number().int(),
            rate_limit_store: z.enum(["memory", "redis"]),
          }),
        },
      },
    },
    async () => rbac.accessHealth(ctx),
  );

  accessRulesRoutes(fastify, ctx);
  accessTeamsRoutes(fastify, ctx);
  accessTokensRoutes(fastify, ctx);
  accessProfileRoutes(fastify, ctx);
}
