/** Error codes of memory intelligence (per-lead timeline) and personalized images (docs/ai/content.md). */
import { defineErrors } from "./define-errors.ts";

export const aiContentErrors = defineErrors({});
