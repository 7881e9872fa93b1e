/** Error codes of AI agents: bounded tasks with budgets, step logs and approvals (docs/ai/agents.md). */
import { defineErrors } from "./define-errors.ts";

export const aiAgentsErrors = defineErrors({});
