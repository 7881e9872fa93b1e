/** TanStack Query defaults from shell spec §9: no refetch on focus, 1 retry, 60 s stale time. */
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/errors.ts";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 60_000,
        // One retry, and only for failures that may pass on a second try (not 4xx answers).
        retry: (failureCount, error) => failureCount < 1 && (!(error instanceof ApiError) || error.retryable),
      },
      mutations: { retry: false },
    },
  });
}
