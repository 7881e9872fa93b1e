/** What other features may use of the workspace service: services, types and tables. Never a repository. */
export { workspaceActivity, workspaceDomains, workspaceInvites } from "./workspaces.table.ts";
