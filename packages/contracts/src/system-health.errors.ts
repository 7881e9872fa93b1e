/** Error codes of operations: health, readiness, metrics, the sampled history, job queues, error groups and the failure-mode catalogue (docs/operations.md). */
import { defineErrors } from "./define-errors.ts";

export const systemHealthErrors = defineErrors({});
