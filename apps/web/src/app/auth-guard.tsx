/**
 * Keeps app pages for signed-in users (shell spec §2): "Loading..." until the session is known,
 * then signed-out visitors go to /sign-in and come back to the page they asked for afterwards.
 */
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useSession } from "../features/auth/api/use-session.ts";
import { redirectAfterLogin, signOutIntent } from "../lib/storage.ts";
import { LoadingScreen } from "../ui/loading-screen.tsx";

export function AuthGuard({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === "loading") return <LoadingScreen fullPage />;
  if (status === "unauthenticated") {
    if (signOutIntent.active()) return <Navigate replace to="/" />;
    redirectAfterLogin.set(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate replace to="/sign-in" />;
  }
  return <>{children}</>;
}
