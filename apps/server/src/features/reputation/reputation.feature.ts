import type { Feature } from "../../platform/feature.ts";

/** Reputation over time per domain and inbox, threshold alerts, and the deliverability game's scores and tasks (docs/reputation.md). */
export const reputationFeature: Feature = {
  name: "reputation",
};
