/**
 * The compact score next to a campaign step in the editor: the same scorer as /email-coaching, asked
 * while the author types; a click shows the three biggest fixes and opens the full page on that step.
 */
import { Box, Button, Chip, CircularProgress, Popover, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { useCoachingScore } from "../api/use-coaching.ts";
import { VERDICT_COLORS, VERDICT_LABELS } from "./score-gauge.tsx";

export function CoachingChip({ subject, body, label, to }: { subject: string; body: string; label: string; to?: string }) {
  const score = useCoachingScore({ subject, body });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (score.empty) return <Chip size="small" variant="outlined" label="Score: write to see it" />;
  if (score.isError)
    return <Chip size="small" variant="outlined" color="default" label="Score unavailable" title={errorMessage(score.error)} />;
  if (!score.data) return <Chip size="small" variant="outlined" icon={<CircularProgress size={12} />} label="Scoring…" />;
  const report = score.data;
  return (
    <>
      <Chip
        size="small"
        color={VERDICT_COLORS[report.verdict]}
        variant={score.settled && !score.isFetching ? "filled" : "outlined"}
        label={`Score ${report.score}`}
        aria-label={`${label}: coaching score ${report.score}, ${VERDICT_LABELS[report.verdict]}`}
        onClick={(e) => setAnchor(e.currentTarget)}
      />
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <Stack spacing={1} sx={{ p: 2, maxWidth: 360 }} aria-label={`${label}: top advice`}>
          <Typography variant="subtitle2">{`${report.score} / 100 · ${VERDICT_LABELS[report.verdict]}`}</Typography>
          {report.advice.length === 0 && <Typography variant="body2">Nothing to fix: every rule passes.</Typography>}
          {report.advice.slice(0, 3).map((a) => (
            <Box key={`${a.rule}-${a.where}-${a.title}`}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>{`${a.title}${a.points > 0 ? ` (+${a.points})` : ""}`}</Typography>
              <Typography variant="caption" color="textSecondary">
                {a.fix}
              </Typography>
            </Box>
          ))}
          {to && (
            <Button component={RouterLink} to={to} size="small" sx={{ alignSelf: "flex-start" }}>
              All advice in Email Coaching
            </Button>
          )}
        </Stack>
      </Popover>
    </>
  );
}
