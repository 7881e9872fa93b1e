/**
 * HTTP for the workspace service (shell §7, base /api/v1/workspaces). Routes on /:id declare
 * `authenticated`: the service resolves the caller in the workspace of the path and asks the access
 * engine there (an API key still needs the scope each route names).
 */
import {
  ActivityPage,
  ActivityQuery,
  MemberListQuery,
  MemberPage,
  MemberRoleUpdate,
  MemberStatusUpdate,
  Workspace,
  WorkspaceClone,
  WorkspaceCreate,
  WorkspaceExportQuery,
  WorkspaceIdParams,
  WorkspaceMember,
  WorkspaceMemberParams,
  WorkspaceStats,
  WorkspaceTransfer,
  WorkspaceUpdate,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { listActivity } from "./workspaces.activity.ts";
import { cloneWorkspace, exportWorkspace } from "./workspaces.export.ts";
import * as ws from "./workspaces.service.ts";

const BASE = "/api/v1/workspaces";

export function workspacesRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["workspaces"];
  /**
   * Every /:id route: any signed-in caller reaches the service, which decides in that workspace.
   * API keys may read (with the team:read scope); changing workspaces and members, and the full
   * export, need a signed-in session.
   */
  const read = { access: "authenticated" as const, apiKeyScope: "team:read" as const };
  const write = { access: "authenticated" as const, apiKeyScope: false as const };

  r.get(BASE, { config: read, schema: { tags, response: { 200: z.array(Workspace) } } }, async (request) =>
    ws.listWorkspaces(ctx, requireAuth(request)),
  );
  r.post(
    BASE,
    // Creating a workspace is not a change to the current one: it works from an archived workspace too.
    {
      config: { access: "workspaces:create", apiKeyScope: false, allowArchived: true },
      schema: { tags, body: WorkspaceCreate, response: { 201: Workspace } },
    },
    async (request, reply) => reply.status(201).send(await ws.createWorkspace(ctx, requireAuth(request), request.body)),
  );
  r.get(`${BASE}/:id`, { config: read, schema: { tags, params: WorkspaceIdParams, response: { 200: Workspace } } }, async (request) =>
    ws.getWorkspace(ctx, requireAuth(request), request.params.id),
  );
  r.put(
    `${BASE}/:id`,
    { config: write, schema: { tags, params: WorkspaceIdParams, body: WorkspaceUpdate, response: { 200: Workspace } } },
    async (request) => ws.updateWorkspace(ctx, requireAuth(request), request.params.id, request.body),
  );
  r.delete(`${BASE}/:id`, { config: write, schema: { tags, params: WorkspaceIdParams } }, async (request, reply) => {
    await ws.deleteWorkspace(ctx, requireAuth(request), request.params.id);
    return reply.status(204).send();
  });

  // ——— Members ———
  r.get(
    `${BASE}/:id/members`,
    { config: read, schema: { tags, params: WorkspaceIdParams, querystring: MemberListQuery, response: { 200: MemberPage } } },
    async (request, reply) => {
      const page = await ws.listMembers(ctx, requireAuth(request), request.params.id, request.query);
      reply.header("x-total-count", String(page.total));
      return page;
    },
  );
  r.delete(`${BASE}/:id/members/:memberId`, { config: write, schema: { tags, params: WorkspaceMemberParams } }, async (request, reply) => {
    await ws.removeMember(ctx, requireAuth(request), request.params.id, request.params.memberId);
    return reply.status(204).send();
  });
  r.put(
    `${BASE}/:id/members/:memberId/status`,
    {
      config: write,
      schema: { tags, params: WorkspaceMemberParams, body: MemberStatusUpdate, response: { 200: WorkspaceMember } },
    },
    async (request) => ws.setMemberStatus(ctx, requireAuth(request), request.params.id, request.params.memberId, request.body.status),
  );
  r.put(
    `${BASE}/:id/members/:memberId/role`,
    {
      config: write,
      schema: { tags, params: WorkspaceMemberParams, body: MemberRoleUpdate, response: { 200: WorkspaceMember } },
    },
    async (request) => ws.setMemberRole(ctx, requireAuth(request), request.params.id, request.params.memberId, request.body.role),
  );

  // ——— Stats and activity ———
  r.get(
    `${BASE}/:id/stats`,
    { config: read, schema: { tags, params: WorkspaceIdParams, response: { 200: WorkspaceStats } } },
    async (request) => ws.workspaceStats(ctx, requireAuth(request), request.params.id),
  );
  r.get(
    `${BASE}/:id/activity`,
    {
      config: read,
      schema: { tags, params: WorkspaceIdParams, querystring: ActivityQuery, response: { 200: ActivityPage } },
    },
    async (request) => {
      const s = await ws.scope(ctx, requireAuth(request), request.params.id);
      return listActivity(ctx, s.auth.workspaceId, request.query);
    },
  );

  // ——— Lifecycle ———
  r.post(
    `${BASE}/:id/transfer`,
    { config: write, schema: { tags, params: WorkspaceIdParams, body: WorkspaceTransfer, response: { 200: Workspace } } },
    async (request) => ws.transferWorkspace(ctx, requireAuth(request), request.params.id, request.body.newOwnerId),
  );
  r.post(
    `${BASE}/:id/archive`,
    { config: write, schema: { tags, params: WorkspaceIdParams, response: { 200: Workspace } } },
    async (request) => ws.archiveWorkspace(ctx, requireAuth(request), request.params.id),
  );
  r.post(
    `${BASE}/:id/restore`,
    { config: write, schema: { tags, params: WorkspaceIdParams, response: { 200: Workspace } } },
    async (request) => ws.restoreWorkspace(ctx, requireAuth(request), request.params.id),
  );
  r.get(
    `${BASE}/:id/export`,
    { config: write, schema: { tags, params: WorkspaceIdParams, querystring: WorkspaceExportQuery } },
    async (request, reply) => {
      const out = await exportWorkspace(ctx, requireAuth(request), request.params.id);
      reply.header("content-type", "application/json; charset=utf-8");
      reply.header("content-disposition", `attachment; filename="${out.filename}"`);
      reply.header("cache-control", "no-store");
      return reply.send(out.stream);
    },
  );
  r.post(
    `${BASE}/:id/clone`,
    { config: write, schema: { tags, params: WorkspaceIdParams, body: WorkspaceClone, response: { 201: Workspace } } },
    async (request, reply) => reply.status(201).send(await cloneWorkspace(ctx, requireAuth(request), request.params.id, request.body)),
  );
}
