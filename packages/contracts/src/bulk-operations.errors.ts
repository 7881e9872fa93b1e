/** Error codes of the bulk-operations feature. */
import { defineErrors } from "./define-errors.ts";

export const bulkOperationsErrors = defineErrors({});
