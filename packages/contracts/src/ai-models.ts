/** Request and response shapes of the workspace's own models: registry, versions, deployments, drift and the feature store (docs/ai/models.md). */
import { z } from "zod";

/** Placeholder until the feature declares its shapes; removed when the first real one lands. */
export const AiModelsContractVersion = z.literal(1);
