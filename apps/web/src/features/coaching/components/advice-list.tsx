/** The advice, biggest gain first: what is wrong, where, how to fix it and the points it gains. Picking one highlights its text. */
import { Box, Chip, List, ListItemButton, Stack, Typography } from "@mui/material";
import type { CoachingAdvice } from "@prospector/contracts";

const SEVERITY_COLORS = { high: "error", medium: "warning", low: "default" } as const;
const WHERE = { subject: "Subject", body: "Body", from: "From" } as const;

export function AdviceList({
  advice,
  selected,
  onSelect,
}: {
  advice: CoachingAdvice[];
  selected: number | null;
  onSelect: (i: number | null) => void;
}) {
  if (advice.length === 0) {
    return (
      <Typography color="textSecondary" sx={{ py: 2 }}>
        Nothing to fix: every rule passes.
      </Typography>
    );
  }
  return (
    <List aria-label="Advice" disablePadding>
      {advice.map((a, i) => (
        <ListItemButton
          // biome-ignore lint/suspicious/noArrayIndexKey: advice has no id; a rule may appear twice (subject and body)
          key={`${a.rule}-${i}`}
          selected={selected === i}
          onClick={() => onSelect(selected === i ? null : i)}
          divider
          sx={{ alignItems: "flex-start", px: 1 }}
        >
          <Stack spacing={0.5} sx={{ width: "100%", minWidth: 0 }}>
            <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
              <Chip size="small" label={a.severity} color={SEVERITY_COLORS[a.severity]} variant="outlined" />
              <Chip size="small" label={WHERE[a.where]} variant="outlined" />
              <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 160 }}>
                {a.title}
              </Typography>
              <Typography variant="body2" color="success.main" sx={{ whiteSpace: "nowrap" }}>
                {a.points > 0 ? `+${a.points} points` : "no change"}
              </Typography>
            </Box>
            <Typography variant="body2" color="textSecondary">
              {a.fix}
            </Typography>
            {a.excerpts.length > 0 && (
              <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
                {a.excerpts.slice(0, 6).map((e) => (
                  <Chip key={e} size="small" label={e.length > 60 ? `${e.slice(0, 57)}…` : e} sx={{ maxWidth: "100%" }} />
                ))}
              </Box>
            )}
          </Stack>
        </ListItemButton>
      ))}
    </List>
  );
}
