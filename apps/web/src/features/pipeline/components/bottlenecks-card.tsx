/**
 * Stages out of line with the workspace's own history (time in stage, conversion), most severe
 * first, each with what was measured against what and the deals involved.
 */
import { Box, Card, CardContent, CardHeader, Link, List, ListItem, Stack, Typography } from "@mui/material";
import type { BottlenecksAnswer } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";
import { LoadError } from "../../../ui/load-error.tsx";
import { dealLink, formatAmount } from "./pipeline-format.ts";
import { SeverityChip } from "./severity-chip.tsx";

const ORDER = { high: 0, medium: 1, low: 2 } as const;
const DEALS_SHOWN = 5;

export function BottlenecksCard({
  answer,
  error,
  onRetry,
}: {
  answer: BottlenecksAnswer | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  const list = [...(answer?.bottlenecks ?? [])].sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || b.score - a.score);
  return (
    <Card variant="outlined" component="section" aria-labelledby="bottlenecks-title">
      <CardHeader
        title="Bottlenecks"
        subheader="Stages where deals wait longer or move on less than this workspace's own history"
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: "bottlenecks-title" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {error ? (
          <LoadError error={error} onRetry={onRetry} />
        ) : !answer ? (
          <Typography color="textSecondary">Looking for bottlenecks…</Typography>
        ) : list.length === 0 ? (
          <Typography color="textSecondary">No stage is out of line with its history.</Typography>
        ) : (
          <List disablePadding aria-label="Bottlenecks">
            {list.map((b) => (
              <ListItem key={`${b.stage_id}:${b.kind}`} disableGutters divider sx={{ display: "block", py: 1.5 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
                  <SeverityChip severity={b.severity} />
                  <Typography variant="subtitle2" component="h4">
                    {b.stage}: {b.kind === "time_in_stage" ? "deals wait too long" : "few deals move on"}
                  </Typography>
                </Stack>
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {b.metric}: {round(b.value)} against {round(b.baseline)} usually
                </Typography>
                <Typography variant="caption" color="textSecondary" component="p">
                  {b.basis}
                </Typography>
                {b.deals.length > 0 && (
                  <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} aria-label={`Deals in ${b.stage}`}>
                    {b.deals.slice(0, DEALS_SHOWN).map((d) => (
                      <Typography component="li" variant="body2" key={d.id}>
                        <Link component={RouterLink} to={dealLink(d.id)}>
                          {d.name}
                        </Link>{" "}
                        <Typography component="span" variant="caption" color="textSecondary">
                          {formatAmount(d.value, [d.currency])} · {Math.round(d.days_in_stage)} days in stage
                        </Typography>
                      </Typography>
                    ))}
                    {b.deals.length > DEALS_SHOWN && (
                      <Typography component="li" variant="caption" color="textSecondary">
                        and {b.deals.length - DEALS_SHOWN} more
                      </Typography>
                    )}
                  </Box>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

const round = (v: number) => (Math.abs(v) < 1 && v !== 0 ? `${Math.round(v * 100)}%` : `${Math.round(v * 10) / 10}`);
