/** Error codes of threat detection: security events, detection rules and alerts (docs/security-operations.md). */
import { defineErrors } from "./define-errors.ts";

export const securityErrors = defineErrors({});
