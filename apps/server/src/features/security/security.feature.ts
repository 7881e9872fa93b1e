/**
 * Security operations (docs/security-operations.md): threat detection over the sign-in, API key and
 * access records (rules with tunable thresholds, run by jobs, each alert with its evidence);
 * incidents with containment actions; the configuration scan. Each part is a Feature of its own
 * file, composed here in order.
 */
import type { Feature } from "../../platform/feature.ts";
import { detectionPart } from "./detection.part.ts";
import { incidentsPart } from "./incidents.part.ts";
import { scanPart } from "./scan.part.ts";

const PARTS: readonly Feature[] = [detectionPart, incidentsPart, scanPart];

export const securityFeature: Feature = {
  name: "security",
  async register(ctx) {
    for (const part of PARTS) await part.register?.(ctx);
  },
  async start(ctx) {
    for (const part of PARTS) await part.start?.(ctx);
  },
  async routes(app, ctx) {
    for (const part of PARTS) await part.routes?.(app, ctx);
  },
  async close(ctx) {
    for (const part of [...PARTS].reverse()) await part.close?.(ctx);
  },
};
