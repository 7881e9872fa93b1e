/** Error codes of the AI gateway and activity ledger: language-model calls with budgets, costs and the monthly cap; every AI action and its feedback (docs/ai/activity.md). */
import { defineErrors } from "./define-errors.ts";

export const aiLedgerErrors = defineErrors({});
