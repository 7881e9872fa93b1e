/**
 * HTTP for campaigns (outreach-core §7): list, CRUD, duplicate, the state actions, lead
 * membership, validate-launch, preview and activity. Analytics routes are in campaigns.analytics.routes.ts.
 */
import {
  Campaign,
  CampaignActivityEntry,
  CampaignCreate,
  CampaignLeadIds,
  CampaignLeadList,
  CampaignLeadListQuery,
  CampaignLeadsResult,
  CampaignList,
  CampaignListQuery,
  CampaignMeeting,
  CampaignPreview,
  CampaignPreviewQuery,
  CampaignUpdate,
  DuplicateCampaign,
  ErrorBody,
  ValidateLaunchResult,
} from "@prospector/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { addLeads, listLeads, markMeeting, removeLeads, unmarkMeeting } from "./campaign-leads.service.ts";
import { campaignAnalyticsRoutes, workspaceAnalyticsRoutes } from "./campaigns.analytics.routes.ts";
import { checkLaunch } from "./campaigns.launch-check.ts";
import { previewCampaign } from "./campaigns.preview.ts";
import * as campaigns from "./campaigns.service.ts";
import { launchCampaign, pauseCampaign, resumeCampaign, stopCampaign } from "./campaigns.states.ts";

const Id = z.object({ id: z.string() });
const tags = ["campaigns"];

const caller = (request: FastifyRequest) => {
  const auth = requireAuth(request);
  return { workspaceId: auth.workspaceId, userId: auth.userId };
};

export function campaignsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/campaigns",
    { config: { access: "campaigns:read" }, schema: { tags, querystring: CampaignListQuery, response: { 200: CampaignList } } },
    async (request) => campaigns.listCampaigns(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.post(
    "/api/campaigns",
    { config: { access: "campaigns:create" }, schema: { tags, body: CampaignCreate, response: { 201: Campaign } } },
    async (request, reply) => reply.status(201).send(await campaigns.createCampaign(ctx, caller(request), request.body)),
  );

  // Static paths under /api/campaigns/ first, before any /api/campaigns/:id route.
  workspaceAnalyticsRoutes(app, ctx);

  r.get(
    "/api/campaigns/:id",
    { config: { access: "campaigns:read" }, schema: { tags, params: Id, response: { 200: Campaign } } },
    async (request) => campaigns.getCampaign(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.put(
    "/api/campaigns/:id",
    { config: { access: "campaigns:update" }, schema: { tags, params: Id, body: CampaignUpdate, response: { 200: Campaign } } },
    async (request) => campaigns.updateCampaign(ctx, caller(request), request.params.id, request.body),
  );

  r.delete("/api/campaigns/:id", { config: { access: "campaigns:delete" }, schema: { tags, params: Id } }, async (request, reply) => {
    await campaigns.deleteCampaign(ctx, caller(request), request.params.id);
    return reply.status(204).send();
  });

  r.post(
    "/api/campaigns/:id/duplicate",
    { config: { access: "campaigns:create" }, schema: { tags, params: Id, body: DuplicateCampaign, response: { 201: Campaign } } },
    async (request, reply) =>
      reply.status(201).send(await campaigns.duplicateCampaign(ctx, caller(request), request.params.id, request.body.new_name)),
  );

  const actions = { launch: launchCampaign, pause: pauseCampaign, resume: resumeCampaign, stop: stopCampaign } as const;
  for (const [action, run] of Object.entries(actions)) {
    r.post(
      `/api/campaigns/:id/${action}`,
      { config: { access: "campaigns:update" }, schema: { tags, params: Id, response: { 200: Campaign } } },
      async (request) => run(ctx, caller(request), request.params.id),
    );
  }

  r.get(
    "/api/campaigns/:id/validate-launch",
    { config: { access: "campaigns:read" }, schema: { tags, params: Id, response: { 200: ValidateLaunchResult } } },
    async (request) => checkLaunch(ctx, await campaigns.loadCampaign(ctx, requireAuth(request).workspaceId, request.params.id)),
  );

  r.get(
    "/api/campaigns/:id/leads",
    {
      config: { access: "campaigns:read" },
      schema: { tags, params: Id, querystring: CampaignLeadListQuery, response: { 200: CampaignLeadList } },
    },
    async (request) => listLeads(ctx, requireAuth(request).workspaceId, request.params.id, request.query),
  );

  r.post(
    "/api/campaigns/:id/leads",
    { config: { access: "campaigns:update" }, schema: { tags, params: Id, body: CampaignLeadIds, response: { 200: CampaignLeadsResult } } },
    async (request) => addLeads(ctx, caller(request), request.params.id, request.body.lead_ids),
  );

  r.delete(
    "/api/campaigns/:id/leads",
    { config: { access: "campaigns:update" }, schema: { tags, params: Id, body: CampaignLeadIds, response: { 200: CampaignLeadsResult } } },
    async (request) => removeLeads(ctx, caller(request), request.params.id, request.body.lead_ids),
  );

  const LeadOfCampaign = z.object({ id: z.string(), leadId: z.string() });

  r.post(
    "/api/campaigns/:id/leads/:leadId/meeting",
    {
      config: { access: "campaigns:update" },
      schema: {
        tags,
        summary: "Mark a meeting booked with a lead of the campaign (once per campaign and lead; the Meetings figure counts it)",
        params: LeadOfCampaign,
        response: { 200: CampaignMeeting, 404: ErrorBody },
      },
    },
    async (request) => markMeeting(ctx, caller(request), request.params.id, request.params.leadId),
  );

  r.delete(
    "/api/campaigns/:id/leads/:leadId/meeting",
    {
      config: { access: "campaigns:update" },
      schema: { tags, summary: "Take a meeting mark back", params: LeadOfCampaign, response: { 204: z.null(), 404: ErrorBody } },
    },
    async (request, reply) => {
      await unmarkMeeting(ctx, caller(request), request.params.id, request.params.leadId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/campaigns/:id/preview",
    {
      config: { access: "campaigns:read" },
      schema: { tags, params: Id, querystring: CampaignPreviewQuery, response: { 200: CampaignPreview } },
    },
    async (request) => previewCampaign(ctx, requireAuth(request).workspaceId, request.params.id, request.query),
  );

  r.get(
    "/api/campaigns/:id/activity",
    {
      config: { access: "campaigns:read" },
      schema: {
        tags,
        params: Id,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.array(CampaignActivityEntry) },
      },
    },
    async (request) => campaigns.listActivity(ctx, requireAuth(request).workspaceId, request.params.id, request.query.limit),
  );

  campaignAnalyticsRoutes(app, ctx);
}
