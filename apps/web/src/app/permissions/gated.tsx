/**
 * A control the role may not use: disabled with a tooltip naming the permission it needs (or
 * hidden with `hide`). The server still refuses the request; this only says so before the click.
 */
import { Box, Tooltip } from "@mui/material";
import { cloneElement, isValidElement, type ReactElement } from "react";
import { usePermissions } from "./permission-provider.tsx";

export interface PermissionGateProps {
  permission: string;
  /** Hide instead of disabling. */
  hide?: boolean;
  /** One control that takes `disabled` (a Button, IconButton, MenuItem). */
  children: ReactElement<{ disabled?: boolean }>;
}

/** The tooltip on a control the user may not use. */
export const missingPermissionText = (permission: string) => `Requires the ${permission} permission`;

export function PermissionGate({ permission, hide = false, children }: PermissionGateProps) {
  const { can, loading } = usePermissions();
  if (can(permission)) return children;
  // Not known yet: claim no refusal before the answer is in.
  if (loading || hide || !isValidElement(children)) return null;
  return (
    <Tooltip title={missingPermissionText(permission)}>
      {/* A disabled button fires no pointer events: the span carries the tooltip. */}
      <Box component="span" sx={{ display: "inline-flex" }} data-permission={permission}>
        {cloneElement(children, { disabled: true })}
      </Box>
    </Tooltip>
  );
}
