/**
 * /api/v1/rbac policies, feature flags and access requests. The spec names the reads and the
 * request/approve/reject calls; the writes for policies and flags are ours, so the data can be
 * managed through the API rather than only in the database.
 */
import {
  AccessRequest,
  AccessRequestDecision,
  AccessRequestInput,
  AccessRequestStatus,
  FeatureDecision,
  FeatureFlag,
  FeatureFlagInput,
  FeatureKey,
  Policy,
  PolicyInput,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as rules from "./access-rules.service.ts";

const RBAC = "/api/v1/rbac";
const tags = ["access control"];
const IdParams = z.object({ id: z.string() });
// Who may do what is changed signed in: API keys (apiKeyScope: false) cannot write policies or decide requests.

export function accessRulesRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    `${RBAC}/policies`,
    { config: { access: "settings:read" }, schema: { tags, response: { 200: z.array(Policy) } } },
    async (request) => rules.listPolicies(ctx, requireAuth(request)),
  );
  app.post(
    `${RBAC}/policies`,
    { config: { access: "settings:update", apiKeyScope: false }, schema: { tags, body: PolicyInput, response: { 201: Policy } } },
    async (request, reply) => reply.status(201).send(await rules.createPolicy(ctx, requireAuth(request), request.body)),
  );
  app.put(
    `${RBAC}/policies/:id`,
    {
      config: { access: "settings:update", apiKeyScope: false },
      schema: { tags, params: IdParams, body: PolicyInput, response: { 200: Policy } },
    },
    async (request) => rules.updatePolicy(ctx, requireAuth(request), request.params.id, request.body),
  );
  app.delete(
    `${RBAC}/policies/:id`,
    { config: { access: "settings:update", apiKeyScope: false }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await rules.deletePolicy(ctx, requireAuth(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    `${RBAC}/features`,
    { config: { access: "settings:read" }, schema: { tags, response: { 200: z.array(FeatureFlag) } } },
    async (request) => rules.listFlags(ctx, requireAuth(request)),
  );
  app.put(
    `${RBAC}/features/:key`,
    {
      config: { access: "settings:update" },
      schema: { tags, params: z.object({ key: FeatureKey }), body: FeatureFlagInput, response: { 200: FeatureFlag } },
    },
    async (request) => rules.saveFlag(ctx, requireAuth(request), request.params.key, request.body),
  );
  app.get(
    `${RBAC}/features/enabled`,
    { config: { access: "authenticated" }, schema: { tags, response: { 200: z.object({ features: z.array(z.string()) }) } } },
    async (request) => ({ features: await rules.enabledFeatures(ctx, requireAuth(request)) }),
  );
  app.get(
    `${RBAC}/features/:key/enabled`,
    {
      config: { access: "authenticated" },
      schema: { tags, params: z.object({ key: z.string().max(100) }), response: { 200: FeatureDecision } },
    },
    async (request) => rules.featureEnabled(ctx, requireAuth(request), request.params.key),
  );

  app.get(
    `${RBAC}/access-requests`,
    {
      config: { access: "authenticated" },
      schema: { tags, querystring: z.object({ status: AccessRequestStatus.optional() }), response: { 200: z.array(AccessRequest) } },
    },
    async (request) => rules.listRequests(ctx, requireAuth(request), request.query),
  );
  app.post(
    `${RBAC}/access-requests`,
    {
      config: { access: "authenticated" },
      schema: { tags, body: AccessRequestInput, response: { 200: AccessRequest, 201: AccessRequest } },
    },
    async (request, reply) => {
      const { request: created, created: isNew } = await rules.requestAccess(ctx, requireAuth(request), request.body);
      return reply.status(isNew ? 201 : 200).send(created);
    },
  );
  app.post(
    `${RBAC}/access-requests/:id/approve`,
    {
      config: { access: "team:update", apiKeyScope: false },
      schema: { tags, params: IdParams, body: AccessRequestDecision.optional(), response: { 200: AccessRequest } },
    },
    async (request) => rules.approveRequest(ctx, requireAuth(request), request.params.id, request.body?.note),
  );
  app.post(
    `${RBAC}/access-requests/:id/reject`,
    {
      config: { access: "team:update", apiKeyScope: false },
      schema: { tags, params: IdParams, body: AccessRequestDecision.optional(), response: { 200: AccessRequest } },
    },
    async (request) => rules.rejectRequest(ctx, requireAuth(request), request.params.id, request.body?.note),
  );
}
