/**
 * HTTP for /api/ai/agents and /api/ai/agent-runs. Reading needs analytics:read; running, changing
 * settings and deciding proposals need the right of what the agent changes (leads:update,
 * campaigns:update or crm:update), checked per kind in the service.
 */
import {
  AiAgentKind,
  AiAgentProposal,
  AiAgentRun,
  AiAgentRunCreate,
  AiAgentRunDetail,
  AiAgentRunListQuery,
  AiAgentRunPage,
  AiAgentSettings,
  AiAgentSettingsUpdate,
  AiAgentSubjectQuery,
  AiAgentSubjects,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { requirePermission } from "../access/index.ts";
import * as agents from "./ai-agents.service.ts";

const IdParams = z.object({ id: z.uuid("id must be a UUID") });
const ProposalParams = z.object({ id: z.uuid("id must be a UUID"), proposalId: z.uuid("proposalId must be a UUID") });

export function aiAgentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["ai-agents"];
  const read = { access: "analytics:read" as const };
  // The kind's own right (leads, campaigns or crm :update) is checked in the service; this gate only needs a reader.
  const act = { access: "analytics:read" as const };

  r.get("/api/ai/agents", { config: read, schema: { tags, response: { 200: AiAgentSettings } } }, async (request) =>
    agents.getSettings(ctx, requireAuth(request).workspaceId),
  );

  r.put(
    "/api/ai/agents",
    { config: act, schema: { tags, body: AiAgentSettingsUpdate, response: { 200: AiAgentSettings } } },
    async (request) => agents.putSettings(ctx, requireAuth(request), request.body),
  );

  r.get(
    "/api/ai/agents/:kind/subjects",
    {
      config: read,
      schema: { tags, params: z.object({ kind: AiAgentKind }), querystring: AiAgentSubjectQuery, response: { 200: AiAgentSubjects } },
    },
    async (request) => agents.subjects(ctx, requireAuth(request).workspaceId, request.params.kind, request.query.search),
  );

  r.post(
    "/api/ai/agents/:kind/runs",
    {
      config: act,
      schema: { tags, params: z.object({ kind: AiAgentKind }), body: AiAgentRunCreate, response: { 202: AiAgentRun } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await requirePermission(ctx, auth, ...agents.PERMISSION[request.params.kind]);
      const run = await agents.startRun(ctx, auth, auth.workspaceId, request.params.kind, request.body ?? {});
      return reply.status(202).send(run);
    },
  );

  r.get(
    "/api/ai/agent-runs",
    { config: read, schema: { tags, querystring: AiAgentRunListQuery, response: { 200: AiAgentRunPage } } },
    async (request) => agents.listRuns(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/ai/agent-runs/:id",
    { config: read, schema: { tags, params: IdParams, response: { 200: AiAgentRunDetail } } },
    async (request) => agents.runDetail(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.post(
    "/api/ai/agent-runs/:id/cancel",
    { config: act, schema: { tags, params: IdParams, response: { 200: AiAgentRunDetail } } },
    async (request) => agents.cancelRun(ctx, requireAuth(request), request.params.id),
  );

  for (const decision of ["approve", "reject", "revert"] as const) {
    r.post(
      `/api/ai/agent-runs/:id/proposals/:proposalId/${decision}`,
      { config: act, schema: { tags, params: ProposalParams, response: { 200: AiAgentProposal } } },
      async (request) => agents.decide(ctx, requireAuth(request), request.params.id, request.params.proposalId, decision),
    );
  }
}
