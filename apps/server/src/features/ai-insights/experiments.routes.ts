/**
 * The experiment pages' API (docs/ai/experiments.md): the bandit's beliefs per step, causal
 * analytics' two designs and their options, and the AI doctor. Reads need campaigns:read.
 */
import {
  BanditList,
  BanditQuery,
  CausalAbQuery,
  CausalAbResult,
  CausalChangeQuery,
  CausalChangeResult,
  CausalOptions,
  Diagnosis,
  DiagnosisInput,
  DoctorCampaigns,
  DoctorCampaignsQuery,
  ErrorBody,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { banditSteps } from "./bandit.service.ts";
import { abUplift, causalOptions, changeUplift } from "./causal.service.ts";
import { diagnoseCampaign, doctorCampaigns } from "./doctor.service.ts";

export function experimentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["ai-experiments"];

  r.get(
    "/api/ai/bandit",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "Steps in bandit mode: each variant's Beta posterior, credible interval, P(best), traffic share and share history",
        querystring: BanditQuery,
        response: { 200: BanditList },
      },
    },
    async (request) => banditSteps(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/ai/causal/options",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "Campaigns to analyse: their steps with variants and the days they changed",
        response: { 200: CausalOptions },
      },
    },
    async (request) => causalOptions(ctx, requireAuth(request).workspaceId),
  );

  r.get(
    "/api/ai/causal/ab",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "Randomized uplift of a step's variants over A: reply rate difference, 95 % CI, p-value",
        querystring: CausalAbQuery,
        response: { 200: CausalAbResult, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => abUplift(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/ai/causal/change",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "Uplift of a change at a date: difference in differences against the workspace's other campaigns, bootstrap 95 % CI",
        querystring: CausalChangeQuery,
        response: { 200: CausalChangeResult, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => changeUplift(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/ai/doctor/campaigns",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary: "Campaigns to diagnose, newest first (keyset cursor)",
        querystring: DoctorCampaignsQuery,
        response: { 200: DoctorCampaigns, 422: ErrorBody },
      },
    },
    async (request) => doctorCampaigns(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.post(
    "/api/ai/doctor",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        summary:
          "Diagnose a campaign: deliverability, copy, targeting and timing findings by rule, recorded in the AI ledger; optionally a model's summary",
        body: DiagnosisInput,
        response: { 200: Diagnosis, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return diagnoseCampaign(ctx, { workspaceId: auth.workspaceId, userId: auth.userId }, request.body);
    },
  );
}
