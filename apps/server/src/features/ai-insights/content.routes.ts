/**
 * HTTP for memory intelligence (/api/memory: lead picker, a lead's timeline and summary, the
 * workspace search) and personalized images (/api/content/images, plus the public /i/:token for
 * email). Reading needs leads:read; making, editing and deleting images needs leads:update.
 */
import {
  GenerateImageInput,
  ImagePage,
  ImagesQuery,
  MemoryLeadPage,
  MemoryLeadsQuery,
  MemorySearchPage,
  MemorySearchQuery,
  PersonalizedImage,
  PreviewImageQuery,
  TimelinePage,
  TimelineQuery,
  TimelineSummary,
  UpdateImageInput,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as content from "./content.service.ts";

const IdParams = z.object({ id: z.uuid("id must be a UUID") });
const PNG_CACHE = "private, max-age=300";

export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const memoryTags = ["memory"];
  const imageTags = ["content-images"];
  const read = { access: "leads:read" as const };
  const write = { access: "leads:update" as const };

  r.get(
    "/api/memory/leads",
    { config: read, schema: { tags: memoryTags, querystring: MemoryLeadsQuery, response: { 200: MemoryLeadPage } } },
    async (request) => content.memoryLeads(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/memory/leads/:id/timeline",
    { config: read, schema: { tags: memoryTags, params: IdParams, querystring: TimelineQuery, response: { 200: TimelinePage } } },
    async (request) => content.timeline(ctx, requireAuth(request).workspaceId, request.params.id, request.query),
  );

  r.get(
    "/api/memory/leads/:id/summary",
    { config: read, schema: { tags: memoryTags, params: IdParams, response: { 200: TimelineSummary } } },
    async (request) => content.summary(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.get(
    "/api/memory/search",
    { config: read, schema: { tags: memoryTags, querystring: MemorySearchQuery, response: { 200: MemorySearchPage } } },
    async (request) => content.searchMemory(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/content/images",
    { config: read, schema: { tags: imageTags, querystring: ImagesQuery, response: { 200: ImagePage } } },
    async (request) => content.listImages(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/content/images/preview",
    { config: read, schema: { tags: imageTags, querystring: PreviewImageQuery } },
    async (request, reply) => {
      const png = await content.previewImage(ctx, requireAuth(request).workspaceId, request.query);
      return reply.header("content-type", "image/png").header("cache-control", "no-store").send(png);
    },
  );

  r.post(
    "/api/content/images",
    { config: write, schema: { tags: imageTags, body: GenerateImageInput, response: { 201: PersonalizedImage } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const image = await content.generateImage(ctx, { workspaceId: auth.workspaceId, userId: auth.userId }, request.body);
      return reply.status(201).send(image);
    },
  );

  r.get("/api/content/images/:id/png", { config: read, schema: { tags: imageTags, params: IdParams } }, async (request, reply) => {
    const png = await content.imagePng(ctx, requireAuth(request).workspaceId, request.params.id);
    return reply.header("content-type", "image/png").header("cache-control", PNG_CACHE).send(png);
  });

  r.patch(
    "/api/content/images/:id",
    { config: write, schema: { tags: imageTags, params: IdParams, body: UpdateImageInput, response: { 200: PersonalizedImage } } },
    async (request) => content.updateAltText(ctx, requireAuth(request).workspaceId, request.params.id, request.body.alt_text),
  );

  r.post(
    "/api/content/images/:id/public-link",
    { config: write, schema: { tags: imageTags, params: IdParams, response: { 200: PersonalizedImage } } },
    async (request) => content.rotatePublicLink(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.delete(
    "/api/content/images/:id/public-link",
    { config: write, schema: { tags: imageTags, params: IdParams, response: { 200: PersonalizedImage } } },
    async (request) => content.revokePublicLink(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.delete("/api/content/images/:id", { config: write, schema: { tags: imageTags, params: IdParams } }, async (request, reply) => {
    await content.deleteImage(ctx, requireAuth(request).workspaceId, request.params.id);
    return reply.status(204).send();
  });

  // The public address email clients load: no session, only the unguessable token (revocable).
  r.route({
    method: ["GET", "HEAD"],
    url: "/i/:token",
    config: { access: "public" },
    schema: { hide: true, params: z.object({ token: z.string().max(64) }) },
    handler: async (request, reply) => {
      const png = await content.publicImagePng(ctx, request.params.token);
      return reply.header("content-type", "image/png").header("cache-control", "public, max-age=300").send(png);
    },
  });
}
