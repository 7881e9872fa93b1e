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

const isSafePath = (path: string | null | undefined): path is string => !!path?.startsWith("/") && !path.startsWith("//");

/**
 * Where to go after signing in: the page the user was sent away from, else the redirect the
 * sign-in flow carried (SSO callback's ?redirect=), else the dashboard.
 */
export function takeLandingPath(carried?: string | null): string {
  const saved = redirectAfterLogin.take();
  // Only same-origin paths: a crafted value must not send the user to another site.
  if (isSafePath(saved)) return saved;
  return isSafePath(carried) ? carried : "/dashboard";
}

export type { LoginResponse };
