/** Memory intelligence and personalized images (docs/ai/content.md). */
import type { Feature } from "../../platform/feature.ts";

export const contentPart: Feature = { name: "ai-insights/content" };
