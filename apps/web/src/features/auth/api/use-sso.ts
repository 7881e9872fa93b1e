/**
 * Single sign-on: the start URL the "Sign in with …" button navigates to, and the exchange of the
 * identity provider's session cookie for our bearer token on /sso/complete.
 */
import type { LoginResponse } from "@prospector/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { storeSession } from "./complete-sign-in.ts";

export const ssoStartUrl = (redirect = "/dashboard") => `/api/auth/sso/start?redirect=${encodeURIComponent(redirect)}`;

export function useSsoToken() {
  const queryClient = useQueryClient();
  return useMutation({
    // Same-origin request: the browser sends the SSO cookie set by the callback with it.
    mutationFn: () => api.post<LoginResponse>("/auth/sso/token", {}),
    onSuccess: (response) => storeSession(queryClient, response.access_token, response.user, true),
  });
}
