/** The 0–100 score as a ring, coloured by verdict, with the verdict in words under it. */
import { Box, CircularProgress, Typography } from "@mui/material";
import type { CoachingVerdict } from "@prospector/contracts";

export const VERDICT_LABELS: Record<CoachingVerdict, string> = {
  risky: "Risky: likely filtered",
  needs_work: "Needs work",
  good: "Good to send",
};
export const VERDICT_COLORS: Record<CoachingVerdict, "error" | "warning" | "success"> = {
  risky: "error",
  needs_work: "warning",
  good: "success",
};

export function ScoreGauge({ score, verdict, size = 120 }: { score: number; verdict: CoachingVerdict; size?: number }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 1 }}>
      <Box
        sx={{ position: "relative", display: "inline-flex" }}
        role="meter"
        aria-label="Coaching score"
        aria-valuenow={score}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <CircularProgress
          variant="determinate"
          value={100}
          size={size}
          thickness={4}
          sx={{ color: "action.hover", position: "absolute" }}
        />
        <CircularProgress variant="determinate" value={score} size={size} thickness={4} color={VERDICT_COLORS[verdict]} />
        <Box sx={{ inset: 0, position: "absolute", display: "flex", alignItems: "center", justifyContent: "center" }}>
          <Typography variant="h4" component="span" data-testid="coaching-score">
            {score}
          </Typography>
        </Box>
      </Box>
      <Typography variant="subtitle2" color={`${VERDICT_COLORS[verdict]}.main`}>
        {VERDICT_LABELS[verdict]}
      </Typography>
    </Box>
  );
}
