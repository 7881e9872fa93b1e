/** Request and response shapes of the system monitor (job queues, error groups) and the failure-mode catalogue (docs/operations.md). */
import { z } from "zod";

/** Placeholder until the feature declares its shapes; removed when the first real one lands. */
export const SystemMonitorContractVersion = z.literal(1);
