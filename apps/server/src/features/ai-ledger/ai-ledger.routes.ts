/** HTTP for /api/ai/activity, /api/ai/usage and /api/ai/settings: the ledger, the month's spend and the cap (docs/ai/activity.md). */
import {
  AiActionDetail,
  AiActionListQuery,
  AiActionPage,
  AiSettings,
  AiSettingsInput,
  AiUnreadCount,
  AiUsage,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import * as activity from "./ai-ledger.service.ts";

export function aiLedgerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["ai"];
  const read = { access: "analytics:read" as const };

  r.get(
    "/api/ai/activity",
    { config: read, schema: { tags, querystring: AiActionListQuery, response: { 200: AiActionPage } } },
    async (request) => activity.listActivity(ctx, requireAuth(request).workspaceId, request.query),
  );

  // Before /:id, so "unread-count" is not read as an id.
  r.get("/api/ai/activity/unread-count", { config: read, schema: { tags, response: { 200: AiUnreadCount } } }, async (request) =>
    activity.unreadCount(ctx, requireAuth(request)),
  );

  r.post("/api/ai/activity/seen", { config: read, schema: { tags, response: { 200: AiUnreadCount } } }, async (request) =>
    activity.markSeen(ctx, requireAuth(request)),
  );

  r.get(
    "/api/ai/activity/:id",
    { config: read, schema: { tags, params: z.object({ id: z.string() }), response: { 200: AiActionDetail } } },
    async (request) => activity.getActivity(ctx, requireAuth(request).workspaceId, request.params.id),
  );

  r.get("/api/ai/usage", { config: read, schema: { tags, response: { 200: AiUsage } } }, async (request) =>
    activity.getUsage(ctx, requireAuth(request).workspaceId),
  );

  // Admins hold analytics:update (*:*); no seeded role below them does.
  r.put(
    "/api/ai/settings",
    { config: { access: "analytics:update" }, schema: { tags, body: AiSettingsInput, response: { 200: AiSettings } } },
    async (request) => activity.updateSettings(ctx, requireAuth(request), request.body),
  );
}
