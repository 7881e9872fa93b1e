/**
 * Identity contracts: the spec's /api/auth/* routes (outreach-core §7) and what the sign-in,
 * sign-up, forgot- and reset-password screens need to know about the instance.
 */
import { z } from "zod";
import { RoleId } from "./roles.ts";

export const Email = z
  .email("Please enter a valid email address")
  .max(254)
  .transform((e) => e.trim().toLowerCase());

export const PasswordPolicy = z.object({
  min_length: z.number().int(),
  require_uppercase: z.boolean(),
  require_lowercase: z.boolean(),
  require_numbers: z.boolean(),
  require_special: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof PasswordPolicy>;

/** The rules a password breaks, in the order the checklist shows them; empty when it passes. */
export function passwordProblems(password: string, policy: PasswordPolicy): string[] {
  const problems: string[] = [];
  if (password.length < policy.min_length) problems.push(`Password must be at least ${policy.min_length} characters`);
  if (policy.require_lowercase && !/[a-z]/.test(password)) problems.push("Password must contain a lowercase letter");
  if (policy.require_uppercase && !/[A-Z]/.test(password)) problems.push("Password must contain an uppercase letter");
  if (policy.require_numbers && !/\d/.test(password)) problems.push("Password must contain a number");
  if (policy.require_special && !/[^A-Za-z0-9]/.test(password)) problems.push("Password must contain a special character");
  return problems;
}

export const Me = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  image: z.string().nullable(),
  email_verified: z.boolean(),
  is_active: z.boolean(),
  is_instance_admin: z.boolean(),
  role: RoleId,
  role_label: z.string(),
  permissions: z.array(z.string()),
  organization: z.object({ id: z.string(), name: z.string(), plan: z.string() }),
  workspace: z.object({ id: z.string(), name: z.string() }),
  created_at: z.string(),
});
export type Me = z.infer<typeof Me>;

export const LoginRequest = z.object({ email: Email, password: z.string().min(1, "Password is required").max(256) });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ access_token: z.string(), token_type: z.literal("bearer"), user: Me });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RegisterRequest = z.object({
  email: Email,
  password: z.string().min(1, "Password is required").max(256),
  full_name: z.string().trim().min(1, "Full name is required").max(200),
  /** Required on the instance's first sign-up: from the link printed in the server console at start. */
  setup_token: z.string().trim().max(200).optional(),
  /**
   * The token of a workspace invitation to this address (/sign-up?invite=…): the invitation mail
   * proved the address, so no second verification mail, and sign-up is allowed when closed.
   */
  invite_token: z.string().trim().max(200).optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** Register answers with a session when the account is active at once, else asks to verify. */
export const RegisterResponse = z.object({
  access_token: z.string().nullable(),
  token_type: z.literal("bearer"),
  user: Me.nullable(),
  verification_required: z.boolean(),
  is_first_user: z.boolean(),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const AuthConfig = z.object({
  sso: z.object({ enabled: z.boolean(), name: z.string() }),
  /** No account exists yet: the next sign-up becomes the organization's admin. */
  first_user: z.boolean(),
  /** Whether a new account can be created here (false: invitations only, SIGNUP_MODE=closed). */
  signup_open: z.boolean(),
  email_verification_required: z.boolean(),
  password_policy: PasswordPolicy,
});
export type AuthConfig = z.infer<typeof AuthConfig>;

export const RequestPasswordReset = z.object({ email: Email });
export const ResetPassword = z.object({ token: z.string().min(1, "Invalid reset token"), new_password: z.string().min(1).max(256) });
export const VerifyEmail = z.object({ token: z.string().min(1) });
export const ResendVerification = z.object({ email: Email.optional() });
export const MessageResponse = z.object({ message: z.string() });

/** A code from an authenticator app (outreach-core §5: 6 digits). */
export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "The verification code must be 6 digits");

/** How long the second sign-in step stays open after the password was accepted. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 5 * 60;

/**
 * The 401 body of POST /api/auth/login when the account has two-factor on: no session yet; send the
 * token with a code (or a recovery code) to POST /api/auth/login/two-factor.
 */
export const TwoFactorChallenge = z.object({
  detail: z.string(),
  code: z.literal("TWO_FACTOR_REQUIRED"),
  two_factor_token: z.string(),
  expires_in: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

export const LoginTwoFactorRequest = z
  .object({
    two_factor_token: z.string().min(1, "two_factor_token is required").max(200),
    code: TotpCode.optional(),
    recovery_code: z.string().trim().min(1).max(64).optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), {
    message: "Send either a 6-digit code or a recovery code",
    path: ["code"],
  });
export type LoginTwoFactorRequest = z.infer<typeof LoginTwoFactorRequest>;
