/** One bar per category: its points out of its weight. */
import { Box, LinearProgress, Stack, Typography } from "@mui/material";
import type { CoachingCategoryScore } from "@prospector/contracts";

const colorOf = (ratio: number) => (ratio < 0.5 ? "error" : ratio < 0.8 ? "warning" : "success");

export function CategoryBars({ categories }: { categories: CoachingCategoryScore[] }) {
  return (
    <Stack spacing={1.25} aria-label="Score by category" role="list">
      {categories.map((c) => {
        const ratio = c.max ? c.score / c.max : 1;
        return (
          <Box key={c.category} role="listitem" aria-label={`${c.label}: ${c.score} of ${c.max}`}>
            <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
              <Typography variant="body2">{c.label}</Typography>
              <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: "nowrap" }}>
                {`${c.score} / ${c.max}`}
              </Typography>
            </Box>
            <LinearProgress variant="determinate" value={ratio * 100} color={colorOf(ratio)} sx={{ height: 6, borderRadius: 3 }} />
          </Box>
        );
      })}
    </Stack>
  );
}
