/** Incidents: timeline, assignment and containment actions (docs/security-operations.md). */
import type { Feature } from "../../platform/feature.ts";

export const incidentsPart: Feature = { name: "security/incidents" };
