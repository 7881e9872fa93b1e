/** Error codes of incidents, containment actions and the configuration scan (docs/security-operations.md). */
import { defineErrors } from "./define-errors.ts";

export const incidentsErrors = defineErrors({});
