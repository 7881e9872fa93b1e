/** Error codes of AI transparency and explainability: why an output came out as it did, patterns, model performance (docs/ai/explainability.md). */
import { defineErrors } from "./define-errors.ts";

export const aiExplainErrors = defineErrors({});
