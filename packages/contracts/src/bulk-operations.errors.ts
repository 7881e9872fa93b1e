/** Error codes of the bulk-operations feature (docs/bulk-operations.md). */
import { defineErrors } from "./define-errors.ts";

export const bulkOperationsErrors = defineErrors({
  BULK_OPERATION_NOT_FOUND: { status: 404, detail: "Bulk operation not found" },
  BULK_TOO_MANY_TARGETS: { status: 400, detail: "This selection is larger than one bulk operation may be (100,000): narrow the filter" },
  BULK_NO_TARGETS: { status: 400, detail: "Nothing matches this selection" },
  BULK_NOT_CANCELLABLE: { status: 409, detail: "This operation has already finished and cannot be cancelled" },
  BULK_NOT_UNDOABLE: { status: 409, detail: "This operation cannot be undone" },
  BULK_UNDO_EXPIRED: { status: 409, detail: "The undo window of this operation has ended" },
  BULK_ALREADY_UNDONE: { status: 409, detail: "This operation has already been undone" },
  BULK_CAMPAIGN_NOT_FOUND: { status: 400, detail: "The chosen campaign does not exist in this workspace" },
});
