/** The configuration scan: checks with a score and each fix (docs/security-operations.md). */
import type { Feature } from "../../platform/feature.ts";

export const scanPart: Feature = { name: "security/scan" };
