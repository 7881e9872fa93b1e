/**
 * Notifications: other features call createNotification; it stores the notification and pushes
 * `notification.created` to the user's open sockets, wherever they are connected.
 */
import type { Notification, NotificationList, NotificationListQuery, NotificationType } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import * as repo from "./notifications.repository.ts";

type Ctx = Pick<AppContext, "db" | "realtime">;

export interface CreateNotification {
  workspaceId: string;
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  link?: string | null;
  data?: Record<string, unknown>;
}

export function toNotification(row: repo.NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    read: row.read,
    link: row.link,
    created_at: row.createdAt.toISOString(),
  };
}

export async function createNotification(ctx: Ctx, input: CreateNotification): Promise<Notification> {
  const row = await repo.insertNotification(ctx.db, {
    workspaceId: input.workspaceId,
    userId: input.userId,
    type: input.type,
    title: input.title.slice(0, 200),
    message: input.message.slice(0, 2000),
    link: input.link ?? null,
    data: input.data,
    // Millisecond precision (what JS and the wire carry) keeps the paging cursor exact.
    createdAt: new Date(),
  });
  const notification = toNotification(row);
  await ctx.realtime.toUser(input.userId, "notification.created", { workspace_id: input.workspaceId, notification });
  return notification;
}

export function encodeCursor(row: { created_at: string; id: string }): string {
  return Buffer.from(`${row.created_at}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw new AppError("INVALID_CURSOR");
  return { createdAt, id };
}

export async function listNotifications(ctx: Ctx, owner: repo.Owner, q: NotificationListQuery): Promise<NotificationList> {
  const before = q.before ? decodeCursor(q.before) : undefined;
  const [rows, counts] = await Promise.all([
    repo.listNotifications(ctx.db, owner, { limit: q.limit + 1, unreadOnly: q.unread_only, before }),
    repo.countNotifications(ctx.db, owner),
  ]);
  const page = rows.slice(0, q.limit).map(toNotification);
  const last = page.at(-1);
  return {
    notifications: page,
    unread_count: counts.unread,
    total: q.unread_only ? counts.unread : counts.total,
    next_cursor: rows.length > q.limit && last ? encodeCursor(last) : null,
  };
}

export async function markNotificationRead(ctx: Ctx, owner: repo.Owner, id: string): Promise<Notification> {
  const row = isUuid(id) ? await repo.markRead(ctx.db, owner, id) : null;
  if (!row) throw new AppError("NOTIFICATION_NOT_FOUND");
  await ctx.realtime.toUser(owner.userId, "notification.read", { workspace_id: owner.workspaceId, ids: [row.id] });
  return toNotification(row);
}

export async function markAllNotificationsRead(ctx: Ctx, owner: repo.Owner): Promise<{ updated: number }> {
  const updated = await repo.markAllRead(ctx.db, owner);
  if (updated > 0) await ctx.realtime.toUser(owner.userId, "notification.read", { workspace_id: owner.workspaceId, ids: "all" });
  return { updated };
}
