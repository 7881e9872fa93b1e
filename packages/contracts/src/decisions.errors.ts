/** Error codes of the team decision log (docs/team-decisions.md). */
import { defineErrors } from "./define-errors.ts";

export const decisionsErrors = defineErrors({});
