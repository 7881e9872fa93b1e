/**
 * Error codes of the workspace service: workspaces, members, lifecycle (outreach-core §8
 * team-context wording where it has one). WORKSPACE_NOT_FOUND ("Workspace not found") and
 * LAST_ADMIN are the access feature's (access.errors.ts), shared with it.
 */
import { defineErrors } from "./define-errors.ts";

export const workspacesErrors = defineErrors({
  WORKSPACE_ARCHIVED: { status: 409, detail: "This workspace is archived: restore it to make changes" },
  WORKSPACE_NOT_ARCHIVED: { status: 409, detail: "This workspace is not archived" },
  WORKSPACE_NAME_TAKEN: { status: 409, detail: "Your organization already has a workspace with this name" },
  CANNOT_DELETE_DEFAULT_WORKSPACE: { status: 409, detail: "The organization's default workspace cannot be deleted" },
  CANNOT_ARCHIVE_DEFAULT_WORKSPACE: { status: 409, detail: "The organization's default workspace cannot be archived" },
  NOT_WORKSPACE_OWNER: { status: 403, detail: "Only the workspace's owner can transfer it" },
  MEMBER_NOT_FOUND: { status: 404, detail: "Member not found" },
  NEW_OWNER_NOT_MEMBER: { status: 422, detail: "The new owner must be an active member of this workspace" },
  OWNER_MUST_TRANSFER: { status: 409, detail: "The workspace's owner cannot leave or be removed: transfer ownership first" },
  OWNER_CANNOT_BE_SUSPENDED: { status: 409, detail: "The workspace's owner cannot be suspended: transfer ownership first" },
  CANNOT_SUSPEND_SELF: { status: 409, detail: "You cannot suspend yourself" },
  WORKSPACE_MEMBER_LIMIT: { status: 409, detail: "This workspace has reached its member limit" },
  MAX_MEMBERS_BELOW_COUNT: { status: 422, detail: "The member limit cannot be below the current number of members" },
});
