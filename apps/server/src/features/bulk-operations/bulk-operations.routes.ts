/** HTTP for bulk operations (docs/bulk-operations.md): start over leads or campaigns, preview, list, items, cancel, undo. */
import {
  BulkItemList,
  BulkItemListQuery,
  BulkOperation,
  BulkOperationList,
  BulkOperationListQuery,
  BulkPreview,
  BulkPreviewRequest,
  CampaignBulkRequest,
  LeadBulkRequest,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as bulk from "./bulk-operations.service.ts";

const Id = z.object({ id: z.string() });
const tags = ["bulk-operations"];

export function bulkOperationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/bulk-operations",
    { config: { access: "leads:read" }, schema: { tags, querystring: BulkOperationListQuery, response: { 200: BulkOperationList } } },
    async (request) => bulk.listOperations(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.post(
    "/api/bulk-operations/preview",
    {
      config: { access: "leads:read" },
      schema: {
        tags,
        summary: "How many leads a selection or filter matches now",
        body: BulkPreviewRequest,
        response: { 200: BulkPreview },
      },
    },
    async (request) => bulk.previewLeads(ctx, requireAuth(request).workspaceId, request.body.target),
  );

  r.post(
    "/api/bulk-operations/leads",
    { config: { access: "leads:update" }, schema: { tags, body: LeadBulkRequest, response: { 202: BulkOperation } } },
    async (request, reply) => reply.status(202).send(await bulk.startLeadOperation(ctx, requireAuth(request), request.body)),
  );

  r.post(
    "/api/bulk-operations/campaigns",
    { config: { access: "campaigns:update" }, schema: { tags, body: CampaignBulkRequest, response: { 202: BulkOperation } } },
    async (request, reply) => reply.status(202).send(await bulk.startCampaignOperation(ctx, requireAuth(request), request.body)),
  );

  r.get(
    "/api/bulk-operations/:id",
    { config: { access: "leads:read" }, schema: { tags, params: Id, response: { 200: BulkOperation } } },
    async (request) => bulk.getOperation(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.get(
    "/api/bulk-operations/:id/items",
    { config: { access: "leads:read" }, schema: { tags, params: Id, querystring: BulkItemListQuery, response: { 200: BulkItemList } } },
    async (request) => bulk.listItems(ctx, requireAuth(request).workspaceId, request.params.id, request.query),
  );

  // The permission depends on the operation (leads:update or campaigns:update): the service checks it.
  r.post(
    "/api/bulk-operations/:id/cancel",
    { config: { access: "leads:read" }, schema: { tags, params: Id, response: { 200: BulkOperation } } },
    async (request) => bulk.cancelOperation(ctx, requireAuth(request), request.params.id),
  );

  r.post(
    "/api/bulk-operations/:id/undo",
    { config: { access: "leads:read" }, schema: { tags, params: Id, response: { 202: BulkOperation } } },
    async (request, reply) => reply.status(202).send(await bulk.undoOperation(ctx, requireAuth(request), request.params.id)),
  );
}
