/** The notifications feature's public surface: other features create notifications through it. */
export { type CreateNotification, createNotification } from "./notifications.service.ts";
export * from "./notifications.table.ts";
export { eraseNotificationsOfUser } from "./notifications-erasure.ts";
