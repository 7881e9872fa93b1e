/** HTTP for the executive pages: /api/analytics/{command-center, boardroom, boardroom.pdf, team-performance, user-success}. */
import {
  Boardroom,
  BoardroomQuery,
  CommandCenter,
  MemberTrend,
  MemberTrendQuery,
  TeamPerformance,
  TeamPerformanceQuery,
  UserSuccess,
  UserSuccessQuery,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { boardroomPdf } from "./executive.pdf.ts";
import * as service from "./executive.service.ts";

export function executiveRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["analytics"];
  const read = { access: "analytics:read" as const };

  r.get("/api/analytics/command-center", { config: read, schema: { tags, response: { 200: CommandCenter } } }, async (request) =>
    service.commandCenter(ctx, requireAuth(request)),
  );

  r.get(
    "/api/analytics/boardroom",
    { config: read, schema: { tags, querystring: BoardroomQuery, response: { 200: Boardroom } } },
    async (request) => service.boardroom(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get("/api/analytics/boardroom.pdf", { config: read, schema: { tags, querystring: BoardroomQuery } }, async (request, reply) => {
    const b = await service.boardroom(ctx, requireAuth(request).workspaceId, request.query);
    const pdf = await boardroomPdf(b);
    reply.header("content-type", "application/pdf");
    reply.header("content-disposition", `attachment; filename="boardroom-${b.from}-to-${b.to}.pdf"`);
    return reply.send(pdf);
  });

  r.get(
    "/api/analytics/team-performance",
    { config: read, schema: { tags, querystring: TeamPerformanceQuery, response: { 200: TeamPerformance } } },
    async (request) => service.teamPerformance(ctx, requireAuth(request).workspaceId, request.query),
  );

  r.get(
    "/api/analytics/team-performance/:userId/trend",
    {
      config: read,
      schema: {
        tags,
        params: z.object({ userId: z.uuid("Not a valid user id") }),
        querystring: MemberTrendQuery,
        response: { 200: MemberTrend },
      },
    },
    async (request) => service.memberTrend(ctx, requireAuth(request).workspaceId, request.params.userId, request.query),
  );

  // Who set up what is about people: it needs team:read as well as the analytics.
  r.get(
    "/api/analytics/user-success",
    { config: { access: "team:read" }, schema: { tags, querystring: UserSuccessQuery, response: { 200: UserSuccess } } },
    async (request) => service.userSuccess(ctx, requireAuth(request).workspaceId, request.query),
  );
}
