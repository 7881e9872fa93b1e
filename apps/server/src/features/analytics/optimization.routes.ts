/** HTTP for /api/analytics/optimization: funnel, ROI and cost model, calculator and scenarios, performance p-chart, live events. */
import {
  CalculatorPrefill,
  CostModel,
  CostModelAnswer,
  FunnelAnswer,
  FunnelQuery,
  LiveEventPage,
  LiveEventsQuery,
  PerformanceAnswer,
  PerformanceQuery,
  RoiAnswer,
  RoiQuery,
  Scenario,
  ScenarioBody,
  ScenarioListQuery,
  ScenarioPage,
  ScenarioRename,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as svc from "./optimization.service.ts";

const Id = z.object({ id: z.uuid("Not a valid scenario id") });
const BASE = "/api/analytics/optimization";

export function optimizationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["analytics"];
  const read = { access: "analytics:read" as const };
  // Saved figures (cost model, scenarios) shape what everyone reads: writing them is analytics:update (admins by default).
  const write = { access: "analytics:update" as const };
  const ws = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).workspaceId;

  r.get(`${BASE}/funnel`, { config: read, schema: { tags, querystring: FunnelQuery, response: { 200: FunnelAnswer } } }, async (req) =>
    svc.funnel(ctx, ws(req), req.query, false),
  );
  r.get(
    `${BASE}/funnel/compare`,
    { config: read, schema: { tags, querystring: FunnelQuery, response: { 200: FunnelAnswer } } },
    async (req) => svc.funnel(ctx, ws(req), req.query, true),
  );

  r.get(`${BASE}/cost-model`, { config: read, schema: { tags, response: { 200: CostModelAnswer } } }, async (req) =>
    svc.getCostModel(ctx, ws(req)),
  );
  r.put(`${BASE}/cost-model`, { config: write, schema: { tags, body: CostModel, response: { 200: CostModelAnswer } } }, async (req) =>
    svc.saveCostModel(ctx, ws(req), req.body),
  );
  r.get(`${BASE}/roi`, { config: read, schema: { tags, querystring: RoiQuery, response: { 200: RoiAnswer } } }, async (req) =>
    svc.roi(ctx, ws(req), req.query),
  );

  r.get(`${BASE}/calculator/prefill`, { config: read, schema: { tags, response: { 200: CalculatorPrefill } } }, async (req) =>
    svc.calculatorPrefill(ctx, ws(req)),
  );
  r.get(
    `${BASE}/scenarios`,
    { config: read, schema: { tags, querystring: ScenarioListQuery, response: { 200: ScenarioPage } } },
    async (req) => svc.listScenarios(ctx, ws(req), req.query),
  );
  r.post(`${BASE}/scenarios`, { config: write, schema: { tags, body: ScenarioBody, response: { 201: Scenario } } }, async (req, reply) => {
    reply.code(201);
    return svc.createScenario(ctx, ws(req), req.body);
  });
  r.patch(
    `${BASE}/scenarios/:id`,
    { config: write, schema: { tags, params: Id, body: ScenarioRename, response: { 200: Scenario } } },
    async (req) => svc.renameScenario(ctx, ws(req), req.params.id, req.body.name),
  );
  r.delete(`${BASE}/scenarios/:id`, { config: write, schema: { tags, params: Id } }, async (req, reply) => {
    await svc.deleteScenario(ctx, ws(req), req.params.id);
    return reply.status(204).send();
  });

  r.get(
    `${BASE}/performance`,
    { config: read, schema: { tags, querystring: PerformanceQuery, response: { 200: PerformanceAnswer } } },
    async (req) => svc.performance(ctx, ws(req), req.query),
  );
  r.get(`${BASE}/events`, { config: read, schema: { tags, querystring: LiveEventsQuery, response: { 200: LiveEventPage } } }, async (req) =>
    svc.liveEvents(ctx, ws(req), req.query),
  );
}
