/**
 * The settings kept in this browser (localStorage user_settings, shell spec §3; outreach-core §4):
 * the last copy read from or written to the server, the changes still waiting to reach it, and
 * the keys the shell reads (profile.fullName / profilePicture, dashboard.theme, accessibility).
 */
import type { UserSettings } from "@prospector/contracts";
import { ACCESSIBILITY_EVENT, DEFAULT_ACCESSIBILITY } from "../../../app/accessibility/accessibility-flags.ts";
import { readUserSettings, USER_SETTINGS_KEY, writeJson } from "../../../lib/storage.ts";

/** outreach-core §9: warn when the local copy grows past this. */
export const LOCAL_SETTINGS_WARN_BYTES = 8 * 1024 * 1024;

export type SettingsSource = "server" | "local" | "defaults";

/** The settings tab groups and the PUT path each saves through. */
export const SETTINGS_GROUPS = ["profile", "notifications", "email", "dashboard", "data", "accessibility"] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

/**
 * The spec's preference defaults (outreach-core §3), as the contract's DEFAULT_PREFERENCES, written
 * out here without zod: the contract module builds the settings schemas when it loads, and this
 * module runs in every signed-in first render (the shell reads the stored profile and theme).
 * settings-local.test.ts pins them to the contract.
 */
export const DEFAULT_PREFERENCES = {
  company: "",
  timezone: "UTC",
  language: "en",
  email_notifications: true,
  browser_notifications: false,
  mobile_notifications: false,
  notification_frequency: "realtime",
  campaign_alerts: true,
  system_alerts: true,
  report_alerts: true,
  default_signature: "",
  track_opens: true,
  track_clicks: true,
  track_replies: true,
  default_sending_start: "09:00",
  default_sending_end: "17:00",
  auto_follow_up: false,
  follow_up_delay: 3,
  dashboard_layout: null,
  default_dashboard_filters: { timeRange: "30d", campaigns: [], leadSources: [], tags: [], customFilters: {} },
  theme_preference: "auto",
  auto_refresh_enabled: true,
  refresh_interval_seconds: 300,
  compact_mode_enabled: false,
  show_widget_titles: true,
  enable_animations: true,
  saved_layouts: [],
  data_retention_days: 365,
} as const satisfies Partial<UserSettings>;

/** Built-in defaults (outreach-core §3) for when neither the server nor a local copy answers. */
export function defaultSettings(user?: { full_name?: string; email?: string; image?: string | null } | null): UserSettings {
  return {
    ...DEFAULT_PREFERENCES,
    default_dashboard_filters: { ...DEFAULT_PREFERENCES.default_dashboard_filters, campaigns: [], leadSources: [], tags: [] },
    saved_layouts: [],
    full_name: user?.full_name ?? "",
    email: user?.email ?? "",
    profile_picture_url: user?.image ?? null,
    two_factor_enabled: false,
    auto_backup_enabled: false,
    backup_frequency: "weekly",
    accessibility: { ...DEFAULT_ACCESSIBILITY },
  };
}

interface StoredShape {
  settings?: Partial<UserSettings>;
  pendingSync?: Partial<Record<SettingsGroup, Record<string, unknown>>>;
  syncedAt?: string;
}

function stored(): StoredShape & Record<string, unknown> {
  return readUserSettings() as StoredShape & Record<string, unknown>;
}

/** The local copy, merged over the defaults so a copy from an older version still has every field. */
export function readLocalSettings(): UserSettings | null {
  const copy = stored().settings;
  if (!copy || typeof copy !== "object") return null;
  const base = defaultSettings();
  return { ...base, ...copy, accessibility: { ...base.accessibility, ...(copy.accessibility ?? {}) } } as UserSettings;
}

export function readPending(): Partial<Record<SettingsGroup, Record<string, unknown>>> {
  const p = stored().pendingSync;
  return p && typeof p === "object" ? p : {};
}

/** Byte size of user_settings as stored (UTF-8 of the JSON text). */
export function localSettingsBytes(): number {
  try {
    const raw = window.localStorage.getItem(USER_SETTINGS_KEY) ?? "";
    return new TextEncoder().encode(raw).length;
  } catch {
    return 0;
  }
}

export function isLocalCopyTooLarge(): boolean {
  return localSettingsBytes() > LOCAL_SETTINGS_WARN_BYTES;
}

/** Writes the whole copy and mirrors the keys other parts of the app read. */
export function writeLocalSettings(settings: UserSettings, options: { synced?: boolean } = {}): void {
  const current = stored();
  const profile = typeof current.profile === "object" && current.profile ? current.profile : {};
  const dashboard = typeof current.dashboard === "object" && current.dashboard ? current.dashboard : {};
  writeJson(USER_SETTINGS_KEY, {
    ...current,
    settings,
    profile: { ...profile, fullName: settings.full_name, profilePicture: settings.profile_picture_url },
    dashboard: { ...dashboard, theme: settings.theme_preference },
    accessibility: settings.accessibility,
    ...(options.synced ? { syncedAt: new Date().toISOString() } : {}),
  });
}

/** Applies a group's change to the local copy and remembers it must still reach the server. */
export function keepLocally(group: SettingsGroup, patch: Record<string, unknown>, base: UserSettings): UserSettings {
  const next = applyPatch(base, group, patch);
  writeLocalSettings(next);
  const pending = readPending();
  writeJson(USER_SETTINGS_KEY, { ...stored(), pendingSync: { ...pending, [group]: { ...(pending[group] ?? {}), ...patch } } });
  return next;
}

export function clearPending(group: SettingsGroup): void {
  const pending = { ...readPending() };
  delete pending[group];
  writeJson(USER_SETTINGS_KEY, { ...stored(), pendingSync: pending });
}

export function applyPatch(base: UserSettings, group: SettingsGroup, patch: Record<string, unknown>): UserSettings {
  if (group === "accessibility") return { ...base, accessibility: { ...base.accessibility, ...patch } };
  return { ...base, ...patch } as UserSettings;
}

/** Tells the app-wide accessibility layer (src/app/accessibility) to re-read the stored flags. */
export function announceAccessibility(): void {
  window.dispatchEvent(new Event(ACCESSIBILITY_EVENT));
}
