/** TanStack Query defaults from shell spec §9: no refetch on focus, 1 retry, 60 s stale time. */
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/errors.ts";
import { accessDenials } from "./permissions/access-denials.ts";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A 403 naming its permission, from any page's query or action, shows "Request access" (app layout).
    queryCache: new QueryCache({ onError: (error) => accessDenials.record(error) }),
    mutationCache: new MutationCache({ onError: (error) => accessDenials.record(error) }),
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
