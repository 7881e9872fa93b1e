/**
 * The auth forms' field checks and server-error mapping without a validation library, so the
 * sign-in page (a first visit's page) loads neither zod nor react-hook-form (bench/web: 37 KB of
 * its JavaScript). The zod fields of the other auth forms (auth-form.ts) use the same rules and
 * messages (shell spec §5).
 */
import { ApiError, errorMessage } from "../../../lib/errors.ts";

// "{something}@{something}.{something}" with no spaces (shell spec §5).
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_REQUIRED = "Email is required";
export const EMAIL_INVALID = "Please enter a valid email address";
export const PASSWORD_REQUIRED = "Password is required";

/** The message for an email field's value (checked trimmed), or null when it is acceptable. */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return EMAIL_REQUIRED;
  return EMAIL_PATTERN.test(email) ? null : EMAIL_INVALID;
}

/** Where a form puts a message on one of its fields (react-hook-form's setError fits). */
export type SetFieldError<F extends string> = (field: F, error: { type: "server"; message: string }) => void;

/**
 * Puts a failed request's messages on the fields they name (the server's field names match the
 * form's); returns the message for what no field covers, or null when every message was placed.
 */
export function applyServerError<F extends string>(
  error: unknown,
  setError: SetFieldError<F>,
  fields: ReadonlyArray<F>,
  aliases: Partial<Record<string, F>> = {},
): string | null {
  if (!(error instanceof ApiError) || !error.errors?.length)
    return error instanceof ApiError ? (error.detail ?? error.message) : errorMessage(error);
  const unplaced: string[] = [];
  const byField = new Map<F, string[]>();
  for (const e of error.errors) {
    const field = (aliases[e.field] ?? e.field) as F;
    if (fields.includes(field)) byField.set(field, [...(byField.get(field) ?? []), e.message]);
    else unplaced.push(e.message);
  }
  for (const [field, messages] of byField) setError(field, { type: "server", message: messages.join(". ") });
  if (unplaced.length) return unplaced.join(". ");
  return byField.size ? null : (error.detail ?? error.message);
}
