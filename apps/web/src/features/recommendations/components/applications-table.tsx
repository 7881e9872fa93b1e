/** Every applied recommendation with its baseline, the sends since, and the verdict of the evaluation (z-test). */
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { LoadError } from "../../../ui/load-error.tsx";
import { useApplications } from "../api/use-recommendations.ts";
import { count, date, formatRate, pValue, rateWithInterval, VERDICT_COLORS, VERDICT_LABELS } from "./format.ts";

export function ApplicationsTable() {
  const q = useApplications();
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card variant="outlined" component="section" aria-labelledby="applied-title">
      <CardHeader
        title="Applied changes and whether they helped"
        subheader="Reply rate of the changed campaign (or step) in the 30 days before applying against the sends since; judged with a two-proportion z-test at 95 % once 100 sends followed (or after 14 days with at least 20). Days are UTC."
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: "applied-title" }, subheader: { variant: "body2" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {q.isError ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : items.length === 0 ? (
          <Typography color="textSecondary">
            {q.isPending ? "Loading…" : "Nothing applied yet: apply a recommendation and its effect is judged here."}
          </Typography>
        ) : (
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label="Applied recommendations">
              <TableHead>
                <TableRow>
                  <TableCell>Applied</TableCell>
                  <TableCell>Change</TableCell>
                  <TableCell align="right">Before (sends, rate, 95% interval)</TableCell>
                  <TableCell align="right">After</TableCell>
                  <TableCell>Verdict</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell>{date(a.applied_at)}</TableCell>
                    <TableCell>{a.title}</TableCell>
                    <TableCell align="right">
                      {count(a.baseline.sends)} · {rateWithInterval(a.baseline.estimate)}
                    </TableCell>
                    <TableCell align="right">
                      {a.outcome ? `${count(a.outcome.after.sends)} · ${rateWithInterval(a.outcome.after.estimate)}` : "—"}
                    </TableCell>
                    <TableCell>
                      {a.outcome ? (
                        <>
                          <Chip size="small" color={VERDICT_COLORS[a.outcome.verdict]} label={VERDICT_LABELS[a.outcome.verdict]} />
                          <Typography variant="caption" component="p" color="textSecondary">
                            {a.outcome.test.p_value === null ? a.outcome.note : `${pValue(a.outcome.test.p_value)}; ${a.outcome.note}`}
                          </Typography>
                        </>
                      ) : (
                        <Typography variant="body2" color="textSecondary">
                          Waiting: judged after {count(a.min_sends)} sends or from {date(a.evaluate_after)} (baseline{" "}
                          {formatRate(a.baseline.estimate.rate)})
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {q.hasNextPage && (
          <Button sx={{ mt: 1 }} onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            Show more
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
