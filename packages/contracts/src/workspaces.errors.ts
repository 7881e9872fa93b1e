/** Error codes of the workspace service: workspaces, members, invites and domains (outreach-core §8 team-context wording where it has one). */
import { defineErrors } from "./define-errors.ts";

export const workspacesErrors = defineErrors({
  WORKSPACE_NOT_FOUND: { status: 404, detail: "Workspace not found" },
});
