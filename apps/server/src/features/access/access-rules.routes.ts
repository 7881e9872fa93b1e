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
import { createAccessRulesService } from "./access-rules.service.ts";

const RBAC = "/api/v1/rbac";
const tags = ["access control"];
const IdParams = z.object({ id: z.string() });
// Who may do what is changed signed in: API keys (apiKeyScope: false) cannot write policies or decide requests.

export function accessRulesRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createAccessRulesService(ctx);

  app.get(
    `${RBAC}/policies`,
    { config: { access: "settings:read" }, schema: { tags, response: { 200: z.array(Policy) } } },
    async (request) => service.listPolicies(requireAuth(request)),
  );
  app.post(
    `${RBAC}/policies`,
    { config: { access: "settings:update", apiKeyScope: false }, schema: { tags, body: PolicyInput, response: { 201: Policy } } },
    async (request, reply) => reply.status(201).send(await service.createPolicy(requireAuth(request), request.body)),
  );
  app.put(
    `${RBAC}/policies/:id`,
    {
      config: { access: "settings:update", apiKeyScope: false },
      schema: { tags, params: IdParams, body: PolicyInput, response: { 200: Policy } },
    },
    async (request) => service.updatePolicy(requireAuth(request), request.params.id, request.body),
  );
  app.delete(
    `${RBAC}/policies/:id`,
    { config: { access: "settings:update", apiKeyScope: false }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await service.deletePolicy(requireAuth(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    `${RBAC}/features`,
    { config: { access: "settings:read" }, schema: { tags, response: { 200: z.array(FeatureFlag) } } },
    async (request) => service.listFlags(requireAuth(request)),
  );
  app.put(
    `${RBAC}/features/:key`,
    {
      config: { access: "settings:update" },
      schema: { tags, params: z.object({ key: FeatureKey }), body: FeatureFlagInput, response: { 200: FeatureFlag } },
    },
    async (request) => service.saveFlag(requireAuth(request), request.params.key, request.body),
  );
  app.get(
    `${RBAC}/features/enabled`,
    { config: { access: "authenticated" }, schema: { tags, response: { 200: z.object({ features: z.array(z.string()) }) } } },
    async (request) => ({ features: await service.enabledFeatures(requireAuth(request)) }),
  );
  app.get(
    `${RBAC}/features/:key/enabled`,
    {
      config: { access: "authenticated" },
      schema: { tags, params: z.object({ key: z.string().max(100) }), response: { 200: FeatureDecision } },
    },
    async (request) => service.featureEnabled(requireAuth(request), request.params.key),
  );

  app.get(
    `${RBAC}/access-requests`,
    {
      config: { access: "authenticated" },
      schema: { tags, querystring: z.object({ status: AccessRequestStatus.optional() }), response: { 200: z.array(AccessRequest) } },
    },
    async (request) => service.listRequests(requireAuth(request), request.query),
  );
  app.post(
    `${RBAC}/access-requests`,
    {
      config: { access: "authenticated" },
      schema: { tags, body: AccessRequestInput, response: { 200: AccessRequest, 201: AccessRequest } },
    },
    async (request, reply) => {
      const { request: created, created: isNew } = await service.requestAccess(requireAuth(request), request.body);
      return reply.status(isNew ? 201 : 200).send(created);
    },
  );
  app.post(
    `${RBAC}/access-requests/:id/approve`,
    {
      config: { access: "team:update", apiKeyScope: false },
      schema: { tags, params: IdParams, body: AccessRequestDecision.optional(), response: { 200: AccessRequest } },
    },
    async (request) => service.approveRequest(requireAuth(request), request.params.id, request.body?.note),
  );
  app.post(
    `${RBAC}/access-requests/:id/reject`,
    {
      config: { access: "team:update", apiKeyScope: false },
      schema: { tags, params: IdParams, body: AccessRequestDecision.optional(), response: { 200: AccessRequest } },
    },
    async (request) => service.rejectRequest(requireAuth(request), request.params.id, request.body?.note),
  );
}
