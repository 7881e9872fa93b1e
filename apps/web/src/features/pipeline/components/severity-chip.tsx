/** A severity as a chip whose text keeps AA contrast (white on MUI's orange and light blue does not). */
import { Chip } from "@mui/material";
import type { PipelineSeverity } from "@prospector/contracts";
import { SEVERITY_LABEL } from "./pipeline-format.ts";

export function SeverityChip({ severity }: { severity: PipelineSeverity }) {
  if (severity === "high") return <Chip size="small" color="error" label={SEVERITY_LABEL.high} />;
  if (severity === "medium") return <Chip size="small" color="warning" label={SEVERITY_LABEL.medium} sx={{ color: "common.black" }} />;
  return <Chip size="small" variant="outlined" label={SEVERITY_LABEL.low} />;
}
