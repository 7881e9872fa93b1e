/** Request and response shapes of compliance: data-subject export and erasure, consent and suppression, retention, the CAN-SPAM footer, audit export (docs/compliance.md). */
import { z } from "zod";

/** Placeholder until the feature declares its shapes; removed when the first real one lands. */
export const ComplianceContractVersion = z.literal(1);
