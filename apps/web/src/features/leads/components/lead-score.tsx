/** A lead's score (0–100) and the parts it is made of, as the enricher explained it. */
import { Box, LinearProgress, Typography } from "@mui/material";
import type { Lead } from "@prospector/contracts";
import { scorePartLabel } from "../lib/lead-labels.ts";

export function LeadScore({ lead }: { lead: Pick<Lead, "score" | "score_breakdown"> }) {
  if (lead.score == null) {
    return (
      <Typography variant="body2" color="textSecondary">
        Not scored yet — enrich this lead to score it.
      </Typography>
    );
  }
  const parts = Object.entries(lead.score_breakdown ?? {}).sort((a, b) => b[1] - a[1]);
  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 1 }}>
        <Typography variant="h4" component="p" aria-label={`Score ${lead.score} out of 100`}>
          {lead.score}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          / 100
        </Typography>
      </Box>
      <LinearProgress variant="determinate" value={lead.score} aria-hidden sx={{ my: 1, height: 6, borderRadius: 3 }} />
      {parts.length > 0 && (
        <Box
          component="dl"
          aria-label="Score breakdown"
          sx={{ m: 0, display: "grid", gridTemplateColumns: "1fr auto", rowGap: 0.5, columnGap: 2 }}
        >
          {parts.map(([part, points]) => (
            <Box key={part} sx={{ display: "contents" }}>
              <Typography component="dt" variant="body2" color="textSecondary">
                {scorePartLabel(part)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: "right", fontWeight: 500 }}>
                {points > 0 ? `+${points}` : points}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
