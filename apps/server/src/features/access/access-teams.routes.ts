/**
 * /api/v1/rbac/teams: team CRUD, membership and grants (the reads of one team's grants, a
 * membership check and the hierarchy are in access.routes.ts). Changing who holds what is done
 * signed in: API keys and access tokens are refused on the writes.
 */
import { Grant, Team, TeamCreate, TeamGrantsInput, TeamMemberAdd, TeamPage, TeamQuery, TeamUpdate } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as teams from "./access-teams.service.ts";

const RBAC = "/api/v1/rbac";
const tags = ["access control"];
const TeamParams = z.object({ id: z.string() });

export function accessTeamsRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    `${RBAC}/teams`,
    { config: { access: "team:read" }, schema: { tags, querystring: TeamQuery, response: { 200: TeamPage } } },
    async (request) => teams.listTeams(ctx, requireAuth(request), request.query),
  );
  app.post(
    `${RBAC}/teams`,
    { config: { access: "team:create", apiKeyScope: false }, schema: { tags, body: TeamCreate, response: { 201: Team } } },
    async (request, reply) => reply.status(201).send(await teams.createTeam(ctx, requireAuth(request), request.body)),
  );
  app.get(
    `${RBAC}/teams/:id`,
    { config: { access: "team:read" }, schema: { tags, params: TeamParams, response: { 200: Team } } },
    async (request) => teams.getTeam(ctx, requireAuth(request), request.params.id),
  );
  app.put(
    `${RBAC}/teams/:id`,
    {
      config: { access: "team:update", apiKeyScope: false },
      schema: { tags, params: TeamParams, body: TeamUpdate, response: { 200: Team } },
    },
    async (request) => teams.updateTeam(ctx, requireAuth(request), request.params.id, request.body),
  );
  app.delete(
    `${RBAC}/teams/:id`,
    { config: { access: "team:delete", apiKeyScope: false }, schema: { tags, params: TeamParams } },
    async (request, reply) => {
      await teams.deleteTeam(ctx, requireAuth(request), request.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    `${RBAC}/teams/:id/members`,
    {
      config: { access: "team:update", apiKeyScope: false },
      schema: { tags, params: TeamParams, body: TeamMemberAdd, response: { 200: Team } },
    },
    async (request) => teams.addTeamMember(ctx, requireAuth(request), request.params.id, request.body.user_id),
  );
  app.delete(
    `${RBAC}/teams/:id/members/:user`,
    { config: { access: "team:update", apiKeyScope: false }, schema: { tags, params: z.object({ id: z.string(), user: z.string() }) } },
    async (request, reply) => {
      await teams.removeTeamMember(ctx, requireAuth(request), request.params.id, request.params.user);
      return reply.status(204).send();
    },
  );
  app.put(
    `${RBAC}/teams/:id/permissions`,
    {
      config: { access: "team:update", apiKeyScope: false },
      schema: {
        tags,
        params: TeamParams,
        body: TeamGrantsInput,
        response: { 200: z.object({ team_id: z.string(), grants: z.array(Grant) }) },
      },
    },
    async (request) => teams.setTeamGrants(ctx, requireAuth(request), request.params.id, request.body),
  );
}
