import { defineErrors } from "./define-errors.ts";

export const identityErrors = defineErrors({
  INVALID_CREDENTIALS: { status: 401, detail: "Incorrect email or password" },
  ACCOUNT_LOCKED: { status: 423, detail: "Too many failed sign-in attempts. Try again later." },
  ACCOUNT_INACTIVE: { status: 403, detail: "User not found or inactive" },
  EMAIL_NOT_VERIFIED: { status: 403, detail: "Please verify your email address before signing in." },
  EMAIL_IN_USE: { status: 409, detail: "This email address is already in use" },
  WEAK_PASSWORD: { status: 422, detail: "Password does not meet the password policy" },
  PASSWORD_RECENTLY_USED: { status: 422, detail: "Password was used recently. Choose a different one." },
  INVALID_TOKEN: { status: 400, detail: "Invalid or expired token" },
  TWO_FACTOR_REQUIRED: { status: 401, detail: "Two-factor verification required" },
  SETUP_TOKEN_REQUIRED: {
    status: 403,
    detail:
      "This instance is not set up yet. Open the sign-up link printed in the server console when it started (it carries the setup token), or set SETUP_TOKEN.",
  },
  SETUP_TOKEN_INVALID: {
    status: 403,
    detail: "This setup link is not valid. Use the sign-up link printed in the server console when it last started.",
  },
  SIGNUP_CLOSED: { status: 403, detail: "Sign-up is closed on this instance. Ask an administrator to invite you." },
  SSO_NOT_CONFIGURED: { status: 404, detail: "Single sign-on is not configured" },
});
