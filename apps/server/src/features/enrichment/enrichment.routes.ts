/**
 * Enrichment routes under /api/leads (outreach-core §7): enrich one lead or many (a job), list,
 * read and cancel enrichment jobs.
 */
import { BulkEnrich, EnrichmentJob, ErrorBody, JobListQuery } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { cancelEnrichmentJob, getEnrichmentJob, listEnrichmentJobs, startEnrichment } from "./enrichment.service.ts";

const IdParams = z.object({ id: z.string() });

/** The routes only: the job handler and what it reaches out with come from register (enrichment.feature.ts). */
export function enrichmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["enrichment"];
  const accepted = { 202: EnrichmentJob, 404: ErrorBody, 422: ErrorBody };

  r.post(
    "/api/leads/:id/enrich",
    {
      config: { access: "leads:update" },
      schema: { tags, summary: "Enrich one lead (runs as a job)", params: IdParams, response: accepted },
    },
    async (request, reply) => reply.status(202).send(await startEnrichment(ctx, requireAuth(request), [request.params.id])),
  );

  r.post(
    "/api/leads/bulk-enrich",
    {
      config: { access: "leads:update" },
      schema: { tags, summary: "Enrich up to 1000 leads in one job", body: BulkEnrich, response: accepted },
    },
    async (request, reply) => reply.status(202).send(await startEnrichment(ctx, requireAuth(request), request.body.lead_ids)),
  );

  r.get(
    "/api/leads/enrichment-jobs",
    {
      config: { access: "leads:read" },
      schema: {
        tags,
        summary: "Enrichment jobs, newest first (total in X-Total-Count)",
        querystring: JobListQuery,
        response: { 200: z.array(EnrichmentJob) },
      },
    },
    async (request, reply) => {
      const { jobs, total } = await listEnrichmentJobs(ctx, requireAuth(request).workspaceId, request.query);
      return reply.header("x-total-count", String(total)).send(jobs);
    },
  );

  r.get(
    "/api/leads/enrichment-jobs/:id",
    {
      config: { access: "leads:read" },
      schema: {
        tags,
        summary: "One enrichment job with per-lead results",
        params: IdParams,
        response: { 200: EnrichmentJob, 404: ErrorBody },
      },
    },
    async (request) => getEnrichmentJob(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.delete(
    "/api/leads/enrichment-jobs/:id",
    {
      config: { access: "leads:update" },
      schema: {
        tags,
        summary: "Cancel a queued or running enrichment job",
        params: IdParams,
        response: { 200: EnrichmentJob, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => cancelEnrichmentJob(ctx, requireAuth(request).workspaceId, request.params.id),
  );
}
