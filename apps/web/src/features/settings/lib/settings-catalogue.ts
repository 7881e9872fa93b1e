/**
 * The one description of the user's settings (outreach-core §2–3) that /settings/:tab,
 * /settings-simple and /settings-complex all render from: each option's section (the tab), its
 * group (the PUT it saves through), label, help, control, default and checks (the contracts'
 * update schemas). Settings that are actions (password, 2FA, API keys, exports, billing) are
 * links to their tab, never a second form. docs/settings.md says which ones are the essentials.
 */
import {
  AccessibilityUpdate,
  DashboardUpdate,
  DataUpdate,
  EmailUpdate,
  MAX_SIGNATURE_LENGTH,
  NotificationUpdate,
  ProfileUpdate,
  settingsErrors,
  type UserSettings,
} from "@prospector/contracts";
import type { z } from "zod";
import { DEFAULT_ACCESSIBILITY } from "../../../app/accessibility/accessibility-flags.ts";
import { requestBrowserPermission } from "../../../lib/browser-notifications.ts";
import { DEFAULT_PREFERENCES, type SettingsGroup } from "../api/settings-local.ts";
import { zodFieldErrors } from "./zod-fields.ts";

export const SETTINGS_SECTIONS = [
  { id: "profile", label: "Profile" },
  { id: "notifications", label: "Notifications" },
  { id: "email", label: "Email" },
  { id: "dashboard", label: "Dashboard" },
  { id: "security", label: "Security" },
  { id: "api", label: "API Keys" },
  { id: "data", label: "Data & Export" },
  { id: "billing", label: "Billing" },
  { id: "accessibility", label: "Accessibility" },
] as const;
export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]["id"];

export type SelectOption = { value: string | number; label: string };

export type SettingControl =
  | { kind: "switch" }
  | { kind: "select"; options: readonly SelectOption[] }
  | { kind: "text"; inputType?: "text" | "email" | "time" | "number"; multiline?: boolean; min?: number; max?: number; monospace?: boolean }
  | { kind: "timezone" }
  | { kind: "slider"; min: number; max: number; step: number; format: (v: number) => string }
  /** Shown, not edited here: changed by an action on its tab (`link`). */
  | { kind: "status"; format: (v: unknown) => string; link: { to: string; label: string } };

export interface SettingDef {
  /** The field of UserSettings; "a.b" for a field inside an object (accessibility flags, dashboard filters). */
  key: string;
  section: SettingsSectionId;
  /** The card it sits in on its tab. */
  subsection: string;
  /** The PUT /api/user-settings/settings/{group} it saves through; none for read-only statuses. */
  group: SettingsGroup | null;
  label: string;
  help?: string;
  control: SettingControl;
  /** The built-in default; undefined when there is none (name, email). */
  default?: unknown;
  /** On /settings-simple. */
  essential?: boolean;
  /** Asked before the switch turns on (browser notifications ask the browser); false leaves it off. */
  beforeEnable?: () => Promise<boolean>;
}

/** A setting that is an action with its own flow: a link to the tab that has it. */
export interface SettingLink {
  section: SettingsSectionId;
  label: string;
  help: string;
  to: string;
  essential?: boolean;
}

export const LANGUAGES: Array<{ code: string; label: string }> = [
  { code: "en", label: "English" },
  { code: "en-GB", label: "English (United Kingdom)" },
  { code: "fr", label: "Français" },
  { code: "de", label: "Deutsch" },
  { code: "es", label: "Español" },
  { code: "it", label: "Italiano" },
  { code: "nl", label: "Nederlands" },
  { code: "pt", label: "Português" },
  { code: "pt-BR", label: "Português (Brasil)" },
  { code: "pl", label: "Polski" },
  { code: "sv", label: "Svenska" },
  { code: "ja", label: "日本語" },
  { code: "zh", label: "中文" },
];

export const NOTIFICATION_FREQUENCIES: SelectOption[] = [
  { value: "realtime", label: "Real time" },
  { value: "hourly", label: "Hourly digest" },
  { value: "daily", label: "Daily digest" },
  { value: "weekly", label: "Weekly digest" },
];

export const REFRESH_INTERVALS = [
  { seconds: 30, label: "30 seconds" },
  { seconds: 60, label: "1 minute" },
  { seconds: 300, label: "5 minutes" },
  { seconds: 900, label: "15 minutes" },
  { seconds: 1800, label: "30 minutes" },
  { seconds: 3600, label: "1 hour" },
];

export const TIME_RANGES: SelectOption[] = [
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
  { value: "12m", label: "Last 12 months" },
];

export const THEME_OPTIONS: SelectOption[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "auto", label: "Auto" },
];

export const COLOUR_TYPES: SelectOption[] = [
  { value: "protanopia", label: "Protanopia (red-blind)" },
  { value: "deuteranopia", label: "Deuteranopia (green-blind)" },
  { value: "tritanopia", label: "Tritanopia (blue-blind)" },
  { value: "achromatopsia", label: "Achromatopsia (no colour)" },
];

const SWITCH = { kind: "switch" } as const;
const pref = <K extends keyof typeof DEFAULT_PREFERENCES>(k: K) => DEFAULT_PREFERENCES[k];

const flag = (key: keyof typeof DEFAULT_ACCESSIBILITY, subsection: string, label: string, help: string, essential = false): SettingDef => ({
  key: `accessibility.${key}`,
  section: "accessibility",
  subsection,
  group: "accessibility",
  label,
  help,
  control: SWITCH,
  default: DEFAULT_ACCESSIBILITY[key],
  essential,
});

export const SETTINGS_CATALOGUE: readonly SettingDef[] = [
  // ---- profile
  {
    key: "full_name",
    section: "profile",
    subsection: "Personal information",
    group: "profile",
    label: "Full name",
    help: "Shown to your teammates and used as the sender name of your emails.",
    control: { kind: "text" },
    essential: true,
  },
  {
    key: "email",
    section: "profile",
    subsection: "Personal information",
    group: "profile",
    label: "Email",
    help: "Your sign-in address and where notifications go.",
    control: { kind: "text", inputType: "email" },
  },
  {
    key: "company",
    section: "profile",
    subsection: "Personal information",
    group: "profile",
    label: "Company",
    control: { kind: "text" },
    default: pref("company"),
  },
  {
    key: "timezone",
    section: "profile",
    subsection: "Personal information",
    group: "profile",
    label: "Time zone",
    help: "Dates, reports and the sending window follow it.",
    control: { kind: "timezone" },
    default: pref("timezone"),
    essential: true,
  },
  {
    key: "language",
    section: "profile",
    subsection: "Personal information",
    group: "profile",
    label: "Language",
    control: { kind: "select", options: LANGUAGES.map((l) => ({ value: l.code, label: l.label })) },
    default: pref("language"),
    essential: true,
  },
  // ---- notifications
  {
    key: "email_notifications",
    section: "notifications",
    subsection: "Channels",
    group: "notifications",
    label: "Email notifications",
    help: "Sent to your account's email address.",
    control: SWITCH,
    default: pref("email_notifications"),
    essential: true,
  },
  {
    key: "browser_notifications",
    section: "notifications",
    subsection: "Channels",
    group: "notifications",
    label: "Browser notifications",
    help: "Pop-ups from this browser while Prospector is open.",
    control: SWITCH,
    default: pref("browser_notifications"),
    beforeEnable: async () => (await requestBrowserPermission()) === "granted",
  },
  {
    key: "mobile_notifications",
    section: "notifications",
    subsection: "Channels",
    group: "notifications",
    label: "Mobile notifications",
    help: "Pushed to the mobile app when you use it.",
    control: SWITCH,
    default: pref("mobile_notifications"),
  },
  {
    key: "notification_frequency",
    section: "notifications",
    subsection: "Channels",
    group: "notifications",
    label: "Frequency",
    help: "Each notification as it happens, or a digest.",
    control: { kind: "select", options: NOTIFICATION_FREQUENCIES },
    default: pref("notification_frequency"),
    essential: true,
  },
  {
    key: "campaign_alerts",
    section: "notifications",
    subsection: "Alerts",
    group: "notifications",
    label: "Campaign alerts",
    help: "Campaigns launched, paused, finished or failing to send.",
    control: SWITCH,
    default: pref("campaign_alerts"),
  },
  {
    key: "system_alerts",
    section: "notifications",
    subsection: "Alerts",
    group: "notifications",
    label: "System alerts",
    help: "Imports, exports, backups and problems with the instance.",
    control: SWITCH,
    default: pref("system_alerts"),
  },
  {
    key: "report_alerts",
    section: "notifications",
    subsection: "Alerts",
    group: "notifications",
    label: "Report alerts",
    help: "Scheduled reports ready to read.",
    control: SWITCH,
    default: pref("report_alerts"),
  },
  // ---- email
  {
    key: "default_signature",
    section: "email",
    subsection: "Signature",
    group: "email",
    label: "Default signature (HTML)",
    help: `Added to the emails you send. Basic HTML: links, bold, italics, line breaks, images; at most ${MAX_SIGNATURE_LENGTH} characters.`,
    control: { kind: "text", multiline: true, monospace: true },
    default: pref("default_signature"),
    essential: true,
  },
  {
    key: "track_opens",
    section: "email",
    subsection: "Tracking",
    group: "email",
    label: "Track opens",
    help: "Adds a tracking pixel to campaign emails.",
    control: SWITCH,
    default: pref("track_opens"),
  },
  {
    key: "track_clicks",
    section: "email",
    subsection: "Tracking",
    group: "email",
    label: "Track clicks",
    help: "Rewrites links so clicks are counted.",
    control: SWITCH,
    default: pref("track_clicks"),
  },
  {
    key: "track_replies",
    section: "email",
    subsection: "Tracking",
    group: "email",
    label: "Track replies",
    help: "Matches replies from your inbox.",
    control: SWITCH,
    default: pref("track_replies"),
  },
  {
    key: "default_sending_start",
    section: "email",
    subsection: "Sending window and follow-ups",
    group: "email",
    label: "Start sending at",
    help: "Campaign emails go out only within this window, in your time zone.",
    control: { kind: "text", inputType: "time" },
    default: pref("default_sending_start"),
  },
  {
    key: "default_sending_end",
    section: "email",
    subsection: "Sending window and follow-ups",
    group: "email",
    label: "Stop sending at",
    control: { kind: "text", inputType: "time" },
    default: pref("default_sending_end"),
  },
  {
    key: "auto_follow_up",
    section: "email",
    subsection: "Sending window and follow-ups",
    group: "email",
    label: "Automatic follow-up",
    help: "Send a follow-up to leads who have not replied.",
    control: SWITCH,
    default: pref("auto_follow_up"),
  },
  {
    key: "follow_up_delay",
    section: "email",
    subsection: "Sending window and follow-ups",
    group: "email",
    label: "Follow-up after (days)",
    help: "Between 1 and 30 days.",
    control: { kind: "text", inputType: "number", min: 1, max: 30 },
    default: pref("follow_up_delay"),
  },
  // ---- dashboard
  {
    key: "theme_preference",
    section: "dashboard",
    subsection: "Theme",
    group: "dashboard",
    label: "Theme",
    help: "Auto follows your system's light or dark setting.",
    control: { kind: "select", options: THEME_OPTIONS },
    default: pref("theme_preference"),
    essential: true,
  },
  {
    key: "auto_refresh_enabled",
    section: "dashboard",
    subsection: "Display and refresh",
    group: "dashboard",
    label: "Auto refresh",
    help: "Dashboard figures update on their own.",
    control: SWITCH,
    default: pref("auto_refresh_enabled"),
  },
  {
    key: "refresh_interval_seconds",
    section: "dashboard",
    subsection: "Display and refresh",
    group: "dashboard",
    label: "Refresh every",
    control: { kind: "select", options: REFRESH_INTERVALS.map((r) => ({ value: r.seconds, label: r.label })) },
    default: pref("refresh_interval_seconds"),
  },
  {
    key: "compact_mode_enabled",
    section: "dashboard",
    subsection: "Display and refresh",
    group: "dashboard",
    label: "Compact mode",
    help: "Less space between and inside widgets.",
    control: SWITCH,
    default: pref("compact_mode_enabled"),
  },
  {
    key: "show_widget_titles",
    section: "dashboard",
    subsection: "Display and refresh",
    group: "dashboard",
    label: "Show widget titles",
    control: SWITCH,
    default: pref("show_widget_titles"),
  },
  {
    key: "enable_animations",
    section: "dashboard",
    subsection: "Display and refresh",
    group: "dashboard",
    label: "Animations",
    help: "Widgets fade in. Reduce motion in Accessibility turns every animation off.",
    control: SWITCH,
    default: pref("enable_animations"),
  },
  {
    key: "default_dashboard_filters.timeRange",
    section: "dashboard",
    subsection: "Layout",
    group: "dashboard",
    label: "Default time range",
    help: "The period the dashboard opens on.",
    control: { kind: "select", options: TIME_RANGES },
    default: pref("default_dashboard_filters").timeRange,
  },
  // ---- security (read here, changed on its tab)
  {
    key: "two_factor_enabled",
    section: "security",
    subsection: "Two-factor authentication",
    group: null,
    label: "Two-factor authentication",
    help: "A code from an authenticator app at each sign-in.",
    control: { kind: "status", format: (v) => (v ? "On" : "Off"), link: { to: "/settings/security", label: "Manage two-factor" } },
    default: false,
    essential: true,
  },
  // ---- data
  {
    key: "data_retention_days",
    section: "data",
    subsection: "Data retention",
    group: "data",
    label: "Keep data for (days)",
    help: "How long your exports and activity records are kept. Between 1 and 3650.",
    control: { kind: "text", inputType: "number", min: 1, max: 3650 },
    default: pref("data_retention_days"),
  },
  // ---- accessibility
  flag("highContrast", "Vision", "High contrast", "Black and white surfaces, strong borders and underlined links."),
  flag("largeText", "Vision", "Large text", "All text 25% larger (combines with the size below).", true),
  {
    key: "accessibility.textSizeMultiplier",
    section: "accessibility",
    subsection: "Vision",
    group: "accessibility",
    label: "Text size",
    help: "From 100% to 200%.",
    control: { kind: "slider", min: 1, max: 2, step: 0.05, format: (v) => `${Math.round(v * 100)}%` },
    default: DEFAULT_ACCESSIBILITY.textSizeMultiplier,
  },
  flag("colorBlindMode", "Colour vision", "Colour-blind mode", "Status colours and charts switch to a palette you can tell apart."),
  {
    key: "accessibility.colorBlindType",
    section: "accessibility",
    subsection: "Colour vision",
    group: "accessibility",
    label: "Type",
    help: "The palette colour-blind mode uses.",
    control: { kind: "select", options: COLOUR_TYPES },
    default: DEFAULT_ACCESSIBILITY.colorBlindType,
  },
  flag("reduceMotion", "Motion and layout", "Reduce motion", "Turns off transitions, animations and ripples everywhere.", true),
  flag("autoplayDisabled", "Motion and layout", "Turn off autoplay", "Videos, sounds and looping animations never start by themselves."),
  flag(
    "simplifiedInterface",
    "Motion and layout",
    "Simplified interface",
    "Hides help texts and decorative elements to leave the essentials.",
  ),
  flag(
    "keyboardNavigation",
    "Keyboard and screen readers",
    "Keyboard navigation",
    "Adds a 'Skip to main content' link as the first Tab stop.",
  ),
  flag("focusIndicators", "Keyboard and screen readers", "Focus indicators", "A thick outline around whatever has keyboard focus."),
  flag("screenReader", "Keyboard and screen readers", "Screen reader support", "Announces the page name after each navigation."),
  flag("altText", "Images and media", "Show alternative text", "Images show their description as a tooltip."),
  flag("captions", "Images and media", "Captions", "Videos show their captions when they have them."),
  flag("audioDescriptions", "Images and media", "Audio descriptions", "Videos play their description track when they have one."),
];

export const SETTINGS_LINKS: readonly SettingLink[] = [
  { section: "profile", label: "Profile picture", help: "Upload or remove the picture shown in the top bar.", to: "/settings/profile" },
  {
    section: "dashboard",
    label: "Dashboard layout and saved layouts",
    help: "Arrange widgets on the dashboard itself, or pick a saved layout.",
    to: "/settings/dashboard",
  },
  {
    section: "security",
    label: "Change password",
    help: "The current password, then the new one twice.",
    to: "/settings/security",
    essential: true,
  },
  { section: "security", label: "Sessions", help: "Where you are signed in; sign out other devices.", to: "/settings/security" },
  { section: "api", label: "API keys", help: "Create, copy and revoke keys for the REST API.", to: "/settings/api" },
  { section: "data", label: "Exports", help: "Export leads, campaigns or everything, now or on a schedule.", to: "/settings/data" },
  { section: "data", label: "Workspace backups", help: "The backup schedule and restoring a backup.", to: "/settings/data" },
  {
    section: "billing",
    label: "Plan, usage and billing address",
    help: "Change plan, see usage against its limits, invoices.",
    to: "/settings/billing",
  },
];

export const sectionLabel = (id: SettingsSectionId) => SETTINGS_SECTIONS.find((s) => s.id === id)?.label ?? id;

/** The def of a key (throws on a typo: the tabs look their fields up by key). */
export function settingDef(key: string): SettingDef {
  const def = SETTINGS_CATALOGUE.find((d) => d.key === key);
  if (!def) throw new Error(`No setting ${key} in the catalogue`);
  return def;
}

/** A setting's current value ("a.b" reads inside an object). */
export function settingValue(settings: UserSettings, key: string): unknown {
  return key.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), settings);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether the setting is at its built-in default; null when it has none. */
export function isDefault(def: SettingDef, settings: UserSettings): boolean | null {
  return def.default === undefined ? null : same(settingValue(settings, def.key), def.default);
}

/** The text a value reads as (the complex page's "current value"). */
export function displayValue(def: SettingDef, value: unknown): string {
  const c = def.control;
  if (c.kind === "switch") return value ? "On" : "Off";
  if (c.kind === "select") return c.options.find((o) => o.value === value)?.label ?? String(value);
  if (c.kind === "slider") return c.format(Number(value));
  if (c.kind === "status") return c.format(value);
  const text = String(value ?? "");
  if (text === "") return "(empty)";
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/**
 * The body of a group's PUT for some changed keys: top-level keys as they are; "a.b" keys merged
 * into the whole current object (the server's partial update would reset omitted accessibility
 * flags to their defaults, and dashboard filters are one value).
 */
export function groupPatch(settings: UserSettings, changes: Record<string, unknown>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    const [head, ...rest] = key.split(".") as [string, ...string[]];
    if (rest.length === 0) patch[head] = value;
    else {
      const base = (patch[head] as Record<string, unknown> | undefined) ?? { ...(settingValue(settings, head) as Record<string, unknown>) };
      patch[head] = { ...base, [rest.join(".")]: value };
    }
  }
  return patch;
}

const UPDATE_SCHEMAS: Record<SettingsGroup, z.ZodType> = {
  profile: ProfileUpdate,
  notifications: NotificationUpdate,
  email: EmailUpdate,
  dashboard: DashboardUpdate,
  data: DataUpdate,
  accessibility: AccessibilityUpdate,
};

/** What the server refuses outright in a signature; it strips other unknown markup itself. */
const UNSAFE_HTML = /<\s*(script|iframe|object|embed|style)\b|\son\w+\s*=|javascript\s*:/i;

/** The email group's rules beyond the schema: the signature's length and markup, the window's order. */
export function checkEmailSettings(
  draft: Pick<UserSettings, "default_signature" | "default_sending_start" | "default_sending_end"> & Record<string, unknown>,
): Record<string, string> {
  const errors = zodFieldErrors(EmailUpdate, draft);
  if (draft.default_signature.length > MAX_SIGNATURE_LENGTH) errors.default_signature = settingsErrors.SIGNATURE_TOO_LONG.detail;
  else if (UNSAFE_HTML.test(draft.default_signature)) errors.default_signature = settingsErrors.INVALID_HTML.detail;
  if (!errors.default_sending_start && !errors.default_sending_end && draft.default_sending_end <= draft.default_sending_start) {
    errors.default_sending_end = settingsErrors.INVALID_TIME_RANGE.detail;
  }
  return errors;
}

/**
 * The client-side checks of a group's PUT body, with the contracts' update schema, as field →
 * message. The email group is checked whole (the window's order needs both ends).
 */
export function checkGroup(group: SettingsGroup, settings: UserSettings, patch: Record<string, unknown>): Record<string, string> {
  if (group === "email") {
    const whole = { ...settings, ...patch };
    const all = checkEmailSettings(whole);
    const emailKeys = SETTINGS_CATALOGUE.filter((d) => d.group === "email").map((d) => d.key);
    const windowChanged = "default_sending_start" in patch || "default_sending_end" in patch;
    return Object.fromEntries(
      Object.entries(all).filter(([k]) => emailKeys.includes(k) && (k in patch || (k === "default_sending_end" && windowChanged))),
    );
  }
  return zodFieldErrors(UPDATE_SCHEMAS[group], patch);
}

/** Does a setting or link match a search (label, help, key, section; every word, any case)? */
export function matches(item: { label: string; help?: string; key?: string; section: SettingsSectionId }, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${item.label} ${item.help ?? ""} ${item.key ?? ""} ${sectionLabel(item.section)}`.toLowerCase();
  return words.every((w) => text.includes(w));
}
