/** Error codes of the AI gateway and activity ledger: language-model calls with budgets, costs and the monthly cap; every AI action and its feedback (docs/ai/activity.md). */
import { defineErrors } from "./define-errors.ts";

export const aiLedgerErrors = defineErrors({
  AI_MONTHLY_CAP_REACHED: {
    status: 402,
    detail: "This workspace has reached its monthly language-model spend cap; an admin can raise it on AI Activity",
  },
  AI_ACTION_NOT_FOUND: { status: 404, detail: "No such AI action in this workspace" },
  EMAIL_TEMPLATE_NOT_FOUND: { status: 404, detail: "No such saved email template in this workspace" },
  EMAIL_TEMPLATE_NAME_TAKEN: { status: 409, detail: "A saved email template with this name already exists in this workspace" },
});
