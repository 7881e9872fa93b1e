/** In-app notifications (shell §3 "Notification"): the bell's list, unread count and read marks. */
import { z } from "zod";

export const NotificationType = z.enum(["success", "info", "warning", "error"]);
export type NotificationType = z.infer<typeof NotificationType>;

export const Notification = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: NotificationType,
  read: z.boolean(),
  link: z.string().nullable(),
  created_at: z.string(),
  /** Display text ("5 minutes ago") filled in by the client; the server never sends it. */
  time: z.string().optional(),
});
export type Notification = z.infer<typeof Notification>;

export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
export const NOTIFICATIONS_MAX_LIMIT = 100;

export const NotificationListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, "limit must be between 1 and 100")
    .max(NOTIFICATIONS_MAX_LIMIT, "limit must be between 1 and 100")
    .default(NOTIFICATIONS_DEFAULT_LIMIT),
  /** Opaque cursor from a previous page's next_cursor. */
  before: z.string().max(200).optional(),
  unread_only: z.stringbool().default(false),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationList = z.object({
  notifications: z.array(Notification),
  unread_count: z.number().int(),
  /** Notifications matching the filter (all pages). */
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const NotificationIdParams = z.object({ id: z.string() });
export const ReadAllResponse = z.object({ updated: z.number().int() });
export type ReadAllResponse = z.infer<typeof ReadAllResponse>;
