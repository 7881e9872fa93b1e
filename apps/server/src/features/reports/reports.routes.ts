/** HTTP for /api/reports: saved reports, their exports, email schedules and the delivery log. */
import {
  ReportDelivery,
  ReportDeliveryList,
  ReportDeliveryListQuery,
  ReportExportInput,
  ReportExportQuery,
  ReportRecipientOptions,
  ReportSchedule,
  ReportScheduleInput,
  ReportScheduleList,
  SavedReport,
  SavedReportInput,
  SavedReportList,
  SavedReportListQuery,
  SavedReportUpdate,
} from "@prospector/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import type { ReportFile } from "./reports.export.ts";
import { sendNow } from "./reports.jobs.ts";
import * as reports from "./reports.service.ts";

const IdParams = z.object({ id: z.string() });

function sendFile(reply: FastifyReply, file: ReportFile) {
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "");
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header("cache-control", "no-store")
    .send(file.content);
}

export function reportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["reports"];
  const read = { access: "analytics:read" as const };
  const write = { access: "reports:create" as const };

  r.get(
    "/api/reports",
    { config: read, schema: { tags, querystring: SavedReportListQuery, response: { 200: SavedReportList } } },
    async (request) => reports.listReports(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.post(
    "/api/reports",
    { config: write, schema: { tags, body: SavedReportInput, response: { 201: SavedReport } } },
    async (request, reply) => reply.status(201).send(await reports.createReport(ctx, requireAuth(request), request.body)),
  );

  r.get("/api/reports/recipients", { config: read, schema: { tags, response: { 200: ReportRecipientOptions } } }, async (request) =>
    reports.recipientOptions(ctx, requireAuth(request).workspaceId),
  );

  r.get(
    "/api/reports/deliveries",
    { config: read, schema: { tags, querystring: ReportDeliveryListQuery, response: { 200: ReportDeliveryList } } },
    async (request) => reports.listDeliveries(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.post("/api/reports/export", { config: read, schema: { tags, body: ReportExportInput } }, async (request, reply) => {
    const { file } = await reports.exportDefinition(
      ctx,
      requireAuth(request).workspaceId,
      request.body.name,
      request.body.definition,
      request.body.format,
    );
    return sendFile(reply, file);
  });

  r.get("/api/reports/:id", { config: read, schema: { tags, params: IdParams, response: { 200: SavedReport } } }, async (request) =>
    reports.getReport(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.patch(
    "/api/reports/:id",
    { config: write, schema: { tags, params: IdParams, body: SavedReportUpdate, response: { 200: SavedReport } } },
    async (request) => reports.updateReport(ctx, requireAuth(request).workspaceId, request.params.id, request.body),
  );

  r.delete("/api/reports/:id", { config: write, schema: { tags, params: IdParams } }, async (request, reply) => {
    await reports.deleteReport(ctx, requireAuth(request).workspaceId, request.params.id);
    return reply.status(204).send();
  });

  r.get(
    "/api/reports/:id/export",
    { config: read, schema: { tags, params: IdParams, querystring: ReportExportQuery } },
    async (request, reply) => {
      const { file } = await reports.exportSaved(ctx, requireAuth(request).workspaceId, request.params.id, request.query.format);
      return sendFile(reply, file);
    },
  );

  r.get(
    "/api/reports/:id/schedules",
    { config: read, schema: { tags, params: IdParams, response: { 200: ReportScheduleList } } },
    async (request) => ({ schedules: await reports.listSchedules(ctx, requireAuth(request).workspaceId, request.params.id) }),
  );

  r.post(
    "/api/reports/:id/schedules",
    { config: write, schema: { tags, params: IdParams, body: ReportScheduleInput, response: { 201: ReportSchedule } } },
    async (request, reply) =>
      reply.status(201).send(await reports.createSchedule(ctx, requireAuth(request), request.params.id, request.body)),
  );

  r.put(
    "/api/reports/schedules/:id",
    { config: write, schema: { tags, params: IdParams, body: ReportScheduleInput, response: { 200: ReportSchedule } } },
    async (request) => reports.updateSchedule(ctx, requireAuth(request).workspaceId, request.params.id, request.body),
  );

  r.delete("/api/reports/schedules/:id", { config: write, schema: { tags, params: IdParams } }, async (request, reply) => {
    await reports.deleteSchedule(ctx, requireAuth(request).workspaceId, request.params.id);
    return reply.status(204).send();
  });

  r.post(
    "/api/reports/schedules/:id/send",
    { config: write, schema: { tags, params: IdParams, response: { 202: ReportDelivery } } },
    async (request, reply) => reply.status(202).send(await sendNow(ctx, requireAuth(request).workspaceId, request.params.id)),
  );
}
