/**
 * The user-settings feature's public surface: the settings, a user's stored preferences and
 * profile for features that personalize with them, the storage profile pictures take, and the
 * settings table. Its hooks ("user-settings.read", ".check", ".saved") are declared in
 * user-settings.service.ts.
 */
export { avatarStorageBytes } from "./profile-picture.service.ts";
export { findUserProfile, findUserSettings, getUserSettings, updateUserSettings } from "./user-settings.service.ts";
export { type StoredPreferences, userSettings } from "./user-settings.table.ts";
export { eraseSettingsOfUser, removeProfilePictureFile } from "./user-settings-erasure.ts";
