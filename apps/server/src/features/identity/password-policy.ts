/** The instance's password policy (settings) and the server-side check of a new password. */
import { type FieldError, type PasswordPolicy, passwordProblems } from "@prospector/contracts";
import type { Config } from "../../config.ts";
import { AppError } from "../../platform/errors.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.ts";

export function passwordPolicy(config: Config): PasswordPolicy {
  return {
    min_length: config.PASSWORD_MIN_LENGTH,
    require_uppercase: config.PASSWORD_REQUIRE_UPPERCASE,
    require_lowercase: config.PASSWORD_REQUIRE_LOWERCASE,
    require_numbers: config.PASSWORD_REQUIRE_NUMBERS,
    require_special: config.PASSWORD_REQUIRE_SPECIAL,
  };
}

/**
 * The password rules that only the server can check: the configured character rules first, then
 * the list of common passwords. Field errors name `field`; the detail says what to do.
 */
export function assertPasswordAccepted(password: string, policy: PasswordPolicy, field: string): void {
  const problems = passwordProblems(password, policy);
  if (problems.length === 0 && isCommonPassword(password)) problems.push(COMMON_PASSWORD_MESSAGE);
  if (problems.length === 0) return;
  const errors: FieldError[] = problems.map((message) => ({ field, message }));
  throw new AppError("WEAK_PASSWORD", problems.length === 1 ? problems[0] : undefined, { errors });
}
