/** What a workspace without enough outcomes sees instead of predictions: what a model needs and what there is. */
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { LeadScoreDataCounts } from "@prospector/contracts";
import { outcomeNoun } from "./lead-scoring-format.ts";

export function NotEnoughData({ data }: { data: LeadScoreDataCounts }) {
  const rows = [
    {
      what: `Contacted leads (a delivered campaign email in the last ${data.days} days)`,
      have: data.contacted,
      need: data.needed.contacted,
    },
    { what: `… who ${outcomeNoun(data.target)}`, have: data.positives, need: data.needed.positives },
    { what: `… who did not`, have: data.negatives, need: data.needed.negatives },
  ];
  return (
    <Box
      component="section"
      aria-labelledby="not-enough-title"
      sx={{ p: 3, border: 1, borderColor: "divider", borderRadius: 2, bgcolor: "background.paper" }}
    >
      <Typography variant="h6" component="h3" id="not-enough-title">
        Not enough outcomes to predict yet
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        The model learns only from this workspace's own results, so it refuses to predict until there are enough of them. Send campaigns to
        more leads and let replies come in (they are read from your connected inboxes); this page fills itself once the minimum is met and a
        model is trained.
      </Typography>
      <Table size="small" aria-label="Data the model needs" sx={{ maxWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>Examples</TableCell>
            <TableCell align="right">Have</TableCell>
            <TableCell align="right">Needed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.what}>
              <TableCell>{r.what}</TableCell>
              <TableCell align="right" sx={{ color: r.have < r.need ? "error.main" : undefined }}>
                {r.have.toLocaleString()}
              </TableCell>
              <TableCell align="right">{r.need.toLocaleString()}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
