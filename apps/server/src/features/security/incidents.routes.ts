/** HTTP for /api/incidents: list, create (by hand or from an alert), detail with timeline, changes, comments, containment. */
import {
  ContainmentAction,
  ContainmentResult,
  ContainmentTargets,
  IncidentComment,
  IncidentCreate,
  IncidentDetail,
  IncidentListQuery,
  IncidentPage,
  IncidentUpdate,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { containmentTargets, runContainment } from "./incidents.actions.ts";
import * as incidents from "./incidents.service.ts";

export function incidentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["incidents"];
  const params = z.object({ id: z.string() });

  r.get(
    "/api/incidents",
    { config: { access: "incidents:read" }, schema: { tags, querystring: IncidentListQuery, response: { 200: IncidentPage } } },
    async (request) => incidents.listIncidents(ctx, requireAuth(request), request.query),
  );

  r.post(
    "/api/incidents",
    { config: { access: "incidents:create" }, schema: { tags, body: IncidentCreate, response: { 201: IncidentDetail } } },
    async (request, reply) => reply.code(201).send(await incidents.createIncident(ctx, requireAuth(request), request.body)),
  );

  // Before /:id. The members and keys containment can act on: admins only, like the actions.
  r.get(
    "/api/incidents/containment-targets",
    { config: { access: "security:update" }, schema: { tags, response: { 200: ContainmentTargets } } },
    async (request) => containmentTargets(ctx, requireAuth(request)),
  );

  r.get(
    "/api/incidents/:id",
    { config: { access: "incidents:read" }, schema: { tags, params, response: { 200: IncidentDetail } } },
    async (request) => incidents.getIncident(ctx, requireAuth(request), request.params.id),
  );

  r.patch(
    "/api/incidents/:id",
    { config: { access: "incidents:update" }, schema: { tags, params, body: IncidentUpdate, response: { 200: IncidentDetail } } },
    async (request) => incidents.updateIncident(ctx, requireAuth(request), request.params.id, request.body),
  );

  r.post(
    "/api/incidents/:id/comments",
    { config: { access: "incidents:update" }, schema: { tags, params, body: IncidentComment, response: { 201: IncidentDetail } } },
    async (request, reply) =>
      reply.code(201).send(await incidents.addComment(ctx, requireAuth(request), request.params.id, request.body.body)),
  );

  // Containment changes accounts and keys: admins only (security:update), never support.
  r.post(
    "/api/incidents/:id/actions",
    { config: { access: "security:update" }, schema: { tags, params, body: ContainmentAction, response: { 200: ContainmentResult } } },
    async (request) => runContainment(ctx, requireAuth(request), request.params.id, request.body),
  );
}
