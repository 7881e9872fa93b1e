/** Request and response shapes of the AI doctor, causal analytics and the variant bandit (docs/ai/experiments.md). */
import { z } from "zod";

/** Placeholder until the feature declares its shapes; removed when the first real one lands. */
export const AiExperimentsContractVersion = z.literal(1);
