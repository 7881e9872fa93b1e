/**
 * Error codes of account security under /api/user-settings (outreach-core §8 settings codes):
 * password change, two-factor authentication and session management, plus the second sign-in step.
 */
import { defineErrors } from "./define-errors.ts";

export const accountSecurityErrors = defineErrors({
  // Not INVALID_CREDENTIALS: the caller is signed in, only the confirmation password is wrong.
  INVALID_CURRENT_PASSWORD: { status: 401, detail: "Current password is incorrect" },
  PASSWORD_NOT_SET: {
    status: 409,
    detail: "This account signs in with single sign-on and has no password here. Set one with “Forgot password” first.",
  },
  SECURITY_SESSION_REQUIRED: { status: 403, detail: "Account security can only be changed from a signed-in session, not with an API key" },
  INVALID_TOTP_CODE: { status: 400, detail: "Invalid verification code. Please try again." },
  INVALID_RECOVERY_CODE: { status: 400, detail: "This recovery code is not valid or has already been used" },
  TOTP_ALREADY_ENABLED: { status: 409, detail: "Two-factor authentication is already enabled" },
  TWO_FACTOR_NOT_ENABLED: { status: 409, detail: "Two-factor authentication is not enabled" },
  TWO_FACTOR_SETUP_NOT_STARTED: { status: 409, detail: "Start the two-factor setup first to get a QR code to scan" },
  TWO_FACTOR_CHALLENGE_EXPIRED: { status: 401, detail: "This sign-in attempt has expired. Please sign in again." },
  CANNOT_REVOKE_CURRENT_SESSION: { status: 400, detail: "You cannot revoke the session you are using. Sign out instead." },
  SESSION_NOT_FOUND: { status: 404, detail: "Session not found" },
});
