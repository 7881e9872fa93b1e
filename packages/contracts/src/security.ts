/** Request and response shapes of threat detection: security events, detection rules and alerts (docs/security-operations.md). */
import { z } from "zod";

/** Placeholder until the feature declares its shapes; removed when the first real one lands. */
export const SecurityContractVersion = z.literal(1);
