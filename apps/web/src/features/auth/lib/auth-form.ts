/**
 * Validation pieces shared by the auth forms and the mapping of server errors onto form fields,
 * so a 409 or 422 from the API shows next to the field it is about.
 */
import { type PasswordPolicy, passwordProblems } from "@prospector/contracts";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { z } from "zod";
import { ApiError, errorMessage } from "../../../lib/errors.ts";

// "{something}@{something}.{something}" with no spaces (shell spec §5).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z.string().trim().min(1, "Email is required").regex(EMAIL_PATTERN, "Please enter a valid email address");

/** outreach-core §5: the policy to assume when the server's configuration cannot be read. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  min_length: 8,
  require_uppercase: true,
  require_lowercase: true,
  require_numbers: true,
  require_special: false,
};

/** The policy as a checklist a user can watch turn green while typing. */
export function policyChecklist(password: string, policy: PasswordPolicy): Array<{ label: string; met: boolean }> {
  const items = [{ label: `At least ${policy.min_length} characters`, met: password.length >= policy.min_length }];
  if (policy.require_lowercase) items.push({ label: "Contains lowercase letter", met: /[a-z]/.test(password) });
  if (policy.require_uppercase) items.push({ label: "Contains uppercase letter", met: /[A-Z]/.test(password) });
  if (policy.require_numbers) items.push({ label: "Contains number", met: /\d/.test(password) });
  if (policy.require_special) items.push({ label: "Contains special character", met: /[^A-Za-z0-9]/.test(password) });
  return items;
}

export function policyPasswordField(policy: PasswordPolicy) {
  return z
    .string()
    .min(1, "Password is required")
    .superRefine((value, ctx) => {
      const problem = passwordProblems(value, policy)[0];
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/**
 * Puts a failed request's messages on the fields they name (the server's field names match the
 * form's); returns the message for what no field covers, or null when every message was placed.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<Path<T>>,
  aliases: Partial<Record<string, Path<T>>> = {},
): string | null {
  if (!(error instanceof ApiError) || !error.errors?.length)
    return error instanceof ApiError ? (error.detail ?? error.message) : errorMessage(error);
  const unplaced: string[] = [];
  const byField = new Map<Path<T>, string[]>();
  for (const e of error.errors) {
    const field = (aliases[e.field] ?? e.field) as Path<T>;
    if (fields.includes(field)) byField.set(field, [...(byField.get(field) ?? []), e.message]);
    else unplaced.push(e.message);
  }
  for (const [field, messages] of byField) setError(field, { type: "server", message: messages.join(". ") });
  if (unplaced.length) return unplaced.join(". ");
  return byField.size ? null : (error.detail ?? error.message);
}

/** register() for MUI inputs: the ref must reach the <input>, or reset() cannot clear it. */
export function muiField<R extends { ref: unknown }>({ ref, ...rest }: R): Omit<R, "ref"> & { inputRef: R["ref"] } {
  return { ...rest, inputRef: ref };
}
