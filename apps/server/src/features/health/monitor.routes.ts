/**
 * HTTP for /system-monitor and /system/edge-cases (docs/operations.md): every route is
 * "authenticated" and the services refuse anyone but an instance admin (INSTANCE_ADMIN_REQUIRED).
 */
import {
  EdgeCaseList,
  ErrorBody,
  ErrorGroupDetail,
  ErrorGroupList,
  ErrorGroupQuery,
  ErrorGroupsQuery,
  FailedJobPage,
  FailedJobsQuery,
  MonitorHistory,
  MonitorHistoryQuery,
  QueueList,
  RetryJobsRequest,
  RetryJobsResult,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { edgeCases } from "./edge-cases.service.ts";
import * as monitor from "./monitor.service.ts";

export function monitorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["system-monitor"];
  const config = { access: "authenticated" as const };
  const QueueParams = z.object({ name: z.string().min(1).max(200) });
  const errors = { 403: ErrorBody, 404: ErrorBody };

  r.get(
    "/api/system-monitor/queues",
    { config, schema: { tags, summary: "Job queues now and over 24 h (instance admins)", response: { 200: QueueList, 403: ErrorBody } } },
    async (request) => monitor.listQueues(ctx, requireAuth(request)),
  );

  r.get(
    "/api/system-monitor/queues/:name/failures",
    {
      config,
      schema: {
        tags,
        summary: "A queue's failed jobs, newest first (sanitised errors, data summaries)",
        params: QueueParams,
        querystring: FailedJobsQuery,
        response: { 200: FailedJobPage, ...errors },
      },
    },
    async (request) => monitor.listFailedJobs(ctx, requireAuth(request), request.params.name, request.query),
  );

  r.post(
    "/api/system-monitor/queues/:name/retry",
    {
      config,
      schema: {
        tags,
        summary: "Retry one failed job (job_id) or all failed jobs of the queue (audited in the log)",
        params: QueueParams,
        body: RetryJobsRequest,
        response: { 200: RetryJobsResult, 409: ErrorBody, ...errors },
      },
    },
    async (request) => monitor.retryJobs(ctx, requireAuth(request), request.params.name, request.body.job_id),
  );

  r.get(
    "/api/system-monitor/history",
    {
      config,
      schema: {
        tags,
        summary: "Sampled queue and error-report history",
        querystring: MonitorHistoryQuery,
        response: { 200: MonitorHistory, 403: ErrorBody },
      },
    },
    async (request) => monitor.monitorHistory(ctx, requireAuth(request), request.query.range),
  );

  r.get(
    "/api/system-monitor/errors",
    {
      config,
      schema: {
        tags,
        summary: "Client error reports grouped by type, field and component within a range",
        querystring: ErrorGroupsQuery,
        response: { 200: ErrorGroupList, 403: ErrorBody },
      },
    },
    async (request) => monitor.errorGroups(ctx, requireAuth(request), request.query),
  );

  r.get(
    "/api/system-monitor/errors/:group",
    {
      config,
      schema: {
        tags,
        summary: "One error group: severities, trend and its newest reports",
        params: z.object({ group: z.string().min(1).max(1000) }),
        querystring: ErrorGroupQuery,
        response: { 200: ErrorGroupDetail, ...errors },
      },
    },
    async (request) => monitor.errorGroup(ctx, requireAuth(request), request.params.group, request.query.range),
  );

  r.get(
    "/api/system/edge-cases",
    {
      config,
      schema: {
        tags,
        summary: "The failure modes the system handles, each with its live status",
        response: { 200: EdgeCaseList, 403: ErrorBody },
      },
    },
    async (request) => edgeCases(ctx, requireAuth(request)),
  );
}
