/** Request and response shapes of incidents, containment actions and the configuration scan (docs/security-operations.md). */
import { z } from "zod";

/** Placeholder until the feature declares its shapes; removed when the first real one lands. */
export const IncidentsContractVersion = z.literal(1);
