/** What other features may use of the workspace service: services, types and tables. Never a repository. */
export { type ActivityEntry, recordActivity, recordActivitySafely } from "./workspaces.activity.ts";
export { type Scoped, scope as workspaceScope } from "./workspaces.service.ts";
export { workspaceActivity, workspaceDomains, workspaceInvites } from "./workspaces.table.ts";
