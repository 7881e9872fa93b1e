/**
 * HTTP for invitations: /api/v1/workspaces/:id/invite(s)… (the permission is checked in the
 * workspace of the path, see workspace-invites.access.ts) and the public link /api/v1/invites/:token.
 */
import {
  BulkInviteRequest,
  BulkInviteResult,
  Invite,
  InviteAcceptResult,
  InviteList,
  InvitePreview,
  InviteRequest,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as service from "./workspace-invites.service.ts";

const Ws = z.object({ id: z.string() });
const WsInvite = z.object({ id: z.string(), inviteId: z.string() });
const Token = z.object({ token: z.string() });
const ListQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export function invitesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["workspaces"];
  // The access hook only needs a signed-in caller; the permission is decided in the path's workspace.
  // Inviting people is done signed in, never with an API key (like the workspace service's writes).
  const create = { access: "authenticated", apiKeyScope: false } as const;
  const read = { access: "authenticated", apiKeyScope: "team:read" } as const;

  r.post(
    "/api/v1/workspaces/:id/invite",
    { config: create, schema: { tags, params: Ws, body: InviteRequest, response: { 201: Invite } } },
    async (request, reply) => reply.status(201).send(await service.invite(ctx, requireAuth(request), request.params.id, request.body)),
  );
  r.post(
    "/api/v1/workspaces/:id/invite/bulk",
    { config: create, schema: { tags, params: Ws, body: BulkInviteRequest, response: { 200: BulkInviteResult } } },
    async (request) => service.inviteBulk(ctx, requireAuth(request), request.params.id, request.body),
  );
  r.get(
    "/api/v1/workspaces/:id/invites",
    { config: read, schema: { tags, params: Ws, querystring: ListQuery, response: { 200: InviteList } } },
    async (request) => service.listInvites(ctx, requireAuth(request), request.params.id, request.query),
  );
  r.delete(
    "/api/v1/workspaces/:id/invites/:inviteId",
    { config: create, schema: { tags, params: WsInvite, response: { 200: Invite } } },
    async (request) => service.cancelInvite(ctx, requireAuth(request), request.params.id, request.params.inviteId),
  );
  r.post(
    "/api/v1/workspaces/:id/invites/:inviteId/resend",
    { config: create, schema: { tags, params: WsInvite, response: { 200: Invite } } },
    async (request) => service.resendInvite(ctx, requireAuth(request), request.params.id, request.params.inviteId),
  );

  r.get(
    "/api/v1/invites/:token",
    { config: { access: "public" }, schema: { tags, params: Token, response: { 200: InvitePreview } } },
    async (request) => service.previewInvite(ctx, request.params.token),
  );
  r.post(
    "/api/v1/invites/:token/accept",
    { config: { access: "authenticated", apiKeyScope: false }, schema: { tags, params: Token, response: { 200: InviteAcceptResult } } },
    async (request) => service.acceptInvite(ctx, requireAuth(request), request.params.token),
  );
}
