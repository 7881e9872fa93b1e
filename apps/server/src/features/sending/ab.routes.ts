/**
 * The experiments API (docs/ab-testing.md): every A/B test across the workspace's campaigns with
 * its verdict, one experiment (a campaign step with variants), its traffic share history, and the
 * changes: traffic mode, metric and exploration floor; declaring or withdrawing a winner.
 */
import {
  DeclareWinnerInput,
  ErrorBody,
  Experiment,
  ExperimentList,
  ExperimentListQuery,
  ExperimentSettingsInput,
  TrafficHistory,
  TrafficHistoryQuery,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { clearWinner, declareWinner, getExperiment, listExperiments, trafficHistory, updateExperimentSettings } from "./ab.experiments.ts";

export function abRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ campaign_id: z.string(), step: z.coerce.number().int().min(1).max(1000) });
  const tags = ["experiments"];

  r.get(
    "/api/experiments",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "Every A/B test across campaigns (one per step with variants) with its verdict, sends needed and traffic shares",
        querystring: ExperimentListQuery,
        response: { 200: ExperimentList },
      },
    },
    async (request) => listExperiments(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/experiments/:campaign_id/:step",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "One experiment: per-variant figures, verdict, traffic shares and recent history",
        params,
        response: { 200: Experiment, 404: ErrorBody },
      },
    },
    async (request) => getExperiment(ctx, requireAuth(request).workspaceId, request.params.campaign_id, request.params.step),
  );

  r.get(
    "/api/experiments/:campaign_id/:step/history",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "The step's traffic share changes, newest first",
        params,
        querystring: TrafficHistoryQuery,
        response: { 200: TrafficHistory, 404: ErrorBody },
      },
    },
    async (request) =>
      trafficHistory(ctx, requireAuth(request).workspaceId, request.params.campaign_id, request.params.step, request.query),
  );

  r.put(
    "/api/experiments/:campaign_id/:step",
    {
      config: { access: "campaigns:update" },
      schema: {
        tags,
        summary: "Set the traffic mode (even or bandit), the metric and the exploration floor; audited on the campaign",
        params,
        body: ExperimentSettingsInput,
        response: { 200: Experiment, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return updateExperimentSettings(ctx, auth, request.params.campaign_id, request.params.step, request.body);
    },
  );

  r.post(
    "/api/experiments/:campaign_id/:step/winner",
    {
      config: { access: "campaigns:update" },
      schema: {
        tags,
        summary: "Declare a winner: all further sends of the step go to it; audited on the campaign",
        params,
        body: DeclareWinnerInput,
        response: { 200: Experiment, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => declareWinner(ctx, requireAuth(request), request.params.campaign_id, request.params.step, request.body),
  );

  r.delete(
    "/api/experiments/:campaign_id/:step/winner",
    {
      config: { access: "campaigns:update" },
      schema: {
        tags,
        summary: "Withdraw the declared winner: the step's split (even or bandit) resumes",
        params,
        response: { 200: Experiment, 404: ErrorBody },
      },
    },
    async (request) => clearWinner(ctx, requireAuth(request), request.params.campaign_id, request.params.step),
  );
}
