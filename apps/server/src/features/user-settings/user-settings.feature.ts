import type { Feature } from "../../platform/feature.ts";
import { userSettingsRoutes } from "./user-settings.routes.ts";

/** User settings: the flat settings and their groups, accessibility and the profile picture. */
export const userSettingsFeature: Feature = {
  name: "user-settings",
  routes: userSettingsRoutes,
};
