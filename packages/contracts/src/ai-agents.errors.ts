/** Error codes of AI agents: bounded tasks with budgets, step logs and approvals (docs/ai/agents.md). */
import { defineErrors } from "./define-errors.ts";

export const aiAgentsErrors = defineErrors({
  AI_AGENT_DISABLED: { status: 409, detail: "This agent is turned off for the workspace: turn it on in its settings first" },
  AI_AGENT_SUBJECT_REQUIRED: { status: 422, detail: "This agent needs a subject_id (the lead, reply or deal to work on)" },
  AI_AGENT_SUBJECT_NOT_FOUND: { status: 404, detail: "No such lead, reply or deal in this workspace for this agent" },
  AI_AGENT_RUN_NOT_FOUND: { status: 404, detail: "No such agent run in this workspace" },
  AI_AGENT_RUN_FINISHED: { status: 409, detail: "This run has already finished" },
  AI_AGENT_PROPOSAL_NOT_FOUND: { status: 404, detail: "No such proposal in this run" },
  AI_AGENT_PROPOSAL_DECIDED: { status: 409, detail: "This proposal is not in a state that allows it (already decided, or not applied)" },
});
