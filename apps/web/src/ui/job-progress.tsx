/**
 * A background job's progress: what it is doing and a bar, determinate once the share is known and
 * moving until then (queued, or still counting its work). Read out politely as it changes.
 */
import { Box, LinearProgress, type SxProps, type Theme, Typography } from "@mui/material";

export function JobProgress({
  label,
  percent,
  text,
  sx,
}: {
  /** The bar's accessible name, e.g. "Check progress". */
  label: string;
  /** 0–100, or null while the share is unknown. */
  percent: number | null;
  /** What the job is doing, shown above the bar. */
  text?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box role="status" aria-live="polite" sx={sx}>
      {text && (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
          {text}
        </Typography>
      )}
      <LinearProgress variant={percent === null ? "indeterminate" : "determinate"} value={percent ?? 0} aria-label={label} />
    </Box>
  );
}
