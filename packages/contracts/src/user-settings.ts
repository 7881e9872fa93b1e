/**
 * User settings (outreach-core §3 "Backend user settings (flat)", §5, §7 base /api/user-settings):
 * the flat settings with the spec's defaults, the groups the settings tabs load and save, and the
 * per-user accessibility flags. Wire names follow the spec (snake_case flat, camelCase groups).
 */
import { z } from "zod";
import { partialUpdate } from "./partial-update.ts";

export const MAX_SIGNATURE_LENGTH = 1000;
export const MAX_DASHBOARD_WIDGETS = 20;
export const MAX_SAVED_LAYOUTS = 20;
export const MAX_PROFILE_PICTURE_BYTES = 5 * 1024 * 1024;
export const THEMES = ["light", "dark", "auto"] as const;
export type Theme = (typeof THEMES)[number];

export const NotificationFrequency = z.enum(["realtime", "hourly", "daily", "weekly"]);
export type NotificationFrequency = z.infer<typeof NotificationFrequency>;
export const BackupFrequency = z.enum(["daily", "weekly", "monthly"]);
export type BackupFrequency = z.infer<typeof BackupFrequency>;

const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a 24-hour time like 09:00");

/** One widget of a dashboard layout: a grid position and size. */
export const DashboardWidget = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  x: z.number().int().min(0).max(1000),
  y: z.number().int().min(0).max(1000),
  w: z.number().int().min(1).max(48),
  h: z.number().int().min(1).max(48),
  title: z.string().max(200).optional(),
  config: z.record(z.string(), z.unknown()).optional(),
});
export type DashboardWidget = z.infer<typeof DashboardWidget>;

export const DashboardFilters = z.object({
  timeRange: z.string().min(1).max(20).default("30d"),
  campaigns: z.array(z.string().max(100)).max(200).default([]),
  leadSources: z.array(z.string().max(100)).max(200).default([]),
  tags: z.array(z.string().max(100)).max(200).default([]),
  customFilters: z.record(z.string(), z.unknown()).default({}),
});
export type DashboardFilters = z.infer<typeof DashboardFilters>;

/** A named layout the user can switch to; `layout` is JSON text like dashboard_layout. */
export const SavedLayout = z.object({ name: z.string().trim().min(1).max(100), layout: z.string().max(100_000) });
export type SavedLayout = z.infer<typeof SavedLayout>;

export const ProfileSettings = z.object({
  full_name: z.string(),
  email: z.string(),
  company: z.string(),
  profile_picture_url: z.string().nullable(),
  timezone: z.string(),
  language: z.string(),
});
export type ProfileSettings = z.infer<typeof ProfileSettings>;

export const NotificationSettings = z.object({
  email_notifications: z.boolean(),
  browser_notifications: z.boolean(),
  mobile_notifications: z.boolean(),
  notification_frequency: NotificationFrequency,
  campaign_alerts: z.boolean(),
  system_alerts: z.boolean(),
  report_alerts: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const EmailSettings = z.object({
  default_signature: z.string(),
  track_opens: z.boolean(),
  track_clicks: z.boolean(),
  track_replies: z.boolean(),
  default_sending_start: z.string(),
  default_sending_end: z.string(),
  auto_follow_up: z.boolean(),
  follow_up_delay: z.number().int(),
});
export type EmailSettings = z.infer<typeof EmailSettings>;

export const DashboardSettings = z.object({
  /** JSON text: an array of widgets; null means the app's default layout. */
  dashboard_layout: z.string().nullable(),
  default_dashboard_filters: DashboardFilters,
  theme_preference: z.enum(THEMES),
  auto_refresh_enabled: z.boolean(),
  refresh_interval_seconds: z.number().int(),
  compact_mode_enabled: z.boolean(),
  show_widget_titles: z.boolean(),
  enable_animations: z.boolean(),
  saved_layouts: z.array(SavedLayout),
});
export type DashboardSettings = z.infer<typeof DashboardSettings>;

export const DataSettings = z.object({
  /** Read-only here: two-factor is turned on and off under security. */
  two_factor_enabled: z.boolean(),
  /** The workspace's backup schedule (changing it needs settings:update). */
  auto_backup_enabled: z.boolean(),
  backup_frequency: BackupFrequency,
  data_retention_days: z.number().int(),
});
export type DataSettings = z.infer<typeof DataSettings>;

export const ColorBlindType = z.enum(["protanopia", "deuteranopia", "tritanopia", "achromatopsia"]);

export const AccessibilitySettings = z.object({
  highContrast: z.boolean().default(false),
  largeText: z.boolean().default(false),
  textSizeMultiplier: z.number().min(1).max(2).default(1),
  reduceMotion: z.boolean().default(false),
  screenReader: z.boolean().default(false),
  keyboardNavigation: z.boolean().default(true),
  focusIndicators: z.boolean().default(true),
  colorBlindMode: z.boolean().default(false),
  colorBlindType: ColorBlindType.default("deuteranopia"),
  altText: z.boolean().default(true),
  audioDescriptions: z.boolean().default(false),
  captions: z.boolean().default(false),
  autoplayDisabled: z.boolean().default(false),
  simplifiedInterface: z.boolean().default(false),
});
export type AccessibilitySettings = z.infer<typeof AccessibilitySettings>;
export const AccessibilityUpdate = partialUpdate(AccessibilitySettings);
export type AccessibilityUpdate = z.infer<typeof AccessibilityUpdate>;

export const UserSettings = z.object({
  ...ProfileSettings.shape,
  ...NotificationSettings.shape,
  ...EmailSettings.shape,
  ...DashboardSettings.shape,
  ...DataSettings.shape,
  accessibility: AccessibilitySettings,
});
export type UserSettings = z.infer<typeof UserSettings>;

/** Preferences stored in user_settings (profile name/email/picture and 2FA live on the user). */
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

// ---- Updates: every field optional; the server checks the rules with the spec's codes. ----

export const ProfileUpdate = z
  .object({
    full_name: z.string().trim().min(1, "Name is required").max(200),
    email: z.email("Enter a valid email address").max(320),
    company: z.string().trim().max(200),
    timezone: z.string().min(1).max(100),
    language: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "Use a language code like en or pt-BR")
      .max(35),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

export const NotificationUpdate = partialUpdate(NotificationSettings);
export type NotificationUpdate = z.infer<typeof NotificationUpdate>;

export const EmailUpdate = z
  .object({
    // Length is checked by the server (SIGNATURE_TOO_LONG), so the cap here only bounds the body.
    default_signature: z.string().max(50_000),
    track_opens: z.boolean(),
    track_clicks: z.boolean(),
    track_replies: z.boolean(),
    default_sending_start: Time,
    default_sending_end: Time,
    auto_follow_up: z.boolean(),
    follow_up_delay: z.number().int().min(1, "At least 1 day").max(30, "At most 30 days"),
  })
  .partial();
export type EmailUpdate = z.infer<typeof EmailUpdate>;

export const DashboardUpdate = z
  .object({
    dashboard_layout: z.string().max(100_000).nullable(),
    default_dashboard_filters: DashboardFilters,
    // Any string: an unknown theme gets THEME_NOT_SUPPORTED rather than a generic 422.
    theme_preference: z.string().max(50),
    auto_refresh_enabled: z.boolean(),
    refresh_interval_seconds: z.number().int().min(10, "At least 10 seconds").max(86_400, "At most one day"),
    compact_mode_enabled: z.boolean(),
    show_widget_titles: z.boolean(),
    enable_animations: z.boolean(),
    saved_layouts: z.array(SavedLayout).max(MAX_SAVED_LAYOUTS, `At most ${MAX_SAVED_LAYOUTS} saved layouts`),
  })
  .partial();
export type DashboardUpdate = z.infer<typeof DashboardUpdate>;

export const DataUpdate = z
  .object({
    auto_backup_enabled: z.boolean(),
    backup_frequency: BackupFrequency,
    data_retention_days: z.number().int().min(1, "At least 1 day").max(3650, "At most 10 years"),
  })
  .partial();
export type DataUpdate = z.infer<typeof DataUpdate>;

export const SettingsUpdate = z.object({
  ...ProfileUpdate.shape,
  ...NotificationUpdate.shape,
  ...EmailUpdate.shape,
  ...DashboardUpdate.shape,
  ...DataUpdate.shape,
  accessibility: AccessibilityUpdate.optional(),
});
export type SettingsUpdate = z.infer<typeof SettingsUpdate>;

export const ProfilePicture = z.object({ profile_picture_url: z.string().nullable() });
export type ProfilePicture = z.infer<typeof ProfilePicture>;
