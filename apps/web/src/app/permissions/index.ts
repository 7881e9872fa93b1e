/** The web app's permission system and current workspace (shell §6): import from here. */

export { accessDenials, useAccessDenials } from "./access-denials.ts";
export { AccessDenied, type AccessDeniedProps } from "./access-denied.tsx";
export { Can, type CanProps } from "./can.tsx";
export { missingPermissionText, PermissionGate, type PermissionGateProps } from "./gated.tsx";
export {
  type AccessRequestInput,
  PERMISSION_MESSAGES,
  PermissionProvider,
  type PermissionsApi,
  permissionKeys,
  StaticPermissionProvider,
  usePermissions,
  useProvidedPermissions,
} from "./permission-provider.tsx";
export { decide, matchesPermission, type PermissionSet, toPermissionSet } from "./permission-rules.ts";
export { TEAM_CONTEXT_MESSAGES, useWorkspace, type WorkspaceApi, WorkspaceProvider, workspaceKeys } from "./workspace-provider.tsx";
