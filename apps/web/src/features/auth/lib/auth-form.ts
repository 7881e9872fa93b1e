/**
 * Validation pieces shared by the auth forms and the mapping of server errors onto form fields,
 * so a 409 or 422 from the API shows next to the field it is about.
 */
import { type PasswordPolicy, passwordProblems } from "@prospector/contracts";
import { z } from "zod";
import { EMAIL_INVALID, EMAIL_PATTERN, EMAIL_REQUIRED, PASSWORD_REQUIRED } from "./auth-fields.ts";

export { applyServerError } from "./auth-fields.ts";

export const emailField = z.string().trim().min(1, EMAIL_REQUIRED).regex(EMAIL_PATTERN, EMAIL_INVALID);

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
    .min(1, PASSWORD_REQUIRED)
    .superRefine((value, ctx) => {
      const problem = passwordProblems(value, policy)[0];
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** register() for MUI inputs: the ref must reach the <input>, or reset() cannot clear it. */
export function muiField<R extends { ref: unknown }>({ ref, ...rest }: R): Omit<R, "ref"> & { inputRef: R["ref"] } {
  return { ...rest, inputRef: ref };
}
