/** A campaign's state as a coloured chip. */
import { Chip } from "@mui/material";
import type { CampaignStatus } from "@prospector/contracts";
import { STATUS_COLORS, STATUS_LABELS } from "../lib/campaign-labels.ts";

export function CampaignStatusChip({ status, size = "small" }: { status: CampaignStatus; size?: "small" | "medium" }) {
  return <Chip size={size} label={STATUS_LABELS[status] ?? status} color={STATUS_COLORS[status] ?? "default"} />;
}
