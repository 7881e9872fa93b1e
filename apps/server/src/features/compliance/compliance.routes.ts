/** HTTP of compliance under /api/compliance (docs/compliance.md): compliance:read to look, compliance:update to act. */
import fs from "node:fs";
import {
  AuditExportQuery,
  ComplianceErasureInput,
  ComplianceExportInput,
  ComplianceRequest,
  ComplianceRequestListQuery,
  ComplianceRequestPage,
  ConsentOverview,
  FooterSettings,
  FooterSettingsInput,
  RetentionRules,
  RetentionRun,
  RetentionRunPage,
  RetentionSettings,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { auditExport, consentOverview } from "./overview.service.ts";
import * as requests from "./requests.service.ts";
import * as settings from "./settings.service.ts";

export function complianceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["compliance"];
  const read = { access: "compliance:read" as const };
  const update = { access: "compliance:update" as const };
  const idParam = z.object({ id: z.string() });

  r.get(
    "/api/compliance/requests",
    { config: read, schema: { tags, querystring: ComplianceRequestListQuery, response: { 200: ComplianceRequestPage } } },
    async (request) => requests.listRequests(ctx, requireAuth(request).workspaceId, request.query),
  );
  r.get(
    "/api/compliance/requests/:id",
    { config: read, schema: { tags, params: idParam, response: { 200: ComplianceRequest } } },
    async (request) => requests.getRequest(ctx, requireAuth(request).workspaceId, request.params.id),
  );
  // An export holds a person's data: asking for one is an action, like the erasure.
  r.post(
    "/api/compliance/requests/export",
    { config: update, schema: { tags, body: ComplianceExportInput, response: { 202: ComplianceRequest } } },
    async (request, reply) => reply.code(202).send(await requests.requestExport(ctx, requireAuth(request), request.body)),
  );
  r.post(
    "/api/compliance/requests/erasure",
    { config: update, schema: { tags, body: ComplianceErasureInput, response: { 202: ComplianceRequest } } },
    async (request, reply) => reply.code(202).send(await requests.requestErasure(ctx, requireAuth(request), request.body)),
  );
  r.get("/api/compliance/requests/:id/download", { config: update, schema: { tags, params: idParam } }, async (request, reply) => {
    const { file, name } = await requests.openDownload(ctx, requireAuth(request).workspaceId, request.params.id);
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}"`)
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "private, no-store")
      .send(fs.createReadStream(file));
  });

  r.get("/api/compliance/overview", { config: read, schema: { tags, response: { 200: ConsentOverview } } }, async (request) =>
    consentOverview(ctx, requireAuth(request).workspaceId),
  );

  r.get("/api/compliance/retention", { config: read, schema: { tags, response: { 200: RetentionSettings } } }, async (request) =>
    settings.getRetention(ctx, requireAuth(request)),
  );
  r.put(
    "/api/compliance/retention",
    { config: update, schema: { tags, body: RetentionRules, response: { 200: RetentionSettings } } },
    async (request) => settings.putRetention(ctx, requireAuth(request), request.body),
  );
  r.post("/api/compliance/retention/run", { config: update, schema: { tags, response: { 202: RetentionRun } } }, async (request, reply) =>
    reply.code(202).send(await settings.startRun(ctx, requireAuth(request).workspaceId, "manual")),
  );
  r.get(
    "/api/compliance/retention/runs",
    { config: read, schema: { tags, querystring: ComplianceRequestListQuery, response: { 200: RetentionRunPage } } },
    async (request) => settings.listRuns(ctx, requireAuth(request).workspaceId, request.query),
  );
  r.get(
    "/api/compliance/retention/runs/:id",
    { config: read, schema: { tags, params: idParam, response: { 200: RetentionRun } } },
    async (request) => settings.getRun(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.get("/api/compliance/footer", { config: read, schema: { tags, response: { 200: FooterSettings } } }, async (request) =>
    settings.getFooter(ctx, requireAuth(request).workspaceId),
  );
  r.put(
    "/api/compliance/footer",
    { config: update, schema: { tags, body: FooterSettingsInput, response: { 200: FooterSettings } } },
    async (request) => settings.putFooter(ctx, requireAuth(request).workspaceId, request.body),
  );

  r.get("/api/compliance/audit-export", { config: read, schema: { tags, querystring: AuditExportQuery } }, async (request, reply) => {
    const stream = auditExport(ctx, requireAuth(request).workspaceId, request.query);
    const ext = request.query.format;
    return reply
      .header("content-type", ext === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8")
      .header(
        "content-disposition",
        `attachment; filename="audit-${request.query.from.slice(0, 10)}-${request.query.to.slice(0, 10)}.${ext}"`,
      )
      .header("cache-control", "private, no-store")
      .send(stream);
  });
}
