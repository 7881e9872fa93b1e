/**
 * Analytics (docs/analytics.md): one engine of cached aggregates refreshed by jobs, and the pages
 * that ask it questions — the command center, boardroom, team performance, user success, campaign
 * intelligence, the optimization family and analytics intelligence. Each part is a Feature of its
 * own file, composed here in order.
 */
import type { Feature } from "../../platform/feature.ts";
import { campaignIntelligencePart } from "./campaign-intelligence.part.ts";
import { enginePart } from "./engine.part.ts";
import { executivePart } from "./executive.part.ts";
import { intelligencePart } from "./intelligence.part.ts";
import { optimizationPart } from "./optimization.part.ts";

const PARTS: readonly Feature[] = [enginePart, executivePart, campaignIntelligencePart, optimizationPart, intelligencePart];

export const analyticsFeature: Feature = {
  name: "analytics",
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
