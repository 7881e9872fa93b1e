/** Access-control error codes: denial reasons of outreach-core §8 and the RBAC API's own rules. */
import { defineErrors } from "./define-errors.ts";

export const accessErrors = defineErrors({
  USER_INACTIVE: { status: 403, detail: "User not found or inactive" },
  PERMISSION_SYSTEM_UNAVAILABLE: { status: 503, detail: "Permission check system unavailable" },
  LAST_ADMIN: { status: 409, detail: "This workspace needs at least one administrator: make someone else an administrator first" },
  ROLE_NOT_HELD: { status: 409, detail: "The user does not have this role" },
  ROLE_ABOVE_OWN: { status: 403, detail: "You cannot assign or remove a role above your own" },
  GRANT_BEYOND_OWN: { status: 403, detail: "You cannot grant a permission you do not have yourself" },
  ACCESS_USER_NOT_FOUND: { status: 404, detail: "User not found" },
  TEAM_NOT_FOUND: { status: 404, detail: "Team not found" },
  POLICY_NOT_FOUND: { status: 404, detail: "Policy not found" },
  ACCESS_REQUEST_NOT_FOUND: { status: 404, detail: "Access request not found" },
  ACCESS_REQUEST_DECIDED: { status: 409, detail: "This access request has already been decided" },
  ACCESS_REQUEST_SELF: { status: 403, detail: "You cannot decide your own access request" },
  ACCESS_ALREADY_GRANTED: { status: 409, detail: "You already have this permission" },
  UNSUPPORTED_CONDITION: { status: 422, detail: "This policy condition is not supported" },
  WORKSPACE_NOT_FOUND: { status: 404, detail: "Workspace not found" },
});
