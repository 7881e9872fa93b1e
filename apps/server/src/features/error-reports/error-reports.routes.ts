/** POST /api/errors/report (public, throttled per IP) and GET /api/errors/reports (instance admins). */
import {
  ERROR_REPORT_LIMITS,
  ErrorBody,
  ErrorReportAccepted,
  ErrorReportList,
  ErrorReportListQuery,
  ErrorReportRequest,
} from "@prospector/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { createRateStore, perClientLimit } from "../../platform/rate-limit.ts";
import { listErrorReports, submitErrorReport } from "./error-reports.service.ts";

export function errorReportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    // Per-IP throttle: a client stuck in an error loop must not flood the table. Shared through
    // Redis when configured, so it holds across API processes.
    const throttle = perClientLimit(createRateStore(ctx.redis, { prefix: "prospector:ip-rl:errors:" }), {
      max: ERROR_REPORT_LIMITS.perIpPerMinute,
      windowMs: 60_000,
      message: (wait) => `Too many error reports from this address. Try again in ${wait}.`,
    });
    scope.setErrorHandler((err: FastifyError, _request, _reply) => {
      if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw new AppError("ERROR_REPORT_TOO_LARGE");
      throw err; // everything else: the app's handler
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      "/api/errors/report",
      {
        bodyLimit: ERROR_REPORT_LIMITS.bodyBytes,
        config: { access: "public" },
        onRequest: throttle,
        schema: {
          tags: ["errors"],
          summary: "Store a client error report (the web app's error tracker)",
          body: ErrorReportRequest,
          response: { 201: ErrorReportAccepted, 413: ErrorBody, 422: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const accepted = await submitErrorReport(ctx, request.body, {
          auth: request.auth,
          userAgent: request.headers["user-agent"],
          ip: request.ip,
        });
        return reply.status(201).send(accepted);
      },
    );

    r.get(
      "/api/errors/reports",
      {
        config: { access: "authenticated" },
        schema: {
          tags: ["errors"],
          summary: "Stored client error reports with counts by type (instance administrators)",
          querystring: ErrorReportListQuery,
          response: { 200: ErrorReportList, 403: ErrorBody },
        },
      },
      async (request) => listErrorReports(ctx, requireAuth(request), request.query),
    );
  });
}
