/**
 * The user-settings feature's public surface: the settings service, a user's stored preferences
 * and profile for features that personalize with them, and the settings table.
 */
export { findUserProfile, findUserSettings } from "./user-settings.service.ts";
export { createUserSettingsService, type UserSettingsService } from "./user-settings.service.ts";
export { type StoredPreferences, userSettings } from "./user-settings.table.ts";
