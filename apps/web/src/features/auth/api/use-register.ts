/** Account creation (POST /api/auth/register); signs in at once unless verification is required. */
import type { RegisterResponse } from "@prospector/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { authKeys } from "./auth-keys.ts";
import { storeSession } from "./complete-sign-in.ts";

export interface RegisterInput {
  email: string;
  password: string;
  full_name: string;
  remember: boolean;
  /** From the first-run link (`/sign-up?setup_token=…`); the server needs it for the first account only. */
  setup_token?: string | undefined;
  /** From an invitation link (`/sign-up?invite=…`): lets the invited address in, verified (docs/invites.md). */
  invite_token?: string | undefined;
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password, full_name, setup_token, invite_token }: RegisterInput) =>
      api.post<RegisterResponse>("/auth/register", {
        email,
        password,
        full_name,
        ...(setup_token ? { setup_token } : {}),
        ...(invite_token ? { invite_token } : {}),
      }),
    onSuccess: (response, input) => {
      if (response.access_token && response.user) storeSession(queryClient, response.access_token, response.user, input.remember);
      // first_user flips once an account exists.
      void queryClient.invalidateQueries({ queryKey: authKeys.config() });
    },
  });
}
