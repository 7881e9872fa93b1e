/** Request and response shapes of the team decision log (docs/team-decisions.md). */
import { z } from "zod";

/** Placeholder until the feature declares its shapes; removed when the first real one lands. */
export const DecisionsContractVersion = z.literal(1);
