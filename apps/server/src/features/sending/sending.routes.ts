/**
 * The sender's read routes: a campaign's queue with why each message waits and the estimated
 * finish (GET /api/campaigns/{id}/queue), its sent-message log (GET …/messages), A/B results (GET /api/campaigns/{id}/ab-results) and
 * the campaigns that run A/B tests (GET /api/ab-tests).
 */
import {
  AbResults,
  AbTestList,
  AbTestListQuery,
  CampaignQueue,
  ErrorBody,
  MessageLog,
  MessageLogQuery,
  QueueQuery,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { abResults, listAbTests } from "./ab.service.ts";
import { campaignMessageLog } from "./message-log.service.ts";
import { campaignQueue } from "./queue.service.ts";

export function sendingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.string() });

  r.get(
    "/api/campaigns/:id/queue",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags: ["sending"],
        summary: "Leads still in the sequence, why each next email waits, and the estimated finish",
        params,
        querystring: QueueQuery,
        response: { 200: CampaignQueue, 404: ErrorBody },
      },
    },
    async (request) => campaignQueue(ctx, requireAuth(request).workspaceId, request.params.id, request.query),
  );

  r.get(
    "/api/campaigns/:id/messages",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags: ["sending"],
        summary: "The campaign's outbox newest first, with each message's lead, inbox, status and first open, click, reply, bounce",
        params,
        querystring: MessageLogQuery,
        response: { 200: MessageLog, 404: ErrorBody },
      },
    },
    async (request) => campaignMessageLog(ctx, requireAuth(request).workspaceId, request.params.id, request.query),
  );

  r.get(
    "/api/campaigns/:id/ab-results",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags: ["sending"],
        summary: "Per-variant sends, opens, clicks and replies with a two-proportion z-test against A",
        params,
        response: { 200: AbResults, 404: ErrorBody },
      },
    },
    async (request) => abResults(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.get(
    "/api/ab-tests",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags: ["sending"],
        summary: "Campaigns with A/B variants, newest first",
        querystring: AbTestListQuery,
        response: { 200: AbTestList },
      },
    },
    async (request) => listAbTests(ctx, requireAuth(request).workspaceId, request.query),
  );
}
