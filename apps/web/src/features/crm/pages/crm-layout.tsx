/**
 * The CRM area (/crm/*): one header with a tab per page (Overview, Customers, Deals, Tasks,
 * Interactions) above the page itself. The tabs are links, so every page has its own address.
 */
import { Box, Tab, Tabs } from "@mui/material";
import { Suspense } from "react";
import { Outlet, Link as RouterLink, useLocation } from "react-router";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";

export const CRM_TABS = [
  { path: "/crm", label: "Overview" },
  { path: "/crm/customers", label: "Customers" },
  { path: "/crm/deals", label: "Deals" },
  { path: "/crm/tasks", label: "Tasks" },
  { path: "/crm/interactions", label: "Interactions" },
] as const;

export default function CrmLayout() {
  const { pathname } = useLocation();
  const here = pathname.replace(/\/$/, "");
  const current = CRM_TABS.find((t) => t.path === here)?.path ?? false;
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }}>
      <Box component="nav" aria-label="CRM">
        <Tabs value={current} variant="scrollable" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: "divider" }}>
          {CRM_TABS.map((t) => (
            <Tab key={t.path} value={t.path} label={t.label} component={RouterLink} to={t.path} />
          ))}
        </Tabs>
      </Box>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
