/**
 * What the layout shows around a page for access: the page itself, or <AccessDenied> when the
 * user's role lacks the permission its navigation entry needs; a "Request access" banner for any
 * request the server refused on this page (403 with requiredPermission); and the read-only banner
 * of an archived workspace.
 */
import { Alert, Button } from "@mui/material";
import { useEffect } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { accessDenials, useAccessDenials } from "../permissions/access-denials.ts";
import { AccessDenied } from "../permissions/access-denied.tsx";
import { usePermissions } from "../permissions/permission-provider.tsx";
import { useWorkspace } from "../permissions/workspace-provider.tsx";
import { activeItem } from "./nav-items.ts";

export function PageAccess() {
  const { pathname } = useLocation();
  const { can, loading } = usePermissions();
  const needed = activeItem(pathname)?.permission;
  if (needed && !loading && !can(needed)) {
    return <AccessDenied requiredPermission={needed} title="You don't have access to this page" />;
  }
  return <Outlet />;
}

export function WorkspaceBanners() {
  const { pathname } = useLocation();
  const { current } = useWorkspace();
  const { can } = usePermissions();
  const denied = useAccessDenials();
  const pageNeeds = activeItem(pathname)?.permission;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refusal belongs to the page it happened on; a new page starts clean.
  useEffect(() => {
    accessDenials.clear();
  }, [pathname]);

  return (
    <>
      {current?.archived_at && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          data-testid="archived-banner"
          action={
            <Button component={Link} to="/team/workspaces" color="inherit" size="small">
              Manage workspaces
            </Button>
          }
        >
          <strong>{current.name} is archived, so it is read-only.</strong> You can look at its data; an owner or administrator can restore
          it to make changes.
        </Alert>
      )}
      {denied
        // The whole page is replaced by <AccessDenied> for that one already.
        .filter((permission) => !(permission === pageNeeds && !can(permission)))
        .map((permission) => (
          <AccessDenied key={permission} variant="inline" requiredPermission={permission} title="Part of this page is hidden" />
        ))}
    </>
  );
}
