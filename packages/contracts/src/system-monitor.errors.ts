/** Error codes of the system monitor (job queues, error groups) and the failure-mode catalogue (docs/operations.md). */
import { defineErrors } from "./define-errors.ts";

export const systemMonitorErrors = defineErrors({});
