/** Request and response shapes of AI transparency and explainability: why an output came out as it did, patterns, model performance (docs/ai/explainability.md). */
import { z } from "zod";

/** Placeholder until the feature declares its shapes; removed when the first real one lands. */
export const AiExplainContractVersion = z.literal(1);
