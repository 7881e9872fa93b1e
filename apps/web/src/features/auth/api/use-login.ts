/** Email + password sign-in (POST /api/auth/login); "remember me" picks localStorage. */
import type { LoginResponse } from "@prospector/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { storeSession } from "./complete-sign-in.ts";

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: LoginInput) => api.post<LoginResponse>("/auth/login", { email, password }),
    onSuccess: (response, input) => storeSession(queryClient, response.access_token, response.user, input.remember),
  });
}
