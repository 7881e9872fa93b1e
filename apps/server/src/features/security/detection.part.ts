/** Threat detection: security events, rules and alerts (docs/security-operations.md). */
import type { Feature } from "../../platform/feature.ts";

export const detectionPart: Feature = { name: "security/detection" };
