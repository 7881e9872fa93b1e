/** Error codes of threat detection: security events, detection rules and alerts (docs/security-operations.md). */
import { defineErrors } from "./define-errors.ts";

export const securityErrors = defineErrors({
  SECURITY_ALERT_NOT_FOUND: { status: 404, detail: "No such security alert in this workspace" },
  SECURITY_ALERT_CLOSED: { status: 409, detail: "This alert is already resolved or dismissed" },
  SECURITY_RULE_UNKNOWN: { status: 404, detail: "No such detection rule" },
  DETECTION_RUN_ACTIVE: { status: 409, detail: "A detection run is already queued or running; watch its progress" },
});
