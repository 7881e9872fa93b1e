/**
 * The role × permission matrix of /team/permissions: rows are every `resource:action` some role is
 * granted (wildcard rows like `crm:*` included) plus the team and workspace permissions the Team
 * pages ask for, sorted by resource; each cell says whether the role's grants allow it (deny beats allow).
 */
import type { RoleSummary } from "@prospector/contracts";
import { decide, toPermissionSet } from "../../../app/permissions/permission-rules.ts";

/** Always shown: what the Team pages themselves check. */
export const TEAM_PERMISSIONS = [
  "team:read",
  "team:create",
  "team:update",
  "team:delete",
  "workspaces:create",
  "workspaces:update",
  "workspaces:delete",
];

export function matrixRows(roles: RoleSummary[]): string[] {
  const rows = new Set(TEAM_PERMISSIONS);
  for (const role of roles)
    for (const g of role.permissions) {
      if (g.resource === "*" || g.resource_id) continue;
      rows.add(`${g.resource}:${g.action}`);
    }
  return [...rows].sort((a, b) => a.localeCompare(b));
}

export function roleAllows(role: RoleSummary, permission: string): boolean {
  return decide(toPermissionSet(role.permissions), permission);
}
