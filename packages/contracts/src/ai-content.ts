/** Request and response shapes of memory intelligence (per-lead timeline) and personalized images (docs/ai/content.md). */
import { z } from "zod";

/** Placeholder until the feature declares its shapes; removed when the first real one lands. */
export const AiContentContractVersion = z.literal(1);
