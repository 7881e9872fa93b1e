/** HTTP for /api/security/{alerts,rules,detection,events,analytics} (docs/security-operations.md). */
import {
  DetectionRun,
  DetectionStatus,
  SecurityAlertAction,
  SecurityAlertActionInput,
  SecurityAlertDetail,
  SecurityAlertListQuery,
  SecurityAlertPage,
  SecurityEventListQuery,
  SecurityEventPage,
  SecurityRuleList,
  SecurityRuleUpdate,
  ThreatAnalytics,
  ThreatAnalyticsQuery,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { threatAnalytics } from "./detection.analytics.ts";
import * as detection from "./detection.service.ts";

export function detectionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["security"];
  const read = { access: "security:read" as const };
  const update = { access: "security:update" as const };
  const idParam = z.object({ id: z.string() });

  r.get(
    "/api/security/alerts",
    { config: read, schema: { tags, querystring: SecurityAlertListQuery, response: { 200: SecurityAlertPage } } },
    async (request) => detection.listAlerts(ctx, requireAuth(request), request.query),
  );

  r.get(
    "/api/security/alerts/:id",
    { config: read, schema: { tags, params: idParam, response: { 200: SecurityAlertDetail } } },
    async (request) => detection.getAlert(ctx, requireAuth(request), request.params.id),
  );

  r.post(
    "/api/security/alerts/:id/:action",
    {
      config: update,
      schema: {
        tags,
        params: z.object({ id: z.string(), action: SecurityAlertAction }),
        body: SecurityAlertActionInput.optional(),
        response: { 200: SecurityAlertDetail },
      },
    },
    async (request) => detection.actOnAlert(ctx, requireAuth(request), request.params.id, request.params.action, request.body?.note),
  );

  r.get("/api/security/rules", { config: read, schema: { tags, response: { 200: SecurityRuleList } } }, async (request) =>
    detection.listRules(ctx, requireAuth(request)),
  );

  r.put(
    "/api/security/rules/:rule",
    {
      config: update,
      schema: { tags, params: z.object({ rule: z.string() }), body: SecurityRuleUpdate, response: { 200: SecurityRuleList } },
    },
    async (request) => detection.updateRule(ctx, requireAuth(request), request.params.rule, request.body),
  );

  r.get("/api/security/detection", { config: read, schema: { tags, response: { 200: DetectionStatus } } }, async () =>
    detection.detectionStatus(ctx),
  );

  r.get(
    "/api/security/detection/runs/:id",
    { config: read, schema: { tags, params: idParam, response: { 200: DetectionRun } } },
    async (request) => detection.getRun(ctx, request.params.id),
  );

  r.post("/api/security/detection/run", { config: update, schema: { tags, response: { 202: DetectionRun } } }, async (request, reply) => {
    reply.code(202);
    return detection.requestRun(ctx, requireAuth(request));
  });

  r.get(
    "/api/security/events",
    { config: read, schema: { tags, querystring: SecurityEventListQuery, response: { 200: SecurityEventPage } } },
    async (request) => detection.listEvents(ctx, requireAuth(request), request.query),
  );

  r.get(
    "/api/security/analytics",
    { config: read, schema: { tags, querystring: ThreatAnalyticsQuery, response: { 200: ThreatAnalytics } } },
    async (request) => threatAnalytics(ctx, requireAuth(request), request.query.days),
  );
}
