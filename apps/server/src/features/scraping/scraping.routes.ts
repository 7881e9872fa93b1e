/**
 * Scraping routes under /api/leads (outreach-core §7): start a job per source or several at once,
 * list, read and cancel jobs, and see which sources this server has configured.
 */
import {
  ErrorBody,
  GoogleMapsScrape,
  JobListQuery,
  LinkedInScrape,
  MultiSourceScrape,
  ScrapingJob,
  ScrapingJobCreate,
  ScrapingSourceStatus,
  WebsiteScrape,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { cancelScrapingJob, createScrapingJob, getScrapingJob, listScrapingJobs, scrapingSources } from "./scraping.service.ts";

const IdParams = z.object({ id: z.string() });
const created = { 202: ScrapingJob, 400: ErrorBody, 422: ErrorBody };

/** The routes only: the job handler and what it reaches out with come from register (scraping.feature.ts). */
export function scrapingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["scraping"];

  r.post(
    "/api/leads/scraping-jobs",
    {
      config: { access: "leads:create" },
      schema: { tags, summary: "Start a scraping job for a source with its parameters", body: ScrapingJobCreate, response: created },
    },
    async (request, reply) => reply.status(202).send(await createScrapingJob(ctx, requireAuth(request), request.body)),
  );

  const scrape = <S extends z.ZodType>(
    path: string,
    source: "website" | "google_maps" | "linkedin" | "multi_source",
    body: S,
    summary: string,
  ) =>
    r.post(
      `/api/leads/scrape/${path}`,
      { config: { access: "leads:create" }, schema: { tags, summary, body, response: created } },
      async (request, reply) => {
        const input = { source, parameters: request.body } as z.output<typeof ScrapingJobCreate>;
        return reply.status(202).send(await createScrapingJob(ctx, requireAuth(request), input));
      },
    );
  scrape("website", "website", WebsiteScrape, "Crawl a company website for contacts");
  scrape("google-maps", "google_maps", GoogleMapsScrape, "Search Google Maps (Places API) and crawl each business's website");
  scrape("linkedin", "linkedin", LinkedInScrape, "Fetch people from the configured LinkedIn data provider");
  scrape("multi-source", "multi_source", MultiSourceScrape, "Run several sources in one job; results are merged");

  r.get(
    "/api/leads/scraping-jobs",
    {
      config: { access: "leads:read" },
      schema: {
        tags,
        summary: "Scraping jobs, newest first (total in X-Total-Count)",
        querystring: JobListQuery,
        response: { 200: z.array(ScrapingJob) },
      },
    },
    async (request, reply) => {
      const { jobs, total } = await listScrapingJobs(ctx, requireAuth(request).workspaceId, request.query);
      return reply.header("x-total-count", String(total)).send(jobs);
    },
  );

  r.get(
    "/api/leads/scraping-jobs/:id",
    {
      config: { access: "leads:read" },
      schema: { tags, summary: "One scraping job", params: IdParams, response: { 200: ScrapingJob, 404: ErrorBody } },
    },
    async (request) => getScrapingJob(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.delete(
    "/api/leads/scraping-jobs/:id",
    {
      config: { access: "leads:create" },
      schema: {
        tags,
        summary: "Cancel a queued or running job",
        params: IdParams,
        response: { 200: ScrapingJob, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => cancelScrapingJob(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.get(
    "/api/leads/scraping-sources",
    {
      config: { access: "leads:read" },
      schema: {
        tags,
        summary: "Which sources this server can run, and what to configure for the others",
        response: { 200: z.array(ScrapingSourceStatus) },
      },
    },
    async () => scrapingSources(ctx.config),
  );
}
