/** Error codes of compliance: data-subject export and erasure, consent and suppression, retention, the CAN-SPAM footer, audit export (docs/compliance.md). */
import { defineErrors } from "./define-errors.ts";

export const complianceErrors = defineErrors({});
