/**
 * The second sign-in step (POST /api/auth/login/two-factor): the challenge token from the password
 * step with an authenticator code or a recovery code; success stores the session like a password sign-in.
 */
import type { LoginResponse, TwoFactorChallenge } from "@prospector/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/errors.ts";
import { storeSession } from "./complete-sign-in.ts";

export type TwoFactorProof = { code: string } | { recovery_code: string };

export interface LoginTwoFactorInput {
  twoFactorToken: string;
  proof: TwoFactorProof;
  remember: boolean;
}

/** The challenge a password sign-in answered with when the account has two-factor on, else null. */
export function twoFactorChallengeOf(error: unknown): TwoFactorChallenge | null {
  if (!(error instanceof ApiError) || error.code !== "TWO_FACTOR_REQUIRED") return null;
  // Checked by hand, not with the contract's zod schema: the sign-in page loads no zod.
  const body = error.body as Partial<Record<keyof TwoFactorChallenge, unknown>> | undefined;
  if (typeof body?.detail !== "string" || typeof body.two_factor_token !== "string") return null;
  if (typeof body.expires_in !== "number" || !Number.isInteger(body.expires_in)) return null;
  return { detail: body.detail, code: "TWO_FACTOR_REQUIRED", two_factor_token: body.two_factor_token, expires_in: body.expires_in };
}

export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ twoFactorToken, proof }: LoginTwoFactorInput) =>
      api.post<LoginResponse>("/auth/login/two-factor", { two_factor_token: twoFactorToken, ...proof }),
    onSuccess: (response, input) => storeSession(queryClient, response.access_token, response.user, input.remember),
  });
}
