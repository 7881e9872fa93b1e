/** Shared last step of every way in (password, sign-up, SSO): keep the token, prime the cache. */
import type { LoginResponse, Me } from "@prospector/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { redirectAfterLogin, tokenStore } from "../../../lib/storage.ts";
import { authKeys } from "./auth-keys.ts";
import { notifyTokenChanged } from "./token-events.ts";

export function storeSession(queryClient: QueryClient, token: string, user: Me, remember: boolean): void {
  tokenStore.set(token, { remember });
  queryClient.setQueryData(authKeys.me(), user);
  notifyTokenChanged();
}

/** Where to go after signing in: the page the user was sent away from, else the dashboard. */
export function takeLandingPath(): string {
  const saved = redirectAfterLogin.take();
  // Only same-origin paths: a crafted value must not send the user to another site.
  return saved?.startsWith("/") && !saved.startsWith("//") ? saved : "/dashboard";
}

export type { LoginResponse };
