/**
 * HTTP for /api/ai/feedback: thumbs up or down on AI actions, the queue of outputs to rate and the
 * team's judgement per model (docs/ai/feedback.md). Any member may rate what AI did in their
 * workspace; a rating is the caller's own, so API keys are refused.
 */
import {
  AiFeedback,
  AiFeedbackInput,
  AiFeedbackQueuePage,
  AiFeedbackQueueQuery,
  AiFeedbackSummary,
  AiFeedbackSummaryQuery,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as feedback from "./feedback.service.ts";

const ActionParams = z.object({ actionId: z.uuid("actionId must be the id of an AI action") });

export function aiFeedbackRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["ai-feedback"];
  const member = { access: "authenticated" as const, apiKeyScope: false as const };

  r.post(
    "/api/ai/feedback",
    { config: member, schema: { tags, body: AiFeedbackInput, response: { 200: AiFeedback } } },
    async (request) => {
      const auth = requireAuth(request);
      return feedback.rate(ctx, auth.workspaceId, auth.userId, request.body);
    },
  );

  r.delete("/api/ai/feedback/:actionId", { config: member, schema: { tags, params: ActionParams } }, async (request, reply) => {
    const auth = requireAuth(request);
    await feedback.unrate(ctx, auth.workspaceId, auth.userId, request.params.actionId);
    return reply.status(204).send();
  });

  r.get(
    "/api/ai/feedback/queue",
    { config: member, schema: { tags, querystring: AiFeedbackQueueQuery, response: { 200: AiFeedbackQueuePage } } },
    async (request) => {
      const auth = requireAuth(request);
      return feedback.queue(ctx, auth.workspaceId, auth.userId, request.query);
    },
  );

  r.get(
    "/api/ai/feedback/summary",
    { config: member, schema: { tags, querystring: AiFeedbackSummaryQuery, response: { 200: AiFeedbackSummary } } },
    async (request) => feedback.summary(ctx, requireAuth(request).workspaceId, request.query),
  );
}
