/**
 * HTTP for campaigns (outreach-core §7; issue 4): list, CRUD, duplicate, the state actions, lead
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
  CampaignPreview,
  CampaignPreviewQuery,
  CampaignUpdate,
  DuplicateCampaign,
  ValidateLaunchResult,
} from "@prospector/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { addLeads, listLeads, removeLeads } from "./campaign-leads.service.ts";
import { campaignAnalyticsRoutes, workspaceAnalyticsRoutes } from "./campaigns.analytics.routes.ts";
import { CAMPAIGNS_CHANGED, createCampaignCache } from "./campaigns.cache.ts";
import type { CampaignDeps } from "./campaigns.deps.ts";
import { defineCampaignJobs } from "./campaigns.jobs.ts";
import { checkLaunch } from "./campaigns.launch-check.ts";
import { previewCampaign } from "./campaigns.preview.ts";
import { listActivity } from "./campaigns.repository.ts";
import * as campaigns from "./campaigns.service.ts";
import { launchCampaign, pauseCampaign, resumeCampaign, stopCampaign } from "./campaigns.states.ts";

const Id = z.object({ id: z.string() });
const tags = ["campaigns"];

const caller = (request: FastifyRequest) => {
  const auth = requireAuth(request);
  return { workspaceId: auth.workspaceId, userId: auth.userId };
};

export function campaignsRoutes(app: FastifyInstance, ctx: AppContext): CampaignDeps {
  const deps: CampaignDeps = {
    db: ctx.db,
    jobs: ctx.jobs,
    realtime: ctx.realtime,
    config: ctx.config,
    log: ctx.log,
    sending: ctx.sending,
    cache: createCampaignCache(ctx.redis),
  };
  // Writes from other processes or features (the sender completing a campaign) show at once too.
  void ctx.bus.subscribe(CAMPAIGNS_CHANGED, (msg) => {
    const workspaceId = (msg as { workspaceId?: string }).workspaceId;
    if (workspaceId) void deps.cache.bump(workspaceId);
  });
  defineCampaignJobs(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/campaigns",
    { config: { access: "campaigns:read" }, schema: { tags, querystring: CampaignListQuery, response: { 200: CampaignList } } },
    async (request) => campaigns.listCampaigns(deps, requireAuth(request).workspaceId, request.query),
  );

  r.post(
    "/api/campaigns",
    { config: { access: "campaigns:create" }, schema: { tags, body: CampaignCreate, response: { 201: Campaign } } },
    async (request, reply) => reply.status(201).send(await campaigns.createCampaign(deps, caller(request), request.body)),
  );

  // Static paths under /api/campaigns/ first, before any /api/campaigns/:id route.
  workspaceAnalyticsRoutes(app, deps);

  r.get(
    "/api/campaigns/:id",
    { config: { access: "campaigns:read" }, schema: { tags, params: Id, response: { 200: Campaign } } },
    async (request) => campaigns.getCampaign(deps, requireAuth(request).workspaceId, request.params.id),
  );

  r.put(
    "/api/campaigns/:id",
    { config: { access: "campaigns:update" }, schema: { tags, params: Id, body: CampaignUpdate, response: { 200: Campaign } } },
    async (request) => campaigns.updateCampaign(deps, caller(request), request.params.id, request.body),
  );

  r.delete("/api/campaigns/:id", { config: { access: "campaigns:delete" }, schema: { tags, params: Id } }, async (request, reply) => {
    await campaigns.deleteCampaign(deps, caller(request), request.params.id);
    return reply.status(204).send();
  });

  r.post(
    "/api/campaigns/:id/duplicate",
    { config: { access: "campaigns:create" }, schema: { tags, params: Id, body: DuplicateCampaign, response: { 201: Campaign } } },
    async (request, reply) =>
      reply.status(201).send(await campaigns.duplicateCampaign(deps, caller(request), request.params.id, request.body.new_name)),
  );

  const actions = { launch: launchCampaign, pause: pauseCampaign, resume: resumeCampaign, stop: stopCampaign } as const;
  for (const [action, run] of Object.entries(actions)) {
    r.post(
      `/api/campaigns/:id/${action}`,
      { config: { access: "campaigns:update" }, schema: { tags, params: Id, response: { 200: Campaign } } },
      async (request) => run(deps, caller(request), request.params.id),
    );
  }

  r.get(
    "/api/campaigns/:id/validate-launch",
    { config: { access: "campaigns:read" }, schema: { tags, params: Id, response: { 200: ValidateLaunchResult } } },
    async (request) => checkLaunch(ctx.db, await campaigns.loadCampaign(deps, requireAuth(request).workspaceId, request.params.id)),
  );

  r.get(
    "/api/campaigns/:id/leads",
    {
      config: { access: "campaigns:read" },
      schema: { tags, params: Id, querystring: CampaignLeadListQuery, response: { 200: CampaignLeadList } },
    },
    async (request) => listLeads(deps, requireAuth(request).workspaceId, request.params.id, request.query),
  );

  r.post(
    "/api/campaigns/:id/leads",
    { config: { access: "campaigns:update" }, schema: { tags, params: Id, body: CampaignLeadIds, response: { 200: CampaignLeadsResult } } },
    async (request) => addLeads(deps, caller(request), request.params.id, request.body.lead_ids),
  );

  r.delete(
    "/api/campaigns/:id/leads",
    { config: { access: "campaigns:update" }, schema: { tags, params: Id, body: CampaignLeadIds, response: { 200: CampaignLeadsResult } } },
    async (request) => removeLeads(deps, caller(request), request.params.id, request.body.lead_ids),
  );

  r.get(
    "/api/campaigns/:id/preview",
    {
      config: { access: "campaigns:read" },
      schema: { tags, params: Id, querystring: CampaignPreviewQuery, response: { 200: CampaignPreview } },
    },
    async (request) => previewCampaign(deps, requireAuth(request).workspaceId, request.params.id, request.query),
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
    async (request) => {
      const campaign = await campaigns.loadCampaign(deps, requireAuth(request).workspaceId, request.params.id);
      const rows = await listActivity(ctx.db, campaign.id, request.query.limit);
      return rows.map((a) => ({ id: a.id, kind: a.kind, message: a.message, user_id: a.userId, created_at: a.createdAt.toISOString() }));
    },
  );

  campaignAnalyticsRoutes(app, deps);
  return deps;
}
