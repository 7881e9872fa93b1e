/**
 * Account security under /api/user-settings (outreach-core §3 "Security", §5, §7): password change,
 * two-factor authentication with an authenticator app and recovery codes, and active sessions.
 */
import { z } from "zod";
import { PasswordPolicy, TotpCode } from "./auth.ts";

/** How many one-time recovery codes a user gets when two-factor is turned on or codes are renewed. */
export const RECOVERY_CODE_COUNT = 10;

export const ActiveSession = z.object({
  id: z.string(),
  /** "Chrome on macOS", from the browser's user agent; "Unknown device" without one. */
  device: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable(),
  /** "Local network" for private addresses; a place only where the server can look one up; else "Unknown". */
  location: z.string(),
  created_at: z.string(),
  last_activity: z.string(),
  /** The session making this request: it cannot be revoked here (sign out instead). */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSession>;

export const SecurityOverview = z.object({
  two_factor_enabled: z.boolean(),
  /** A setup was started (QR code shown) but not confirmed with a code yet. */
  two_factor_pending: z.boolean(),
  /** False for accounts that only sign in with single sign-on. */
  has_password: z.boolean(),
  password_last_changed: z.string().nullable(),
  recovery_codes_remaining: z.number().int(),
  active_sessions: z.array(ActiveSession),
  /** The rules a new password must meet on POST /password. */
  password_policy: PasswordPolicy,
});
export type SecurityOverview = z.infer<typeof SecurityOverview>;

const Password = z.string().min(1, "Password is required").max(256);

export const ChangePasswordRequest = z.object({
  current_password: Password,
  new_password: Password,
  /** Also revoke every API key of the user (a password reset always does). */
  revoke_api_keys: z.boolean().default(false),
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

export const ChangePasswordResponse = z.object({
  message: z.string(),
  other_sessions_revoked: z.number().int(),
  api_keys_revoked: z.number().int(),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

/** POST /two-factor: {enable: true} starts a setup, {enable: false} turns it off; both confirm the password. */
export const TwoFactorToggleRequest = z.object({ enable: z.boolean(), password: Password });
export type TwoFactorToggleRequest = z.infer<typeof TwoFactorToggleRequest>;

export const TwoFactorSetup = z.object({
  status: z.literal("pending"),
  /** For authenticator apps; the QR code encodes it. */
  otpauth_uri: z.string(),
  /** data:image/png;base64,… */
  qr_code: z.string(),
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

export const TwoFactorDisabled = z.object({ status: z.literal("disabled"), message: z.string(), other_sessions_revoked: z.number().int() });
export type TwoFactorDisabled = z.infer<typeof TwoFactorDisabled>;

export const TwoFactorToggleResponse = z.discriminatedUnion("status", [TwoFactorSetup, TwoFactorDisabled]);
export type TwoFactorToggleResponse = z.infer<typeof TwoFactorToggleResponse>;

export const TwoFactorVerifyRequest = z.object({ token: TotpCode });
export type TwoFactorVerifyRequest = z.infer<typeof TwoFactorVerifyRequest>;

/** Recovery codes are shown once: only their hashes are kept. */
export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const TwoFactorEnabled = RecoveryCodes.extend({
  status: z.literal("enabled"),
  message: z.string(),
  other_sessions_revoked: z.number().int(),
});
export type TwoFactorEnabled = z.infer<typeof TwoFactorEnabled>;

export const PasswordConfirmation = z.object({ password: Password });
export type PasswordConfirmation = z.infer<typeof PasswordConfirmation>;

export const RevokeSessionRequest = z.object({ session_id: z.string().min(1, "session_id is required").max(100) });
export type RevokeSessionRequest = z.infer<typeof RevokeSessionRequest>;

export const RevokeSessionsResponse = z.object({ message: z.string(), revoked: z.number().int() });
export type RevokeSessionsResponse = z.infer<typeof RevokeSessionsResponse>;
