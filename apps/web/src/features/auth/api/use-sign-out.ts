/** Sign-out: ends the server session, forgets the token and every cached query, returns to /. */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { api } from "../../../lib/api-client.ts";
import { signOutIntent, tokenStore } from "../../../lib/storage.ts";
import { notifyTokenChanged } from "./token-events.ts";

export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    signOutIntent.mark();
    // Leave the protected area while still signed in: dropping the token on an app page would let
    // the auth guard send the user to /sign-in and remember that page for the next sign-in.
    await navigate("/", { replace: true });
    try {
      await api.post("/auth/logout", {});
    } catch {
      // The local sign-out must happen even when the server is unreachable or the session
      // already expired; the token is dropped below either way.
    }
    tokenStore.clear();
    queryClient.clear();
    notifyTokenChanged();
  }, [queryClient, navigate]);
}
