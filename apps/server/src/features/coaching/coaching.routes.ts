/** HTTP for /api/coaching (docs/email-coaching.md). */
import { CampaignCoaching, COACHING_LIMITS, CoachingReport, CoachingScoreRequest } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as coaching from "./coaching.service.ts";

export function coachingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["coaching"];
  // Scoring reads nothing stored: whoever may read campaigns may have a draft scored.
  const read = { access: "campaigns:read" as const };

  r.post(
    "/api/coaching/score",
    {
      config: read,
      bodyLimit: COACHING_LIMITS.requestBytes,
      schema: { tags, body: CoachingScoreRequest, response: { 200: CoachingReport } },
    },
    async (request) => {
      requireAuth(request);
      return coaching.scoreOne(request.body);
    },
  );

  r.get(
    "/api/coaching/campaigns/:id",
    { config: read, schema: { tags, params: z.object({ id: z.string() }), response: { 200: CampaignCoaching } } },
    async (request) => coaching.campaignCoaching(ctx, requireAuth(request).workspaceId, request.params.id),
  );
}
