/**
 * Every error the API can return, by code. `errorStatus` is an exhaustive Record: adding a code
 * without its HTTP status fails to compile, so no error ships unmapped.
 */
import { z } from "zod";

export const errorStatus = {
  // generic
  VALIDATION_FAILED: 422,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  // identity
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 423,
  ACCOUNT_INACTIVE: 403,
  EMAIL_NOT_VERIFIED: 403,
  EMAIL_IN_USE: 409,
  WEAK_PASSWORD: 422,
  INVALID_TOKEN: 400,
  TWO_FACTOR_REQUIRED: 401,
  SSO_NOT_CONFIGURED: 404,
  // access
  USER_INACTIVE: 403,
  PERMISSION_SYSTEM_UNAVAILABLE: 503,
  // notifications
  NOTIFICATION_NOT_FOUND: 404,
  // mailbox
  MAIL_NOT_FOUND: 404,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;
export const ErrorCode = z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]);

/** Default human text for a code when the thrower gives none. */
export const errorDetail: Record<ErrorCode, string> = {
  VALIDATION_FAILED: "Validation failed",
  BAD_REQUEST: "Bad request",
  NOT_FOUND: "Not found",
  ROUTE_NOT_FOUND: "No such API route",
  CONFLICT: "Conflict",
  UNAUTHENTICATED: "Authentication required. Please log in again.",
  FORBIDDEN: "You do not have permission to perform this action.",
  RATE_LIMITED: "Rate limit exceeded",
  PAYLOAD_TOO_LARGE: "Request too large",
  INTERNAL: "Server error occurred. Please try again later.",
  SERVICE_UNAVAILABLE: "Service temporarily unavailable",
  INVALID_CREDENTIALS: "Incorrect email or password",
  ACCOUNT_LOCKED: "Too many failed sign-in attempts. Try again later.",
  ACCOUNT_INACTIVE: "User not found or inactive",
  EMAIL_NOT_VERIFIED: "Please verify your email address before signing in.",
  EMAIL_IN_USE: "This email address is already in use",
  WEAK_PASSWORD: "Password does not meet the password policy",
  INVALID_TOKEN: "Invalid or expired token",
  TWO_FACTOR_REQUIRED: "Two-factor verification required",
  SSO_NOT_CONFIGURED: "Single sign-on is not configured",
  USER_INACTIVE: "User not found or inactive",
  PERMISSION_SYSTEM_UNAVAILABLE: "Permission check system unavailable",
  NOTIFICATION_NOT_FOUND: "Notification not found",
  MAIL_NOT_FOUND: "Message not found",
};

export const FieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/** The body of every non-2xx API response. */
export const ErrorBody = z.object({
  detail: z.string(),
  code: ErrorCode,
  errors: z.array(FieldError).optional(),
  requiredPermission: z.string().optional(),
  retryAfter: z.number().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
