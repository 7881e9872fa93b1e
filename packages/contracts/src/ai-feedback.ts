/** Request and response shapes of AI feedback: thumbs up or down on AI outputs (docs/ai/feedback.md). */
import { z } from "zod";

/** Placeholder until the feature declares its shapes; removed when the first real one lands. */
export const AiFeedbackContractVersion = z.literal(1);
