/**
 * The top of the route tree: lets the API client's 401 flow navigate inside the SPA, and shows the
 * crash screen for a page that fails (it clears when the user goes elsewhere).
 */
import { useEffect } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { api } from "../lib/api-client.ts";
import { AppErrorBoundary } from "./app-error-boundary.tsx";

export function RootRoute() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    api.setNavigator((path) => navigate(path, { replace: true }));
  }, [navigate]);
  return (
    <AppErrorBoundary source="RouteErrorBoundary" resetKey={pathname}>
      <Outlet />
    </AppErrorBoundary>
  );
}
