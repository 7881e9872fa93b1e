/**
 * Account security (outreach-core §7 GET /security, POST /password, POST /two-factor,
 * POST /two-factor/verify, GET /sessions, POST /sessions/revoke): queries and mutations that keep
 * the security overview and the session list fresh after each change.
 */
import type {
  ActiveSession,
  ChangePasswordRequest,
  ChangePasswordResponse,
  RecoveryCodes,
  RevokeSessionsResponse,
  SecurityOverview,
  TwoFactorEnabled,
  TwoFactorToggleResponse,
} from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { settingsKeys } from "./settings-keys.ts";

const BASE = "/user-settings";

export function useSecurityOverview() {
  return useQuery({
    queryKey: settingsKeys.security(),
    queryFn: ({ signal }) => api.get<SecurityOverview>(`${BASE}/security`, { signal, retry503: false }),
    retry: false,
  });
}

export function useSessions() {
  return useQuery({
    queryKey: settingsKeys.sessions(),
    queryFn: ({ signal }) => api.get<ActiveSession[]>(`${BASE}/sessions`, { signal, retry503: false }),
    retry: false,
  });
}

function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: settingsKeys.security() });
    void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() });
    void queryClient.invalidateQueries({ queryKey: settingsKeys.settings() });
  };
}

export function useChangePassword() {
  const refresh = useRefreshSecurity();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.post<ChangePasswordResponse>(`${BASE}/password`, body, { report: false }),
    onSuccess: (answer) => {
      refresh();
      if (answer.api_keys_revoked > 0) void queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys() });
    },
  });
}

/** {enable: true} starts a setup (QR code); {enable: false} turns two-factor off. Both need the password. */
export function useToggleTwoFactor() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: { enable: boolean; password: string }) =>
      api.post<TwoFactorToggleResponse>(`${BASE}/two-factor`, body, { report: false }),
    onSuccess: refresh,
  });
}

export function useVerifyTwoFactor() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (token: string) => api.post<TwoFactorEnabled>(`${BASE}/two-factor/verify`, { token }, { report: false }),
    onSuccess: refresh,
  });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (password: string) => api.post<RecoveryCodes>(`${BASE}/two-factor/recovery-codes`, { password }, { report: false }),
    onSuccess: refresh,
  });
}

export function useRevokeSession() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api.post<{ message: string }>(`${BASE}/sessions/revoke`, { session_id: sessionId }, { report: false }),
    onSuccess: refresh,
  });
}

export function useRevokeOtherSessions() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: () => api.post<RevokeSessionsResponse>(`${BASE}/sessions/revoke-others`, undefined, { report: false }),
    onSuccess: refresh,
  });
}
