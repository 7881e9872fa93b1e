/** Access-control error codes: denial reasons of outreach-core §8 and the RBAC API's own rules. */
import { defineErrors } from "./define-errors.ts";

export const accessErrors = defineErrors({
  USER_INACTIVE: { status: 403, detail: "User not found or inactive" },
  PERMISSION_SYSTEM_UNAVAILABLE: { status: 503, detail: "Permission check system unavailable" },
  LAST_ADMIN: { status: 409, detail: "This workspace needs at least one administrator: make someone else an administrator first" },
  ROLE_NOT_HELD: { status: 409, detail: "The user does not have this role" },
  ROLE_ABOVE_OWN: { status: 403, detail: "You cannot assign or remove a role above your own" },
  PERMISSION_ESCALATION: { status: 403, detail: "You cannot grant a permission you do not hold" },
  ROLE_UNKNOWN: { status: 422, detail: "Unknown role" },
  ACCESS_USER_NOT_FOUND: { status: 404, detail: "User not found" },
  TEAM_NOT_FOUND: { status: 404, detail: "Team not found" },
  TEAM_PARENT_INVALID: { status: 422, detail: "The parent team must be another team of this workspace" },
  TEAM_CYCLE: { status: 422, detail: "A team cannot be nested under itself or one of its own sub-teams" },
  TEAM_NAME_TAKEN: { status: 409, detail: "A team with this name already exists in this workspace" },
  TEAM_MEMBER_NOT_IN_WORKSPACE: { status: 422, detail: "Only members of this workspace can join its teams" },
  TEAM_MEMBER_NOT_FOUND: { status: 404, detail: "This user is not a member of the team" },
  ACCESS_TOKEN_NOT_FOUND: { status: 404, detail: "Access token not found" },
  ACCESS_TOKEN_LIMIT: { status: 409, detail: "You hold the maximum number of active access tokens: revoke one first" },
  POLICY_NOT_FOUND: { status: 404, detail: "Policy not found" },
  ACCESS_REQUEST_NOT_FOUND: { status: 404, detail: "Access request not found" },
  ACCESS_REQUEST_DECIDED: { status: 409, detail: "This access request has already been decided" },
  ACCESS_REQUEST_SELF: { status: 403, detail: "You cannot decide your own access request" },
  ACCESS_ALREADY_GRANTED: { status: 409, detail: "You already have this permission" },
  UNSUPPORTED_CONDITION: { status: 422, detail: "This policy condition is not supported" },
  WORKSPACE_NOT_FOUND: { status: 404, detail: "Workspace not found" },
});
