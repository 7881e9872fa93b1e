/** HTTP for email generation (outreach-core §7): POST /api/campaigns/generate-email. */
import { EmailGenerationRequest, GeneratedEmail } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { generateEmail } from "./email-generation.service.ts";

export function emailGenerationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Reading access suffices: nothing is stored, and the per-role rate limit bounds model usage.
  r.post(
    "/api/campaigns/generate-email",
    {
      config: { access: "campaigns:read" },
      schema: { tags: ["campaigns"], body: EmailGenerationRequest, response: { 200: GeneratedEmail } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return generateEmail(ctx, { workspaceId: auth.workspaceId, name: auth.name }, request.body);
    },
  );
}
