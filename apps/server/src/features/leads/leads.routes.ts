/** HTTP for leads (outreach-core §7): list, CRUD, bulk actions, count, export, duplicates and quality. */
import {
  BulkResult,
  BulkTag,
  Lead,
  LeadCount,
  LeadCountQuery,
  LeadCreate,
  LeadFilters,
  LeadIds,
  LeadListQuery,
  LeadUpdate,
  MergeDuplicatesRequest,
  MergeDuplicatesResult,
  QualityReport,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { mergeDuplicates } from "./leads.duplicates.ts";
import { exportLeadsCsv } from "./leads.export.ts";
import { leadsImportRoutes } from "./leads.import.routes.ts";
import { qualityReport } from "./leads.quality.ts";
import * as leads from "./leads.service.ts";

const Id = z.object({ id: z.string() });
/** A malformed id cannot name a lead: the same 404 as another workspace's lead. */
const leadId = (id: string) => {
  if (!isUuid(id)) throw new AppError("LEAD_NOT_FOUND");
  return id;
};

/** The routes only: the import job is defined by the feature's register (leads.feature.ts). */
export function leadsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["leads"];

  r.get(
    "/api/leads",
    { config: { access: "leads:read" }, schema: { tags, querystring: LeadListQuery, response: { 200: z.array(Lead) } } },
    async (request, reply) => {
      const { leads: rows, total } = await leads.listLeads(ctx, requireAuth(request).workspaceId, request.query);
      reply.header("x-total-count", String(total));
      return rows;
    },
  );

  r.post(
    "/api/leads",
    { config: { access: "leads:create" }, schema: { tags, body: LeadCreate, response: { 201: Lead } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const lead = await leads.createLead(ctx, { workspaceId: auth.workspaceId, userId: auth.userId, input: request.body });
      return reply.status(201).send(lead);
    },
  );

  r.get(
    "/api/leads/count",
    { config: { access: "leads:read" }, schema: { tags, querystring: LeadCountQuery, response: { 200: LeadCount } } },
    async (request) => {
      const auth = requireAuth(request);
      return leads.countLeads(ctx, { workspaceId: auth.workspaceId, organizationId: auth.organizationId, since: request.query.since });
    },
  );

  r.get(
    "/api/leads/export.csv",
    { config: { access: "leads:read" }, schema: { tags, querystring: LeadFilters } },
    async (request, reply) => {
      const stamp = new Date().toISOString().slice(0, 10);
      const csv = await exportLeadsCsv(ctx, requireAuth(request).workspaceId, request.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="leads-${stamp}.csv"`)
        .send(csv);
    },
  );

  r.get(
    "/api/leads/quality-report",
    { config: { access: "leads:read" }, schema: { tags, response: { 200: QualityReport } } },
    async (request) => qualityReport(ctx, requireAuth(request).workspaceId),
  );

  r.post(
    "/api/leads/merge-duplicates",
    {
      config: { access: "leads:update" },
      schema: { tags, body: MergeDuplicatesRequest.optional(), response: { 200: MergeDuplicatesResult } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const dryRun = request.body?.dry_run ?? true;
      return mergeDuplicates(ctx, { workspaceId: auth.workspaceId, userId: auth.userId, dryRun });
    },
  );

  r.post(
    "/api/leads/bulk-delete",
    { config: { access: "leads:delete" }, schema: { tags, body: LeadIds, response: { 200: BulkResult } } },
    async (request) => leads.bulkDelete(ctx, requireAuth(request).workspaceId, request.body.lead_ids),
  );

  r.post(
    "/api/leads/bulk-tag",
    { config: { access: "leads:update" }, schema: { tags, body: BulkTag, response: { 200: BulkResult } } },
    async (request) => leads.bulkTag(ctx, requireAuth(request).workspaceId, request.body),
  );

  r.get("/api/leads/:id", { config: { access: "leads:read" }, schema: { tags, params: Id, response: { 200: Lead } } }, async (request) =>
    leads.getLead(ctx, requireAuth(request).workspaceId, leadId(request.params.id)),
  );

  r.put(
    "/api/leads/:id",
    { config: { access: "leads:update" }, schema: { tags, params: Id, body: LeadUpdate, response: { 200: Lead } } },
    async (request) => leads.updateLead(ctx, requireAuth(request).workspaceId, leadId(request.params.id), request.body),
  );

  r.delete("/api/leads/:id", { config: { access: "leads:delete" }, schema: { tags, params: Id } }, async (request, reply) => {
    await leads.deleteLead(ctx, requireAuth(request).workspaceId, leadId(request.params.id));
    return reply.status(204).send();
  });

  leadsImportRoutes(app, ctx);
}
