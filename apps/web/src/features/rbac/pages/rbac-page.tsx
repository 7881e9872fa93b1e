/**
 * /security/rbac, the access console: who can do what in this workspace, and why. One tab per
 * part of the decision (roles, users, teams, policies, flags, requests, audit) plus a decision
 * tester; the tab is in the address (?tab=) and each tab is its own chunk, loaded when opened.
 */
import { Badge, Box, Paper, Tab, Tabs, Typography } from "@mui/material";
import { type ComponentType, lazy, Suspense, useMemo } from "react";
import { useSearchParams } from "react-router";
import { usePermissions } from "../../../app/permissions/index.ts";
import { useSocketRefresh } from "../../../lib/use-socket.tsx";
import { rbacKeys } from "../api/rbac-keys.ts";
import { useAccessRequests } from "../api/use-rules.ts";
import { TabLoading } from "../components/tab-states.tsx";

interface TabDef {
  id: string;
  label: string;
  /** What the caller needs to open the tab at all (the server refuses the reads otherwise). */
  needs?: string;
  Component: ComponentType;
}

export const RBAC_TABS: TabDef[] = [
  { id: "roles", label: "Roles", Component: lazy(() => import("../components/roles-tab.tsx")) },
  { id: "users", label: "Users", Component: lazy(() => import("../components/users-tab.tsx")) },
  { id: "teams", label: "Teams", needs: "team:read", Component: lazy(() => import("../components/teams-tab.tsx")) },
  { id: "policies", label: "Policies", needs: "settings:read", Component: lazy(() => import("../components/policies-tab.tsx")) },
  { id: "check", label: "Test a decision", Component: lazy(() => import("../components/check-tab.tsx")) },
  { id: "flags", label: "Feature flags", needs: "settings:read", Component: lazy(() => import("../components/flags-tab.tsx")) },
  { id: "requests", label: "Access requests", Component: lazy(() => import("../components/requests-tab.tsx")) },
  { id: "audit", label: "Audit log", needs: "audit:read", Component: lazy(() => import("../components/audit-tab.tsx")) },
];

export function RbacPage() {
  const { can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const tabs = useMemo(() => RBAC_TABS.filter((t) => !t.needs || can(t.needs)), [can]);
  const current = tabs.find((t) => t.id === params.get("tab")) ?? (tabs[0] as TabDef);
  const requests = useAccessRequests();
  const pending = requests.data?.filter((r) => r.status === "pending").length ?? 0;
  // Someone changed a role, team, policy or request somewhere: what every tab shows may be stale.
  useSocketRefresh(["permissions.updated"], rbacKeys.all);

  const select = (id: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set("tab", id);
        return next;
      },
      { replace: false },
    );

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box>
        <Typography variant="h4" component="h1">
          Access console
        </Typography>
        <Typography variant="body1" color="textSecondary">
          Who can do what in this workspace, and why?
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ overflow: "hidden" }}>
        <Tabs
          value={current.id}
          onChange={(_, id: string) => select(id)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Access console sections"
          sx={{ borderBottom: 1, borderColor: "divider", px: 1 }}
        >
          {tabs.map((t) => (
            <Tab
              key={t.id}
              value={t.id}
              id={`rbac-tab-${t.id}`}
              // Only the open tab's panel is in the page (the others are not loaded yet).
              aria-controls={t.id === current.id ? `rbac-panel-${t.id}` : undefined}
              label={
                t.id === "requests" && pending > 0 ? (
                  <Badge color="warning" badgeContent={pending} max={99} sx={{ "& .MuiBadge-badge": { right: -12 } }}>
                    <span>{t.label}</span>
                  </Badge>
                ) : (
                  t.label
                )
              }
              aria-label={t.id === "requests" && pending > 0 ? `${t.label} (${pending} pending)` : undefined}
              sx={t.id === "requests" && pending > 0 ? { pr: 3 } : undefined}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`rbac-panel-${current.id}`} aria-labelledby={`rbac-tab-${current.id}`} sx={{ p: { xs: 1.5, sm: 2.5 } }}>
          <Suspense fallback={<TabLoading label={`Loading ${current.label}`} />}>
            <current.Component />
          </Suspense>
        </Box>
      </Paper>
    </Box>
  );
}

export default RbacPage;
