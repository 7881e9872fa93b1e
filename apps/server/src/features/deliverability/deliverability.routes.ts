/** HTTP for /api/deliverability (docs/deliverability.md): the overview, re-checks, DKIM selectors, blocklists, trends and headers. */
import {
  BlocklistReport,
  DeliverabilityOverview,
  DeliverabilityQuery,
  DkimSelectorInput,
  DomainName,
  HeaderAnalysis,
  HeadersInput,
  RefreshInput,
  RefreshRun,
  StoredMessages,
  Trends,
  TrendsQuery,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import * as service from "./deliverability.service.ts";

const Id = z.object({ id: z.string() });
const uuid = z.uuid();
const Page = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export function deliverabilityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["deliverability"];
  // Inboxes map to campaigns:read / campaigns:update (docs/sending.md): so does their deliverability.
  const read = { access: "campaigns:read" as const };
  const update = { access: "campaigns:update" as const };

  r.get(
    "/api/deliverability",
    { config: read, schema: { tags, querystring: DeliverabilityQuery, response: { 200: DeliverabilityOverview } } },
    (request) => service.overview(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.post(
    "/api/deliverability/refresh",
    { config: update, schema: { tags, body: RefreshInput.optional(), response: { 202: RefreshRun } } },
    async (request, reply) => reply.code(202).send(await service.startRefresh(ctx, requireAuth(request).workspaceId, request.body?.domain)),
  );

  r.get("/api/deliverability/refresh/:id", { config: read, schema: { tags, params: Id, response: { 200: RefreshRun } } }, (request) => {
    if (!uuid.safeParse(request.params.id).success) throw new AppError("DELIVERABILITY_RUN_NOT_FOUND");
    return service.getRun(ctx, requireAuth(request).workspaceId, request.params.id);
  });

  r.put(
    "/api/deliverability/domains/:domain/dkim-selector",
    { config: update, schema: { tags, params: z.object({ domain: DomainName }), body: DkimSelectorInput, response: { 202: RefreshRun } } },
    async (request, reply) =>
      reply.code(202).send(await service.saveSelector(ctx, requireAuth(request).workspaceId, request.params.domain, request.body.selector)),
  );

  r.get("/api/deliverability/blocklists", { config: read, schema: { tags, response: { 200: BlocklistReport } } }, (request) =>
    service.blocklists(ctx, requireAuth(request).workspaceId),
  );

  r.get("/api/deliverability/trends", { config: read, schema: { tags, querystring: TrendsQuery, response: { 200: Trends } } }, (request) =>
    service.trends(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/deliverability/messages",
    { config: read, schema: { tags, querystring: Page, response: { 200: StoredMessages } } },
    (request) => service.storedMessages(ctx, requireAuth(request).workspaceId, request.query.page, request.query.per_page),
  );

  r.get(
    "/api/deliverability/messages/:id/headers",
    { config: read, schema: { tags, params: Id, response: { 200: HeaderAnalysis } } },
    (request) => {
      if (!uuid.safeParse(request.params.id).success) throw new AppError("DELIVERABILITY_MESSAGE_NOT_FOUND");
      return service.storedMessageHeaders(ctx, requireAuth(request).workspaceId, request.params.id);
    },
  );

  r.post(
    "/api/deliverability/headers",
    { config: read, schema: { tags, body: HeadersInput, response: { 200: HeaderAnalysis } } },
    (request) => service.pastedHeaders(request.body.raw),
  );
}
