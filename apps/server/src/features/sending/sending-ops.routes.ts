/**
 * Sending operations (docs/sending.md, "Kill switch" and "Capacity planning"): the kill switch's
 * state, targets, history, hold and resume; the capacity plan and the deadline calculator.
 * Reading needs campaigns:read, holding and resuming campaigns:update.
 */
import {
  CapacityCalcQuery,
  CapacityCalcResult,
  CapacityPlan,
  ErrorBody,
  Hold,
  HoldCreate,
  HoldHistory,
  HoldHistoryQuery,
  HoldRelease,
  HoldTargetList,
  HoldTargetQuery,
  KillSwitchState,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { capacityCalculator, capacityPlan } from "./capacity.service.ts";
import { holdHistory, holdTargets, killSwitchState, placeHold, releaseHold } from "./holds.service.ts";

export function sendingOpsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["sending-ops"];

  r.get(
    "/api/kill-switch",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "Whether sending is stopped (workspace, campaigns, inboxes) and what the sender is doing now",
        response: { 200: KillSwitchState },
      },
    },
    async (request) => killSwitchState(ctx, requireAuth(request).workspaceId),
  );

  r.get(
    "/api/kill-switch/targets",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "Campaigns (not finished) or inboxes that can be stopped, with their hold",
        querystring: HoldTargetQuery,
        response: { 200: HoldTargetList },
      },
    },
    async (request) => holdTargets(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/kill-switch/history",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "Every stop and resume, newest first, with who and why",
        querystring: HoldHistoryQuery,
        response: { 200: HoldHistory },
      },
    },
    async (request) => holdHistory(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.post(
    "/api/kill-switch/holds",
    {
      config: { access: "campaigns:update" },
      schema: {
        tags,
        summary: "Stop sending now: the whole workspace, one inbox or one campaign, with a reason",
        body: HoldCreate,
        response: { 201: Hold, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await placeHold(ctx, requireAuth(request), request.body)),
  );

  r.post(
    "/api/kill-switch/holds/:id/release",
    {
      config: { access: "campaigns:update" },
      schema: {
        tags,
        summary: "Resume: what was held goes out",
        params: z.object({ id: z.string() }),
        body: HoldRelease.optional(),
        response: { 200: Hold, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => releaseHold(ctx, requireAuth(request), request.params.id, request.body?.note),
  );

  r.get(
    "/api/capacity-planning",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "Queued volume against inbox capacity: when each running campaign finishes, and what holds it back",
        response: { 200: CapacityPlan },
      },
    },
    async (request) => capacityPlan(ctx, requireAuth(request).workspaceId),
  );

  r.get(
    "/api/capacity-planning/calculator",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "How many inboxes at a daily cap finish one campaign (or all) by a deadline",
        querystring: CapacityCalcQuery,
        response: { 200: CapacityCalcResult, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => capacityCalculator(ctx, requireAuth(request).workspaceId, request.query),
  );
}
