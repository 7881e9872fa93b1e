/**
 * User settings rules (outreach-core §3, §5, §8): defaults merged with what the user changed,
 * validation with the spec's codes (each error names its field), and profile name/email on the
 * user row. Fields kept by a higher feature (the workspace backup schedule behind
 * auto_backup_enabled / backup_frequency, kept by data-exports) come in through the
 * "user-settings.read" / "user-settings.check" / "user-settings.saved" hooks.
 */
import {
  AccessibilitySettings,
  DEFAULT_PREFERENCES,
  type FieldError,
  MAX_SIGNATURE_LENGTH,
  type SettingsUpdate,
  THEMES,
  type UserSettings,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { checkLayout } from "./dashboard-layout.ts";
import { sanitizeSignature, UnsafeHtmlError } from "./signature.sanitizer.ts";
import { createUserSettingsRepository } from "./user-settings.repository.ts";
import type { StoredPreferences } from "./user-settings.table.ts";

declare module "../../platform/hooks.ts" {
  interface HookHandlers {
    /** Settings fields a higher feature keeps (data-exports: the backup schedule), merged into every read. */
    "user-settings.read": (auth: AuthContext) => Promise<Partial<UserSettings>>;
    /** Runs before an update writes anything; throwing refuses the whole update. */
    "user-settings.check": (auth: AuthContext, patch: SettingsUpdate, current: UserSettings) => Promise<void>;
    /** Runs after the user's own fields are saved: a higher feature applies the fields it keeps. */
    "user-settings.saved": (auth: AuthContext, patch: SettingsUpdate, before: UserSettings) => Promise<void>;
  }
}

/** The backup fields' values when no feature keeps a backup schedule. */
const KEPT_ELSEWHERE = { auto_backup_enabled: false, backup_frequency: "weekly" } as const satisfies Partial<UserSettings>;

/** The user's stored preferences and accessibility settings in a workspace (null before the first save). */
export function findUserSettings(ctx: Pick<AppContext, "db">, userId: string, workspaceId: string) {
  return createUserSettingsRepository(ctx.db).find(userId, workspaceId);
}

/** The user's name, email, picture and two-factor flag. */
export function findUserProfile(ctx: Pick<AppContext, "db">, userId: string) {
  return createUserSettingsRepository(ctx.db).profile(userId);
}

type Code =
  | "SIGNATURE_TOO_LONG"
  | "INVALID_HTML"
  | "INVALID_TIME_RANGE"
  | "INVALID_LAYOUT"
  | "TOO_MANY_WIDGETS"
  | "THEME_NOT_SUPPORTED"
  | "VALIDATION_FAILED";

/** The user's flat settings: defaults, what they changed, their profile, and fields other features keep. */
export async function getUserSettings(ctx: Pick<AppContext, "db" | "hooks">, auth: AuthContext): Promise<UserSettings> {
  const repo = createUserSettingsRepository(ctx.db);
  const [profile, row, kept] = await Promise.all([
    repo.profile(auth.userId),
    repo.find(auth.userId, auth.workspaceId),
    ctx.hooks.run("user-settings.read", auth),
  ]);
  if (!profile) throw new AppError("UNAUTHENTICATED");
  const prefs = { ...DEFAULT_PREFERENCES, ...(row?.preferences ?? {}) };
  return {
    ...prefs,
    ...KEPT_ELSEWHERE,
    ...Object.assign({}, ...kept),
    full_name: profile.name,
    email: profile.email,
    profile_picture_url: profile.image,
    two_factor_enabled: profile.twoFactorEnabled,
    accessibility: AccessibilitySettings.parse(row?.accessibility ?? {}),
  } as UserSettings;
}

/** Checks every changed field, then writes all of it or nothing. */
export async function updateUserSettings(ctx: AppContext, auth: AuthContext, patch: SettingsUpdate): Promise<UserSettings> {
  const repo = createUserSettingsRepository(ctx.db);
  const current = await getUserSettings(ctx, auth);
  const errors: { code: Code; error: FieldError }[] = [];
  const bad = (code: Code, field: string, message: string) => errors.push({ code, error: { field, message } });
  const prefs: StoredPreferences = {};
  const user: { name?: string; email?: string } = {};

  if (patch.full_name !== undefined && patch.full_name !== current.full_name) user.name = patch.full_name;
  if (patch.email !== undefined) {
    const email = patch.email.trim().toLowerCase();
    if (email !== current.email) {
      if (await repo.emailTaken(email, auth.userId)) throw emailInUse();
      user.email = email;
    }
  }
  if (patch.timezone !== undefined) {
    if (validTimezone(patch.timezone)) prefs.timezone = patch.timezone;
    else bad("VALIDATION_FAILED", "timezone", `Unknown time zone "${patch.timezone}"`);
  }
  for (const key of ["company", "language"] as const) if (patch[key] !== undefined) prefs[key] = patch[key];
  for (const key of [
    "email_notifications",
    "browser_notifications",
    "mobile_notifications",
    "notification_frequency",
    "campaign_alerts",
    "system_alerts",
    "report_alerts",
    "track_opens",
    "track_clicks",
    "track_replies",
    "auto_follow_up",
    "follow_up_delay",
    "default_dashboard_filters",
    "auto_refresh_enabled",
    "refresh_interval_seconds",
    "compact_mode_enabled",
    "show_widget_titles",
    "enable_animations",
    "data_retention_days",
  ] as const) {
    // biome-ignore lint/suspicious/noExplicitAny: each key copies a value its own schema validated
    if (patch[key] !== undefined) (prefs as any)[key] = patch[key];
  }

  if (patch.default_signature !== undefined) {
    if (patch.default_signature.length > MAX_SIGNATURE_LENGTH) {
      bad("SIGNATURE_TOO_LONG", "default_signature", `The signature can be at most ${MAX_SIGNATURE_LENGTH} characters`);
    } else {
      try {
        prefs.default_signature = sanitizeSignature(patch.default_signature);
      } catch (err) {
        if (!(err instanceof UnsafeHtmlError)) throw err;
        bad("INVALID_HTML", "default_signature", err.message);
      }
    }
  }
  if (patch.default_sending_start !== undefined) prefs.default_sending_start = patch.default_sending_start;
  if (patch.default_sending_end !== undefined) prefs.default_sending_end = patch.default_sending_end;
  const start = patch.default_sending_start ?? current.default_sending_start;
  const end = patch.default_sending_end ?? current.default_sending_end;
  if ((patch.default_sending_start !== undefined || patch.default_sending_end !== undefined) && end <= start) {
    bad("INVALID_TIME_RANGE", "default_sending_end", "The sending end time must be after the start time");
  }

  if (patch.theme_preference !== undefined) {
    if ((THEMES as readonly string[]).includes(patch.theme_preference)) {
      prefs.theme_preference = patch.theme_preference as UserSettings["theme_preference"];
    } else bad("THEME_NOT_SUPPORTED", "theme_preference", "Theme must be light, dark or auto");
  }
  if (patch.dashboard_layout !== undefined) {
    if (patch.dashboard_layout === null) prefs.dashboard_layout = null;
    else {
      const r = checkLayout(patch.dashboard_layout);
      if (r.ok) prefs.dashboard_layout = r.json;
      else bad(r.problem.code, "dashboard_layout", r.problem.message);
    }
  }
  if (patch.saved_layouts !== undefined) {
    const saved: UserSettings["saved_layouts"] = [];
    const names = new Set<string>();
    for (const [i, s] of patch.saved_layouts.entries()) {
      const r = checkLayout(s.layout);
      if (!r.ok) bad(r.problem.code, `saved_layouts.${i}.layout`, r.problem.message);
      else if (names.has(s.name)) bad("INVALID_LAYOUT", `saved_layouts.${i}.name`, `Two saved layouts are named "${s.name}"`);
      else saved.push({ name: s.name, layout: r.json });
      names.add(s.name);
    }
    prefs.saved_layouts = saved;
  }

  if (errors.length > 0) {
    const first = errors[0] as { code: Code; error: FieldError };
    throw new AppError(first.code, first.error.message, { errors: errors.map((e) => e.error) });
  }

  // Checked before anything is written, so a refused change of a field kept elsewhere leaves the rest unsaved too.
  await ctx.hooks.run("user-settings.check", auth, patch, current);

  try {
    await repo.save({ userId: auth.userId, workspaceId: auth.workspaceId, user, preferences: prefs, accessibility: patch.accessibility });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailInUse();
    throw err;
  }
  await ctx.hooks.run("user-settings.saved", auth, patch, current);
  // The access context carries name and email: every process must drop its cached copy.
  if (user.name !== undefined || user.email !== undefined) await ctx.authenticator.invalidate(auth.userId);
  return getUserSettings(ctx, auth);
}

const emailInUse = () =>
  new AppError("EMAIL_IN_USE", undefined, { errors: [{ field: "email", message: "This email address is already in use" }] });

function validTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}
