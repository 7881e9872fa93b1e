/**
 * Error codes of workspace invitations and domain verification. Unknown roles (ROLE_UNKNOWN),
 * a full workspace (WORKSPACE_MEMBER_LIMIT) and escalation (ROLE_ABOVE_OWN, GRANT_BEYOND_OWN) are
 * shared with the workspace and access services.
 */
import { defineErrors } from "./define-errors.ts";

export const workspaceInvitesErrors = defineErrors({
  INVITE_NOT_FOUND: { status: 404, detail: "Invitation not found" },
  INVITE_EXPIRED: {
    status: 410,
    detail: "This invitation has expired. Ask the person who invited you to send a new one.",
  },
  INVITE_ALREADY_ACCEPTED: { status: 409, detail: "This invitation has already been accepted" },
  INVITE_CANCELLED: { status: 409, detail: "This invitation was cancelled. Ask the person who invited you to send a new one." },
  INVITE_NOT_PENDING: { status: 409, detail: "Only a pending invitation can be cancelled or resent" },
  INVITE_EMAIL_MISMATCH: { status: 403, detail: "This invitation was sent to another address; sign in with that address" },
  INVITE_ALREADY_MEMBER: { status: 409, detail: "This person is already a member of this workspace" },
  INVITE_PENDING_EXISTS: {
    status: 409,
    detail: "An invitation to this address is already pending: resend it instead",
  },
  INVITE_RESEND_TOO_SOON: { status: 429, detail: "This invitation was sent less than a minute ago. Wait a moment and try again." },
  INVITE_INVALID_EMAIL: { status: 422, detail: "Enter a valid email address" },
  INVITE_DUPLICATE_EMAIL: { status: 422, detail: "This address is listed more than once" },
  INVITE_SEATS_EXHAUSTED: {
    status: 402,
    detail: "Your plan's member seats are all taken: upgrade the plan or remove a member first",
  },
  DOMAIN_VERIFICATION_NOT_FOUND: { status: 404, detail: "Domain verification not found" },
  DOMAIN_NOT_FOUND: { status: 404, detail: "This domain is not registered for this workspace" },
  DOMAIN_FREE_MAIL: {
    status: 422,
    detail: "A free email provider's domain cannot be verified: people from anywhere use it",
  },
  DOMAIN_LIMIT_REACHED: { status: 409, detail: "A workspace can register at most 20 domains" },
});
