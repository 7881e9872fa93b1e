/**
 * HTTP for email generation (outreach-core §7: POST /api/campaigns/generate-email), the LLM console
 * (POST /api/ai/console/run) and saved email templates (/api/ai/email-templates), docs/ai/activity.md.
 */
import {
  EmailGenerationRequest,
  GeneratedEmail,
  LlmConsoleRun,
  LlmConsoleRunInput,
  SavedEmailTemplate,
  SavedEmailTemplateInput,
  SavedEmailTemplateListQuery,
  SavedEmailTemplatePage,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { generateEmail } from "./email-generation.service.ts";
import { runConsole } from "./llm-console.service.ts";
import { deleteSavedTemplate, listSavedTemplates, saveTemplate } from "./saved-templates.service.ts";

export function emailGenerationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Reading access suffices: only the ledger row is stored, and the monthly cap and per-role rate limit bound model usage.
  r.post(
    "/api/campaigns/generate-email",
    {
      config: { access: "campaigns:read" },
      schema: { tags: ["campaigns"], body: EmailGenerationRequest, response: { 200: GeneratedEmail } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return generateEmail(ctx, { workspaceId: auth.workspaceId, userId: auth.userId, name: auth.name }, request.body);
    },
  );

  const tags = ["ai"];
  r.post(
    "/api/ai/console/run",
    { config: { access: "analytics:read" }, schema: { tags, body: LlmConsoleRunInput, response: { 200: LlmConsoleRun } } },
    async (request) => runConsole(ctx, requireAuth(request), request.body),
  );

  r.get(
    "/api/ai/email-templates",
    {
      config: { access: "campaigns:read" },
      schema: { tags, querystring: SavedEmailTemplateListQuery, response: { 200: SavedEmailTemplatePage } },
    },
    async (request) => listSavedTemplates(ctx, requireAuth(request).workspaceId, request.query),
  );

  // Saving and deleting need what sending from Compose or a campaign needs.
  r.post(
    "/api/ai/email-templates",
    { config: { access: "campaigns:create" }, schema: { tags, body: SavedEmailTemplateInput, response: { 201: SavedEmailTemplate } } },
    async (request, reply) => reply.status(201).send(await saveTemplate(ctx, requireAuth(request), request.body)),
  );

  r.delete(
    "/api/ai/email-templates/:id",
    { config: { access: "campaigns:create" }, schema: { tags, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      await deleteSavedTemplate(ctx, requireAuth(request).workspaceId, request.params.id);
      return reply.status(204).send();
    },
  );
}
