/**
 * HTTP of the team decision log (docs/team-decisions.md): /api/decisions and its votes, outcome,
 * reopen, cancel and comments. Members read (API keys with team:read too); taking part is the
 * caller's own act, so writes refuse API keys. Who may do what is the service's rule.
 */
import {
  Decision,
  DecisionCancelInput,
  DecisionCommentInput,
  DecisionCreateInput,
  DecisionDecideInput,
  DecisionEvent,
  DecisionLinkable,
  DecisionLinkableQuery,
  DecisionListQuery,
  DecisionPage,
  DecisionReopenInput,
  DecisionThread,
  DecisionThreadQuery,
  DecisionUpdateInput,
  DecisionVoteInput,
  ErrorBody,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as decisions from "./decisions.service.ts";

const Params = z.object({ id: z.string() });

export function decisionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["decisions"];
  const read = { access: "authenticated" as const, apiKeyScope: "team:read" as const };
  const write = { access: "authenticated" as const, apiKeyScope: false as const };
  const errors = { 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

  r.get(
    "/api/decisions",
    {
      config: read,
      schema: {
        tags,
        summary: "The decision log, keyset paged, with counts per status",
        querystring: DecisionListQuery,
        response: { 200: DecisionPage, 422: ErrorBody },
      },
    },
    async (request) => decisions.listDecisions(ctx, requireAuth(request), request.query),
  );

  r.post(
    "/api/decisions",
    {
      config: write,
      schema: { tags, summary: "Ask the team a question", body: DecisionCreateInput, response: { 201: Decision, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await decisions.createDecision(ctx, requireAuth(request), request.body)),
  );

  // Before /:id, so "linkable" is not read as an id.
  r.get(
    "/api/decisions/linkable",
    {
      config: read,
      schema: {
        tags,
        summary: "Records of one kind to link, by name",
        querystring: DecisionLinkableQuery,
        response: { 200: DecisionLinkable, 422: ErrorBody },
      },
    },
    async (request) => decisions.linkable(ctx, requireAuth(request), request.query),
  );

  r.get(
    "/api/decisions/:id",
    { config: read, schema: { tags, params: Params, response: { 200: Decision, 404: ErrorBody } } },
    async (request) => decisions.getDecision(ctx, requireAuth(request), request.params.id),
  );

  r.patch(
    "/api/decisions/:id",
    {
      config: write,
      schema: {
        tags,
        summary: "Edit an open decision (options only before the first vote)",
        params: Params,
        body: DecisionUpdateInput,
        response: { 200: Decision, ...errors },
      },
    },
    async (request) => decisions.updateDecision(ctx, requireAuth(request), request.params.id, request.body),
  );

  r.put(
    "/api/decisions/:id/votes",
    {
      config: write,
      schema: { tags, summary: "Cast or change my vote", params: Params, body: DecisionVoteInput, response: { 200: Decision, ...errors } },
    },
    async (request) => decisions.castVote(ctx, requireAuth(request), request.params.id, request.body),
  );

  r.delete(
    "/api/decisions/:id/votes",
    { config: write, schema: { tags, summary: "Withdraw my vote", params: Params, response: { 200: Decision, ...errors } } },
    async (request) => decisions.withdrawVote(ctx, requireAuth(request), request.params.id),
  );

  r.post(
    "/api/decisions/:id/decide",
    {
      config: write,
      schema: { tags, summary: "Record the outcome", params: Params, body: DecisionDecideInput, response: { 200: Decision, ...errors } },
    },
    async (request) => decisions.decide(ctx, requireAuth(request), request.params.id, request.body),
  );

  r.post(
    "/api/decisions/:id/reopen",
    {
      config: write,
      schema: {
        tags,
        summary: "Reopen a decided or cancelled decision",
        params: Params,
        body: DecisionReopenInput,
        response: { 200: Decision, ...errors },
      },
    },
    async (request) => decisions.reopen(ctx, requireAuth(request), request.params.id, request.body),
  );

  r.post(
    "/api/decisions/:id/cancel",
    {
      config: write,
      schema: {
        tags,
        summary: "Cancel an open decision",
        params: Params,
        body: DecisionCancelInput,
        response: { 200: Decision, ...errors },
      },
    },
    async (request) => decisions.cancel(ctx, requireAuth(request), request.params.id, request.body),
  );

  r.get(
    "/api/decisions/:id/comments",
    {
      config: read,
      schema: {
        tags,
        summary: "The thread: changes, votes, outcome and comments, oldest first",
        params: Params,
        querystring: DecisionThreadQuery,
        response: { 200: DecisionThread, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => decisions.thread(ctx, requireAuth(request), request.params.id, request.query),
  );

  r.post(
    "/api/decisions/:id/comments",
    { config: write, schema: { tags, params: Params, body: DecisionCommentInput, response: { 201: DecisionEvent, ...errors } } },
    async (request, reply) => reply.status(201).send(await decisions.comment(ctx, requireAuth(request), request.params.id, request.body)),
  );
}
