/** What the sign-in/up screens need to know about this instance (SSO, first user, policy). */
import type { AuthConfig } from "@prospector/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { authKeys } from "./auth-keys.ts";

export const authConfigQuery = {
  queryKey: authKeys.config(),
  queryFn: () => api.get<AuthConfig>("/auth/config"),
  staleTime: 60_000,
} as const;

export function useAuthConfig() {
  return useQuery(authConfigQuery);
}
