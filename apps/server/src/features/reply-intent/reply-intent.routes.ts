/**
 * HTTP for /api/ai/reply-intent (docs/ai/reply-intent.md): try the classifier, the classified
 * replies, corrections, the model's figures and the reclassify-all job. Reading replies needs
 * leads:read (they are the leads' words); correcting and reclassifying need leads:update.
 */
import {
  ReplyIntentClassifyInput,
  ReplyIntentCorrection,
  ReplyIntentJob,
  ReplyIntentModel,
  ReplyIntentRepliesQuery,
  ReplyIntentReply,
  ReplyIntentReplyPage,
  ReplyIntentResult,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as intent from "./reply-intent.service.ts";

const IdParams = z.object({ id: z.uuid("id must be a UUID") });

export function replyIntentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["reply-intent"];
  const read = { access: "leads:read" as const };
  const write = { access: "leads:update" as const };

  r.post(
    "/api/ai/reply-intent/classify",
    { config: read, schema: { tags, body: ReplyIntentClassifyInput, response: { 200: ReplyIntentResult } } },
    async (request) => {
      const auth = requireAuth(request);
      return intent.classifyText(ctx, auth.workspaceId, auth.userId, request.body);
    },
  );

  r.get(
    "/api/ai/reply-intent/replies",
    { config: read, schema: { tags, querystring: ReplyIntentRepliesQuery, response: { 200: ReplyIntentReplyPage } } },
    async (request) => intent.listReplies(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.patch(
    "/api/ai/reply-intent/replies/:id",
    { config: write, schema: { tags, params: IdParams, body: ReplyIntentCorrection, response: { 200: ReplyIntentReply } } },
    async (request) => {
      const auth = requireAuth(request);
      return intent.correct(ctx, auth.workspaceId, auth.userId, request.params.id, request.body.class);
    },
  );

  r.get("/api/ai/reply-intent/model", { config: read, schema: { tags, response: { 200: ReplyIntentModel } } }, async (request) =>
    intent.modelOverview(ctx, requireAuth(request).workspaceId),
  );

  r.post(
    "/api/ai/reply-intent/reclassify",
    { config: write, schema: { tags, response: { 202: ReplyIntentJob } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      return reply.status(202).send(await intent.startReclassify(ctx, auth.workspaceId, auth.userId));
    },
  );

  r.get(
    "/api/ai/reply-intent/reclassify-jobs/:id",
    { config: read, schema: { tags, params: IdParams, response: { 200: ReplyIntentJob } } },
    async (request) => intent.reclassifyJob(ctx, requireAuth(request).workspaceId, request.params.id),
  );
}
