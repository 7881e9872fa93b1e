/**
 * /analytics-intelligence/insights: What changed measurably in our results, and where? The latest
 * insights run: every rate × (workspace, campaign, inbox, step) tested period against period, the
 * Benjamini–Hochberg correction over all the tests, and only the significant changes, each with its
 * evidence and a link to where it happened.
 */

import {
  Alert,
  Box,
  Button,
  Card,
  CardHeader,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { InsightFinding, InsightRun, InsightsAnswer } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { formatCount, formatInterval, formatP, formatPoints, formatRate } from "../../../ui/charts/chart-format.ts";
import { IntervalBar } from "../../../ui/charts/interval-bar.tsx";
import { JobProgress } from "../../../ui/job-progress.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { PeriodSelect } from "../../../ui/period-select.tsx";
import { useInsights, useRecomputeInsights } from "../api/use-intelligence.ts";
import { dayRange, METRIC_LABELS, SCOPE_LABELS } from "../components/labels.ts";

const PERIODS = [7, 14, 28, 56];

export default function InsightsPage() {
  const [days, setDays] = useState(14);
  const query = useInsights();
  const recompute = useRecomputeInsights();
  const data = query.data;
  const latest = data?.run ?? null;
  const running = latest?.status === "queued" || latest?.status === "running";
  // While a run works, the last finished one stays on screen.
  const shown = latest?.status === "completed" ? latest : (data?.last_completed ?? null);
  return (
    <Stack spacing={3}>
      <PageIntro
        title="Insights"
        question="What changed measurably in our results, and where?"
        summary="Each rate (reply, meeting, open, click, bounce, unsubscribe) for the workspace, every campaign, inbox and sequence step, this period against the one before. Only changes that survive the correction for testing many things at once are listed."
        actions={
          <>
            <PeriodSelect value={days} onChange={setDays} days={PERIODS} label="Compare periods of" />
            <Button variant="contained" disabled={running || recompute.isPending} onClick={() => recompute.mutate(days)}>
              {running ? "Computing…" : "Recompute"}
            </Button>
          </>
        }
      />
      {recompute.isError && <Alert severity="error">{errorMessage(recompute.error)}</Alert>}
      {query.isPending && <LoadingScreen />}
      {query.isError && <LoadError error={query.error} onRetry={() => query.refetch()} />}
      {running && latest && (
        <JobProgress
          label="Insights progress"
          percent={latest.status === "queued" ? null : latest.progress}
          text={latest.status === "queued" ? "Queued…" : `${latest.step ?? "Working"} (${latest.progress}%)`}
        />
      )}
      {latest?.status === "failed" && <Alert severity="error">{`The last run failed: ${latest.error ?? "unknown error"}`}</Alert>}
      {data && !shown && !running && (
        <EmptyState
          title="No insights computed yet"
          hint="Recompute to compare the last period with the one before. Changes need sends in both periods: at least 30 delivered messages per campaign, inbox or step in each."
        >
          <Button variant="contained" onClick={() => recompute.mutate(days)} disabled={recompute.isPending}>
            Compute insights
          </Button>
        </EmptyState>
      )}
      {data && shown && <RunView run={shown} data={data} />}
    </Stack>
  );
}

function RunView({ run, data }: { run: InsightRun; data: InsightsAnswer }) {
  return (
    <>
      <Typography variant="body2" color="textSecondary" data-testid="insights-freshness">
        {`Computed ${run.finished_at ? `${timeAgo(run.finished_at)} (${formatDateTime(run.finished_at)})` : "—"}: ${dayRange(run.current_from, run.current_to)} against ${dayRange(run.previous_from, run.previous_to)}, whole days in UTC, by the day each message was sent; the last 3 days are left out because replies arrive late. ${formatCount(run.tests)} tests made, ${formatCount(run.skipped)} cells skipped (fewer than ${data.min_n} delivered in a period). Benjamini–Hochberg correction at a ${Math.round(data.fdr * 100)} % false discovery rate.`}
      </Typography>
      {run.findings.length === 0 ? (
        <EmptyState
          title="No measurable change"
          hint={`None of the ${formatCount(run.tests)} tests shows a change beyond chance between the two periods. Differences you may see elsewhere are within noise.`}
        />
      ) : (
        <Card variant="outlined">
          <CardHeader
            title={`${run.findings.length} measurable change${run.findings.length === 1 ? "" : "s"}`}
            subheader="Rates with their 95 % Wilson interval and sample; p from a two-proportion z-test, q after the correction. Sorted by q."
            slotProps={{ title: { variant: "h6", component: "h3" } }}
          />
          <TableContainer>
            <Table size="small" aria-label="Measurable changes">
              <TableHead>
                <TableRow>
                  <TableCell>Metric</TableCell>
                  <TableCell>Where</TableCell>
                  <TableCell>Before</TableCell>
                  <TableCell>Now</TableCell>
                  <TableCell align="right">Change</TableCell>
                  <TableCell align="right">p</TableCell>
                  <TableCell align="right">q</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {run.findings.map((f) => (
                  <FindingRow key={`${f.metric}-${f.scope}-${f.key}`} f={f} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
      <Typography variant="caption" color="textSecondary">
        {Object.entries(data.sources)
          .map(([m, s]) => `${METRIC_LABELS[m as keyof typeof METRIC_LABELS] ?? m}: ${s}`)
          .join(" · ")}
      </Typography>
    </>
  );
}

function FindingRow({ f }: { f: InsightFinding }) {
  const max = Math.max(f.previous.high ?? 0, f.current.high ?? 0);
  return (
    <TableRow>
      <TableCell>{METRIC_LABELS[f.metric]}</TableCell>
      <TableCell>
        <Box sx={{ display: "flex", flexDirection: "column" }}>
          <Link component={RouterLink} to={f.link}>
            {f.label}
          </Link>
          <Typography variant="caption" color="textSecondary">
            {SCOPE_LABELS[f.scope]}
          </Typography>
        </Box>
      </TableCell>
      <TableCell>
        <RateCell e={f.previous} max={max} color="text.secondary" />
      </TableCell>
      <TableCell>
        <RateCell e={f.current} max={max} />
      </TableCell>
      <TableCell align="right">
        <Chip size="small" color={f.good ? "success" : "error"} label={formatPoints(f.delta)} />
      </TableCell>
      <TableCell align="right">{formatP(f.p_value)}</TableCell>
      <TableCell align="right">{formatP(f.q_value)}</TableCell>
    </TableRow>
  );
}

/** A period's rate: its bar with the 95 % interval, the rate and interval, and the counts. */
function RateCell({ e, max, color }: { e: InsightFinding["current"]; max: number; color?: string }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 0.25 }}>
      <IntervalBar estimate={e} max={max} color={color} width={110} showText={false} />
      <Typography variant="body2" sx={{ whiteSpace: "nowrap" }}>{`${formatRate(e.rate)} (95 % CI ${formatInterval(e)})`}</Typography>
      <Typography variant="caption" color="textSecondary">{`${formatCount(e.successes)} of ${formatCount(e.n)}`}</Typography>
    </Box>
  );
}
