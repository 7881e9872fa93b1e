/** HTTP for /api/reputation: the overview, a subject's history, alerts, refresh and backfill, and the game board. */
import {
  GameBoard,
  GameQuery,
  ReputationAlertList,
  ReputationAlertsQuery,
  ReputationBackfill,
  ReputationBackfillInput,
  ReputationHistory,
  ReputationHistoryQuery,
  ReputationOverview,
  ReputationOverviewQuery,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { evaluateGame } from "./reputation.game.ts";
import * as reputation from "./reputation.service.ts";

export function reputationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["reputation"];
  // Inboxes are read with campaigns:read and changed with campaigns:update (docs/sending.md): the same here.
  const read = { access: "campaigns:read" as const };
  const update = { access: "campaigns:update" as const };

  r.get(
    "/api/reputation/overview",
    { config: read, schema: { tags, querystring: ReputationOverviewQuery, response: { 200: ReputationOverview } } },
    async (request) => reputation.overview(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/reputation/history",
    { config: read, schema: { tags, querystring: ReputationHistoryQuery, response: { 200: ReputationHistory } } },
    async (request) => reputation.subjectHistory(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/reputation/alerts",
    { config: read, schema: { tags, querystring: ReputationAlertsQuery, response: { 200: ReputationAlertList } } },
    async (request) => reputation.alerts(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.post(
    "/api/reputation/refresh",
    { config: update, schema: { tags, querystring: ReputationOverviewQuery, response: { 200: ReputationOverview } } },
    async (request) => {
      const { workspaceId } = requireAuth(request);
      await reputation.refreshNow(ctx, workspaceId);
      return reputation.overview(ctx, workspaceId, request.query);
    },
  );

  r.get("/api/reputation/backfill", { config: read, schema: { tags, response: { 200: ReputationBackfill } } }, async (request) =>
    reputation.backfillState(ctx, requireAuth(request).workspaceId),
  );

  r.post(
    "/api/reputation/backfill",
    { config: update, schema: { tags, body: ReputationBackfillInput, response: { 202: ReputationBackfill } } },
    async (request, reply) => {
      const state = await reputation.startBackfill(ctx, requireAuth(request).workspaceId, request.body.days);
      return reply.status(202).send(state);
    },
  );

  // Reading the board re-evaluates every task against the data as it is now (and records completions).
  r.get("/api/reputation/game", { config: read, schema: { tags, querystring: GameQuery, response: { 200: GameBoard } } }, async (request) =>
    evaluateGame(ctx, requireAuth(request).workspaceId, request.query.page, request.query.per_page),
  );
}
