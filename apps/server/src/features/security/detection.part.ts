/** Threat detection: security events, rules and alerts (docs/security-operations.md). */
import type { Feature } from "../../platform/feature.ts";
import { type DetectionSchedule, defineDetectionJobs, startDetectionSchedule } from "./detection.jobs.ts";
import { detectionRoutes } from "./detection.routes.ts";
import { recordSignIn } from "./detection.service.ts";

let schedule: DetectionSchedule | null = null;

export const detectionPart: Feature = {
  name: "security/detection",
  register(ctx) {
    defineDetectionJobs(ctx);
    // Recording must never fail a sign-in: identity logs a failing handler.
    ctx.hooks.on("identity.signInAttempted", (attempt) => recordSignIn(ctx, attempt));
  },
  start(ctx) {
    schedule = startDetectionSchedule(ctx);
  },
  routes(app, ctx) {
    detectionRoutes(app, ctx);
  },
  close() {
    schedule?.stop();
    schedule = null;
  },
};
