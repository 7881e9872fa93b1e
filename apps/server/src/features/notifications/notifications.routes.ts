/** GET /api/notifications, POST /api/notifications/{id}/read, POST /api/notifications/read-all. */
import {
  ErrorBody,
  Notification,
  NotificationIdParams,
  NotificationList,
  NotificationListQuery,
  ReadAllResponse,
} from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "./notifications.service.ts";

export function notificationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owner = (auth: ReturnType<typeof requireAuth>) => ({ userId: auth.userId, workspaceId: auth.workspaceId });

  r.get(
    "/api/notifications",
    {
      config: { access: "authenticated" },
      schema: {
        tags: ["notifications"],
        summary: "The caller's notifications in the current workspace, newest first",
        querystring: NotificationListQuery,
        response: { 200: NotificationList, 422: ErrorBody },
      },
    },
    async (request) => listNotifications(ctx, owner(requireAuth(request)), request.query),
  );

  r.post(
    "/api/notifications/read-all",
    {
      config: { access: "authenticated" },
      schema: { tags: ["notifications"], summary: "Mark every notification read", response: { 200: ReadAllResponse } },
    },
    async (request) => markAllNotificationsRead(ctx, owner(requireAuth(request))),
  );

  r.post(
    "/api/notifications/:id/read",
    {
      config: { access: "authenticated" },
      schema: {
        tags: ["notifications"],
        summary: "Mark one notification read",
        params: NotificationIdParams,
        response: { 200: Notification, 404: ErrorBody },
      },
    },
    async (request) => markNotificationRead(ctx, owner(requireAuth(request)), request.params.id),
  );
}
