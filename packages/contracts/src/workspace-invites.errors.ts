/** Error codes of workspace invitations and domain verification. */
import { defineErrors } from "./define-errors.ts";

export const workspaceInvitesErrors = defineErrors({
  INVITE_NOT_FOUND: { status: 404, detail: "Invitation not found" },
});
