/** AI transparency and explainability (docs/ai/explainability.md). */
import type { Feature } from "../../platform/feature.ts";

export const explainPart: Feature = { name: "ai-insights/explain" };
