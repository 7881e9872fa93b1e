/** API keys (outreach-core §7 GET/POST /api-keys, PUT/DELETE /api-keys/{id}), the permission catalogue and usage. */
import type { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyUpdate, ApiKeyUsage, ApiPermission } from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { settingsKeys } from "./settings-keys.ts";

const BASE = "/user-settings/api-keys";

export function useApiKeys() {
  return useQuery({
    queryKey: settingsKeys.apiKeys(),
    queryFn: ({ signal }) => api.get<ApiKey[]>(BASE, { signal, retry503: false }),
    retry: false,
  });
}

export function useApiPermissions() {
  return useQuery({
    queryKey: settingsKeys.apiPermissions(),
    queryFn: ({ signal }) => api.get<ApiPermission[]>(`${BASE}/permissions`, { signal, retry503: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useApiUsage(id?: string) {
  return useQuery({
    queryKey: settingsKeys.apiUsage(id),
    queryFn: ({ signal }) =>
      api.get<ApiKeyUsage>(id ? `${BASE}/${encodeURIComponent(id)}/usage` : `${BASE}/usage`, { signal, retry503: false }),
    retry: false,
  });
}

function useInvalidateKeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys() });
}

export function useCreateApiKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({ mutationFn: (body: ApiKeyCreate) => api.post<ApiKeyCreated>(BASE, body, { report: false }), onSuccess: invalidate });
}

export function useUpdateApiKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ApiKeyUpdate }) =>
      api.put<ApiKey>(`${BASE}/${encodeURIComponent(id)}`, patch, { report: false }),
    onSuccess: invalidate,
  });
}

export function useDeleteApiKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${BASE}/${encodeURIComponent(id)}`, { report: false }),
    onSuccess: invalidate,
  });
}
