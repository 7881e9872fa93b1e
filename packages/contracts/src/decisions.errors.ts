/** Error codes of the team decision log (docs/team-decisions.md). */
import { defineErrors } from "./define-errors.ts";

export const decisionsErrors = defineErrors({
  DECISION_NOT_FOUND: { status: 404, detail: "Decision not found" },
  DECISION_NOT_OPEN: {
    status: 409,
    detail: "This decision is no longer open for votes or changes: reopen it first (its creator or someone with team:update can)",
  },
  DECISION_NOT_CLOSED: { status: 409, detail: "This decision is still open: only a decided or cancelled decision can be reopened" },
  DECISION_OPTIONS_LOCKED: { status: 409, detail: "The options can no longer change: someone has already voted" },
  DECISION_VOTE_NOT_FOUND: { status: 404, detail: "You have not voted on this decision" },
  DECISION_MANAGE_FORBIDDEN: {
    status: 403,
    detail: "Only the decision's creator or someone with the team:update permission can edit, decide, cancel or reopen it",
  },
  DECISION_READ_ONLY_ROLE: {
    status: 403,
    detail: "Viewers can read the decision log but not create, vote or comment; ask an administrator for another role",
  },
});
