/** Error codes of compliance: data-subject export and erasure, consent and suppression, retention, the CAN-SPAM footer, audit export (docs/compliance.md). */
import { defineErrors } from "./define-errors.ts";

export const complianceErrors = defineErrors({
  COMPLIANCE_SUBJECT_NOT_FOUND: {
    status: 404,
    detail: "No lead with this id or email address, or no member with this id, in this workspace",
  },
  COMPLIANCE_REQUEST_NOT_FOUND: { status: 404, detail: "No such data-subject request in this workspace" },
  COMPLIANCE_CONFIRMATION_MISMATCH: {
    status: 422,
    detail: "Type the person's email address exactly to confirm the erasure; it did not match",
  },
  COMPLIANCE_EXPORT_NOT_READY: { status: 409, detail: "This export is not ready to download yet (or it failed, or it was not an export)" },
  COMPLIANCE_RANGE_INVALID: { status: 422, detail: "The audit export range must run forward and span at most 366 days" },
});
