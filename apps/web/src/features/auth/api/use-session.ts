/**
 * The signed-in user as the auth guard and top bar see it: GET /api/auth/me while a token is
 * stored, "unauthenticated" when none is or the server refuses it.
 */
import type { Me } from "@prospector/contracts";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { api } from "../../../lib/api-client.ts";
import { tokenStore } from "../../../lib/storage.ts";
import { authKeys } from "./auth-keys.ts";
import { subscribeToken } from "./token-events.ts";

export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

export interface Session {
  status: SessionStatus;
  user: Me | null;
  refresh: () => Promise<void>;
}

/** GET /api/auth/me, as useSession runs it and app/early-start.ts starts it. */
export const meQuery = {
  queryKey: authKeys.me(),
  queryFn: () => api.get<Me>("/auth/me"),
  // A refused token is not worth retrying: the guard should send the user to sign in at once.
  retry: false,
  staleTime: 60_000,
} as const;

export function useSession(): Session {
  const token = useSyncExternalStore(subscribeToken, () => tokenStore.get() ?? null);
  // The entry may have started this request already (app/early-start.ts): same key and options.
  const query = useQuery({ ...meQuery, enabled: token !== null });
  const { refetch } = query;
  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);

  if (token === null) return { status: "unauthenticated", user: null, refresh };
  if (query.data) return { status: "authenticated", user: query.data, refresh };
  if (query.isError) return { status: "unauthenticated", user: null, refresh };
  return { status: "loading", user: null, refresh };
}
