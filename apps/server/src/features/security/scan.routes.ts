/** HTTP for /api/security/scan: the live checks, recording a run, and the runs' history. */
import { ScanHistory, ScanHistoryQuery, ScanResult, ScanRunRecorded } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as scan from "./scan.service.ts";

export function scanRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["security"];
  const read = { access: "security:read" as const };

  r.get("/api/security/scan", { config: read, schema: { tags, response: { 200: ScanResult } } }, async (request) =>
    scan.computeScan(ctx, requireAuth(request)),
  );

  // Recording a run reads only; security:read is enough (it writes history, not settings).
  r.post("/api/security/scan", { config: read, schema: { tags, response: { 201: ScanRunRecorded } } }, async (request, reply) =>
    reply.code(201).send(await scan.recordScan(ctx, requireAuth(request))),
  );

  r.get(
    "/api/security/scan/history",
    { config: read, schema: { tags, querystring: ScanHistoryQuery, response: { 200: ScanHistory } } },
    async (request) => scan.scanHistory(ctx, requireAuth(request), request.query),
  );
}
