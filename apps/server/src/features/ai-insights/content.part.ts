/** Memory intelligence and personalized images (docs/ai/content.md). */
import type { Feature } from "../../platform/feature.ts";
import { contentRoutes } from "./content.routes.ts";
import { sweepImageFiles } from "./content.service.ts";

const SWEEP_EVERY_MS = 6 * 3_600_000;
let sweeper: NodeJS.Timeout | null = null;

export const contentPart: Feature = {
  name: "ai-insights/content",
  start(ctx) {
    // Files of images whose lead or workspace was deleted: at start, then every six hours.
    const sweep = () => void sweepImageFiles(ctx).catch((err) => ctx.log.warn({ err }, "image file sweep failed"));
    sweep();
    sweeper = setInterval(sweep, SWEEP_EVERY_MS);
    sweeper.unref();
  },
  routes(app, ctx) {
    contentRoutes(app, ctx);
  },
  close() {
    if (sweeper) clearInterval(sweeper);
    sweeper = null;
  },
};
