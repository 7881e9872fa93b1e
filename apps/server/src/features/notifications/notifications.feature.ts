/** Notifications: other features create them (createNotification); the API lists and marks them read. */
import type { Feature } from "../../platform/feature.ts";
import { notificationsRoutes } from "./notifications.routes.ts";

export const notificationsFeature: Feature = {
  name: "notifications",
  routes(app, ctx) {
    notificationsRoutes(app, ctx);
  },
};
