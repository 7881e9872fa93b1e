/** The top of the route tree: lets the API client's 401 flow navigate inside the SPA. */
import { useEffect } from "react";
import { Outlet, useNavigate } from "react-router";
import { api } from "../lib/api-client.ts";

export function RootRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    api.setNavigator((path) => navigate(path, { replace: true }));
  }, [navigate]);
  return <Outlet />;
}
