/** HTTP for stages, customers, deals, lead conversion and the overview (under /api/crm). */
import {
  ConvertLead,
  ConvertLeadResult,
  CrmBulkDeleteResult,
  CrmCustomer,
  CrmDeal,
  CrmIds,
  CrmOverview,
  CrmStage,
  CustomerCampaignHistoryEntry,
  CustomerCreate,
  CustomerDeleteQuery,
  CustomerListQuery,
  CustomerUpdate,
  DealCreate,
  DealHistoryEntry,
  DealListQuery,
  DealMove,
  DealUpdate,
  StageCreate,
  StageOrder,
  StageUpdate,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { campaignHistory, convertLead, crmOverview } from "./crm.convert.ts";
import * as deals from "./crm.deals.ts";
import * as customers from "./crm.service.ts";
import * as stages from "./crm.stages.ts";

const Id = z.object({ id: z.string() });
/** A malformed id cannot name a record: the same 404 as another workspace's. */
const idOf = (code: "CRM_CUSTOMER_NOT_FOUND" | "CRM_DEAL_NOT_FOUND" | "CRM_STAGE_NOT_FOUND", id: string) => {
  if (!isUuid(id)) throw new AppError(code);
  return id;
};

export function crmRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["crm"];
  const caller = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    return { workspaceId: auth.workspaceId, userId: auth.userId };
  };

  // ——— Stages ———
  r.get("/api/crm/stages", { config: { access: "crm:read" }, schema: { tags, response: { 200: z.array(CrmStage) } } }, async (request) =>
    stages.listStages(ctx, requireAuth(request).workspaceId),
  );
  r.post(
    "/api/crm/stages",
    { config: { access: "crm:update" }, schema: { tags, body: StageCreate, response: { 201: CrmStage } } },
    async (request, reply) => reply.status(201).send(await stages.createStage(ctx, requireAuth(request).workspaceId, request.body)),
  );
  r.put(
    "/api/crm/stages/order",
    { config: { access: "crm:update" }, schema: { tags, body: StageOrder, response: { 200: z.array(CrmStage) } } },
    async (request) => stages.reorderStages(ctx, requireAuth(request).workspaceId, request.body),
  );
  r.put(
    "/api/crm/stages/:id",
    { config: { access: "crm:update" }, schema: { tags, params: Id, body: StageUpdate, response: { 200: CrmStage } } },
    async (request) =>
      stages.updateStage(ctx, requireAuth(request).workspaceId, idOf("CRM_STAGE_NOT_FOUND", request.params.id), request.body),
  );
  r.delete("/api/crm/stages/:id", { config: { access: "crm:delete" }, schema: { tags, params: Id } }, async (request, reply) => {
    await stages.deleteStage(ctx, requireAuth(request).workspaceId, idOf("CRM_STAGE_NOT_FOUND", request.params.id));
    return reply.status(204).send();
  });

  // ——— Overview and conversion ———
  r.get("/api/crm/overview", { config: { access: "crm:read" }, schema: { tags, response: { 200: CrmOverview } } }, async (request) =>
    crmOverview(ctx, requireAuth(request).workspaceId),
  );
  r.post(
    "/api/crm/convert-lead",
    { config: { access: "crm:create" }, schema: { tags, body: ConvertLead, response: { 201: ConvertLeadResult } } },
    async (request, reply) => reply.status(201).send(await convertLead(ctx, caller(request), request.body)),
  );

  // ——— Customers ———
  r.get(
    "/api/crm/customers",
    { config: { access: "crm:read" }, schema: { tags, querystring: CustomerListQuery, response: { 200: z.array(CrmCustomer) } } },
    async (request, reply) => {
      const { customers: rows, total } = await customers.listCustomers(ctx, requireAuth(request).workspaceId, request.query);
      reply.header("x-total-count", String(total));
      return rows;
    },
  );
  r.post(
    "/api/crm/customers",
    { config: { access: "crm:create" }, schema: { tags, body: CustomerCreate, response: { 201: CrmCustomer } } },
    async (request, reply) => reply.status(201).send(await customers.createCustomer(ctx, { ...caller(request), input: request.body })),
  );
  r.post(
    "/api/crm/customers/bulk-delete",
    {
      config: { access: "crm:delete" },
      schema: { tags, body: CrmIds, querystring: CustomerDeleteQuery, response: { 200: CrmBulkDeleteResult } },
    },
    async (request) => customers.bulkDeleteCustomers(ctx, requireAuth(request).workspaceId, request.body.ids, request.query.deals),
  );
  r.get(
    "/api/crm/customers/:id",
    { config: { access: "crm:read" }, schema: { tags, params: Id, response: { 200: CrmCustomer } } },
    async (request) => customers.getCustomer(ctx, requireAuth(request).workspaceId, idOf("CRM_CUSTOMER_NOT_FOUND", request.params.id)),
  );
  r.get(
    "/api/crm/customers/:id/campaign-history",
    { config: { access: "crm:read" }, schema: { tags, params: Id, response: { 200: z.array(CustomerCampaignHistoryEntry) } } },
    async (request) => campaignHistory(ctx, requireAuth(request).workspaceId, idOf("CRM_CUSTOMER_NOT_FOUND", request.params.id)),
  );
  r.put(
    "/api/crm/customers/:id",
    { config: { access: "crm:update" }, schema: { tags, params: Id, body: CustomerUpdate, response: { 200: CrmCustomer } } },
    async (request) =>
      customers.updateCustomer(ctx, requireAuth(request).workspaceId, idOf("CRM_CUSTOMER_NOT_FOUND", request.params.id), request.body),
  );
  r.delete(
    "/api/crm/customers/:id",
    { config: { access: "crm:delete" }, schema: { tags, params: Id, querystring: CustomerDeleteQuery } },
    async (request, reply) => {
      const id = idOf("CRM_CUSTOMER_NOT_FOUND", request.params.id);
      await customers.deleteCustomer(ctx, requireAuth(request).workspaceId, id, request.query.deals);
      return reply.status(204).send();
    },
  );

  // ——— Deals ———
  r.get(
    "/api/crm/deals",
    { config: { access: "crm:read" }, schema: { tags, querystring: DealListQuery, response: { 200: z.array(CrmDeal) } } },
    async (request, reply) => {
      const { deals: rows, total } = await deals.listDeals(ctx, requireAuth(request).workspaceId, request.query);
      reply.header("x-total-count", String(total));
      return rows;
    },
  );
  r.post(
    "/api/crm/deals",
    { config: { access: "crm:create" }, schema: { tags, body: DealCreate, response: { 201: CrmDeal } } },
    async (request, reply) => reply.status(201).send(await deals.createDeal(ctx, { ...caller(request), input: request.body })),
  );
  r.post(
    "/api/crm/deals/bulk-delete",
    { config: { access: "crm:delete" }, schema: { tags, body: CrmIds, response: { 200: CrmBulkDeleteResult } } },
    async (request) => deals.bulkDeleteDeals(ctx, requireAuth(request).workspaceId, request.body.ids),
  );
  r.get(
    "/api/crm/deals/:id",
    { config: { access: "crm:read" }, schema: { tags, params: Id, response: { 200: CrmDeal } } },
    async (request) => deals.getDeal(ctx, requireAuth(request).workspaceId, idOf("CRM_DEAL_NOT_FOUND", request.params.id)),
  );
  r.get(
    "/api/crm/deals/:id/history",
    { config: { access: "crm:read" }, schema: { tags, params: Id, response: { 200: z.array(DealHistoryEntry) } } },
    async (request) => deals.dealHistory(ctx, requireAuth(request).workspaceId, idOf("CRM_DEAL_NOT_FOUND", request.params.id)),
  );
  r.put(
    "/api/crm/deals/:id",
    { config: { access: "crm:update" }, schema: { tags, params: Id, body: DealUpdate, response: { 200: CrmDeal } } },
    async (request) => deals.updateDeal(ctx, caller(request), idOf("CRM_DEAL_NOT_FOUND", request.params.id), request.body),
  );
  r.post(
    "/api/crm/deals/:id/move",
    { config: { access: "crm:update" }, schema: { tags, params: Id, body: DealMove, response: { 200: CrmDeal } } },
    async (request) => deals.moveDeal(ctx, caller(request), idOf("CRM_DEAL_NOT_FOUND", request.params.id), request.body),
  );
  r.delete("/api/crm/deals/:id", { config: { access: "crm:delete" }, schema: { tags, params: Id } }, async (request, reply) => {
    await deals.deleteDeal(ctx, requireAuth(request).workspaceId, idOf("CRM_DEAL_NOT_FOUND", request.params.id));
    return reply.status(204).send();
  });
}
