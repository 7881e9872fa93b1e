/** An experiment's verdict as a coloured chip. */
import { Chip } from "@mui/material";
import type { ExperimentStatus } from "@prospector/contracts";

export const EXPERIMENT_STATUS_LABELS: Record<ExperimentStatus, string> = {
  collecting: "Collecting data",
  winner: "Winner",
  no_clear_winner: "No clear winner",
};

const COLORS = { collecting: "info", winner: "success", no_clear_winner: "warning" } as const;

export function ExperimentStatusChip({ status }: { status: ExperimentStatus }) {
  return (
    <Chip
      size="small"
      label={EXPERIMENT_STATUS_LABELS[status]}
      color={COLORS[status]}
      variant={status === "collecting" ? "outlined" : "filled"}
    />
  );
}
