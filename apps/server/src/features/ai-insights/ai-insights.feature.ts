/**
 * AI insights (docs/ai/): transparency and explainability, the AI doctor, causal analytics and the
 * variant bandit, memory intelligence and personalized images. Each part is a Feature of its own
 * file, composed here in order.
 */
import type { Feature } from "../../platform/feature.ts";
import { contentPart } from "./content.part.ts";
import { experimentsPart } from "./experiments.part.ts";
import { explainPart } from "./explain.part.ts";

const PARTS: readonly Feature[] = [explainPart, experimentsPart, contentPart];

export const aiInsightsFeature: Feature = {
  name: "ai-insights",
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
