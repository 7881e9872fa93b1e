/**
 * User settings rules (outreach-core §3, §5, §8): defaults merged with what the user changed,
 * validation with the spec's codes (each error names its field), profile name/email on the user
 * row, and the workspace backup schedule behind auto_backup_enabled / backup_frequency.
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
import type { BackupsService } from "../data-exports/backups.service.ts";
import { checkLayout } from "./dashboard-layout.ts";
import { sanitizeSignature, UnsafeHtmlError } from "./signature.sanitizer.ts";
import { createUserSettingsRepository } from "./user-settings.repository.ts";
import type { StoredPreferences } from "./user-settings.table.ts";

type Code =
  | "SIGNATURE_TOO_LONG"
  | "INVALID_HTML"
  | "INVALID_TIME_RANGE"
  | "INVALID_LAYOUT"
  | "TOO_MANY_WIDGETS"
  | "THEME_NOT_SUPPORTED"
  | "VALIDATION_FAILED";

/** The user's stored preferences and accessibility settings in a workspace (null before the first save). */
export function findUserSettings(ctx: Pick<AppContext, "db">, userId: string, workspaceId: string) {
  return createUserSettingsRepository(ctx.db).find(userId, workspaceId);
}

/** The user's name, email, picture and two-factor flag. */
export function findUserProfile(ctx: Pick<AppContext, "db">, userId: string) {
  return createUserSettingsRepository(ctx.db).profile(userId);
}

export function createUserSettingsService(ctx: AppContext, deps: { backups: BackupsService }) {
  const repo = createUserSettingsRepository(ctx.db);

  async function get(auth: AuthContext): Promise<UserSettings> {
    const [profile, row, backup] = await Promise.all([
      repo.profile(auth.userId),
      repo.find(auth.userId, auth.workspaceId),
      deps.backups.schedule(auth),
    ]);
    if (!profile) throw new AppError("UNAUTHENTICATED");
    const prefs = { ...DEFAULT_PREFERENCES, ...(row?.preferences ?? {}) };
    return {
      ...prefs,
      full_name: profile.name,
      email: profile.email,
      profile_picture_url: profile.image,
      two_factor_enabled: profile.twoFactorEnabled,
      auto_backup_enabled: backup.enabled,
      backup_frequency: backup.frequency,
      accessibility: AccessibilitySettings.parse(row?.accessibility ?? {}),
    } as UserSettings;
  }

  /** Checks every changed field, then writes all of it or nothing. */
  async function update(auth: AuthContext, patch: SettingsUpdate): Promise<UserSettings> {
    const current = await get(auth);
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

    const backupPatch: { enabled?: boolean; frequency?: UserSettings["backup_frequency"] } = {};
    if (patch.auto_backup_enabled !== undefined && patch.auto_backup_enabled !== current.auto_backup_enabled) {
      backupPatch.enabled = patch.auto_backup_enabled;
    }
    if (patch.backup_frequency !== undefined && patch.backup_frequency !== current.backup_frequency) {
      backupPatch.frequency = patch.backup_frequency;
    }
    // Checked before anything is written, so a refused backup change leaves the rest unsaved too.
    if (Object.keys(backupPatch).length > 0) await deps.backups.assertCanConfigure(auth);

    try {
      await repo.save({ userId: auth.userId, workspaceId: auth.workspaceId, user, preferences: prefs, accessibility: patch.accessibility });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailInUse();
      throw err;
    }
    if (Object.keys(backupPatch).length > 0) await deps.backups.updateSettings(auth, backupPatch);
    // The access context carries name and email: every process must drop its cached copy.
    if (user.name !== undefined || user.email !== undefined) await ctx.authenticator.invalidate(auth.userId);
    return get(auth);
  }

  return { get, update };
}

export type UserSettingsService = ReturnType<typeof createUserSettingsService>;

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
