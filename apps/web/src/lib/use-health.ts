/** GET /api/health: the instance's version and the state of its database, jobs and Redis. */
import { useQuery } from "@tanstack/react-query";
import { api } from "./api-client.ts";

export interface Health {
  status: "ok" | "degraded";
  version: string;
  uptime_seconds: number;
  checks: Record<string, { status: "ok" | "error" | "disabled"; latency_ms?: number; detail?: string }>;
}

export const healthQuery = {
  queryKey: ["health"],
  // A degraded instance answers 503 with the same body; retrying it would only delay the answer.
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Health>("/health", { signal, retry503: false }),
  staleTime: 30_000,
} as const;

export function useHealth(enabled = true) {
  return useQuery({ ...healthQuery, enabled });
}
