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
  COMPLIANCE_ERASE_SELF: { status: 409, detail: "You cannot erase your own account from here: ask another administrator" },
  COMPLIANCE_ERASE_INSTANCE_ADMIN: {
    status: 409,
    detail: "The instance administrator cannot be erased: hand the instance to another account first",
  },
  COMPLIANCE_ERASE_OWNER: {
    status: 409,
    detail: "The workspace's owner cannot be erased: transfer the ownership to another member first (Settings → Workspace)",
  },
  COMPLIANCE_ERASE_LAST_ADMIN: {
    status: 409,
    detail: "This member is the workspace's last active administrator: make another member an administrator first",
  },
  COMPLIANCE_RANGE_INVALID: { status: 422, detail: "The audit export range must run forward and span at most 366 days" },
});
