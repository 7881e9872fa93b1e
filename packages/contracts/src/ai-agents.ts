/** Request and response shapes of AI agents: bounded tasks with budgets, step logs and approvals (docs/ai/agents.md). */
import { z } from "zod";

/** Placeholder until the feature declares its shapes; removed when the first real one lands. */
export const AiAgentsContractVersion = z.literal(1);
