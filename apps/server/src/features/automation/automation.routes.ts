/** HTTP for /api/automation (rules, dry run, run log) and /api/nurture (sequences, enrolments): docs/automation.md. */
import {
  AutomationDryRun,
  AutomationDryRunInput,
  AutomationRule,
  AutomationRuleInput,
  AutomationRuleList,
  AutomationRuleListQuery,
  AutomationRuleToggle,
  AutomationRunList,
  AutomationRunListQuery,
  NurtureEnrollmentList,
  NurtureEnrollmentListQuery,
  NurtureSequence,
  NurtureSequenceInput,
  NurtureSequenceList,
  NurtureSequenceListQuery,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as rules from "./automation.service.ts";
import * as nurture from "./nurture.service.ts";

const Id = z.object({ id: z.string() });

export function automationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["automation"];
  const read = { access: "campaigns:read" as const };
  const write = { access: "campaigns:update" as const };
  const caller = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    return { workspaceId: auth.workspaceId, userId: auth.userId };
  };

  r.get(
    "/api/automation/rules",
    { config: read, schema: { tags, querystring: AutomationRuleListQuery, response: { 200: AutomationRuleList } } },
    async (request) => rules.listRules(ctx, requireAuth(request).workspaceId, request.query),
  );
  r.post(
    "/api/automation/rules",
    { config: write, schema: { tags, body: AutomationRuleInput, response: { 201: AutomationRule } } },
    async (request, reply) => {
      reply.code(201);
      return rules.createRule(ctx, caller(request), request.body);
    },
  );
  r.get("/api/automation/rules/:id", { config: read, schema: { tags, params: Id, response: { 200: AutomationRule } } }, async (request) =>
    rules.getRule(ctx, requireAuth(request).workspaceId, request.params.id),
  );
  r.put(
    "/api/automation/rules/:id",
    { config: write, schema: { tags, params: Id, body: AutomationRuleInput, response: { 200: AutomationRule } } },
    async (request) => rules.updateRule(ctx, caller(request), request.params.id, request.body),
  );
  r.post(
    "/api/automation/rules/:id/enabled",
    { config: write, schema: { tags, params: Id, body: AutomationRuleToggle, response: { 200: AutomationRule } } },
    async (request) => rules.setRuleEnabled(ctx, caller(request), request.params.id, request.body.enabled),
  );
  r.delete("/api/automation/rules/:id", { config: write, schema: { tags, params: Id } }, async (request, reply) => {
    await rules.deleteRule(ctx, requireAuth(request).workspaceId, request.params.id);
    reply.code(204);
  });
  r.post(
    "/api/automation/rules/:id/dry-run",
    { config: read, schema: { tags, params: Id, body: AutomationDryRunInput, response: { 200: AutomationDryRun } } },
    async (request) => rules.dryRun(ctx, requireAuth(request).workspaceId, request.params.id, request.body),
  );
  r.get(
    "/api/automation/runs",
    { config: read, schema: { tags, querystring: AutomationRunListQuery, response: { 200: AutomationRunList } } },
    async (request) => rules.listRuns(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/nurture/sequences",
    { config: read, schema: { tags, querystring: NurtureSequenceListQuery, response: { 200: NurtureSequenceList } } },
    async (request) => nurture.listSequences(ctx, requireAuth(request).workspaceId, request.query),
  );
  r.post(
    "/api/nurture/sequences",
    { config: write, schema: { tags, body: NurtureSequenceInput, response: { 201: NurtureSequence } } },
    async (request, reply) => {
      reply.code(201);
      return nurture.createSequence(ctx, caller(request), request.body);
    },
  );
  r.get("/api/nurture/sequences/:id", { config: read, schema: { tags, params: Id, response: { 200: NurtureSequence } } }, async (request) =>
    nurture.getSequence(ctx, requireAuth(request).workspaceId, request.params.id),
  );
  r.put(
    "/api/nurture/sequences/:id",
    { config: write, schema: { tags, params: Id, body: NurtureSequenceInput, response: { 200: NurtureSequence } } },
    async (request) => nurture.updateSequence(ctx, caller(request), request.params.id, request.body),
  );
  r.delete("/api/nurture/sequences/:id", { config: write, schema: { tags, params: Id } }, async (request, reply) => {
    await nurture.deleteSequence(ctx, requireAuth(request).workspaceId, request.params.id);
    reply.code(204);
  });
  r.get(
    "/api/nurture/enrollments",
    { config: read, schema: { tags, querystring: NurtureEnrollmentListQuery, response: { 200: NurtureEnrollmentList } } },
    async (request) => nurture.listEnrollments(ctx, requireAuth(request).workspaceId, request.query),
  );
}
