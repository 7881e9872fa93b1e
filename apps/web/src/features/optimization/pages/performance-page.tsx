/**
 * /optimization/performance: are results improving week over week, beyond chance? A p-chart of the
 * last N complete weeks (centre line, ±3σ limits per week's sample) with the weeks beyond the limits
 * flagged, and a week-over-week z-test (docs/analytics/optimization.md).
 */
import {
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from "@mui/material";
import { LineChart } from "@mui/x-charts/LineChart";
import type { PerformanceMetric } from "@prospector/contracts";
import { useState } from "react";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { usePerformance } from "../api/use-optimization.ts";
import { pct, rateWithInterval } from "../components/optimization-format.ts";

const METRICS: Record<PerformanceMetric, string> = {
  reply_rate: "Reply rate",
  open_rate: "Open rate",
  meeting_rate: "Meeting rate",
  bounce_rate: "Bounce rate",
};

export default function PerformancePage() {
  const [metric, setMetric] = useState<PerformanceMetric>("reply_rate");
  const [weeks, setWeeks] = useState(12);
  const q = usePerformance(weeks, metric);
  const a = q.data;
  const empty = a ? a.weeks.every((w) => w.n === 0) : false;
  const signals = a?.weeks.filter((w) => w.signal !== "none") ?? [];
  const label = METRICS[metric];
  return (
    <Stack spacing={2}>
      <PageIntro
        question="Are our results improving week over week, beyond chance?"
        summary={
          a && a.centre !== null ? `${label} over the last ${weeks} complete weeks (Monday to Sunday, UTC): ${pct(a.centre)} overall` : " "
        }
        actions={
          <>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={metric}
              onChange={(_, m: PerformanceMetric | null) => m && setMetric(m)}
              aria-label="Metric"
            >
              {(Object.keys(METRICS) as PerformanceMetric[]).map((m) => (
                <ToggleButton key={m} value={m}>
                  {METRICS[m]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <TextField
              select
              size="small"
              label="Weeks"
              value={weeks}
              onChange={(e) => setWeeks(Number(e.target.value))}
              sx={{ minWidth: 110 }}
            >
              {[8, 12, 26, 52].map((w) => (
                <MenuItem key={w} value={w}>{`${w} weeks`}</MenuItem>
              ))}
            </TextField>
          </>
        }
      />
      {q.isPending && <LoadingScreen />}
      {q.isError && <LoadError error={q.error} onRetry={() => q.refetch()} />}
      {empty && (
        <EmptyState
          title="No campaign messages were sent in these weeks"
          hint="Launch a campaign: each week's messages and what came of them appear here once the week is over."
        />
      )}
      {a && !empty && (
        <>
          <ChartCard
            title={`${label} per week, with control limits`}
            subheader={`${a.source} · centre line ${pct(a.centre)} · limits ±3σ for each week's number of messages${
              a.computed_at ? ` · aggregates refreshed ${new Date(a.computed_at).toLocaleString()}` : ""
            }`}
            table={{
              columns: [
                { key: "week", label: "Week of" },
                { key: "rate", label: label, numeric: true, format: (v) => pct(v as number | null) },
                { key: "n", label: "Messages", numeric: true },
                { key: "lcl", label: "Lower limit", numeric: true, format: (v) => pct(v as number | null) },
                { key: "ucl", label: "Upper limit", numeric: true, format: (v) => pct(v as number | null) },
              ],
              rows: a.weeks.map((w) => ({ week: w.week, rate: w.rate.rate, n: w.n, lcl: w.lcl, ucl: w.ucl })),
            }}
          >
            <LineChart
              height={300}
              xAxis={[{ scaleType: "point", data: a.weeks.map((w) => w.week) }]}
              yAxis={[{ valueFormatter: (v: number) => pct(v, 0) }]}
              series={[
                { data: a.weeks.map((w) => w.rate.rate), label, curve: "linear", valueFormatter: (v) => pct(v) },
                {
                  data: a.weeks.map(() => a.centre),
                  label: "Centre line",
                  showMark: false,
                  curve: "linear",
                  valueFormatter: (v) => pct(v),
                },
                { data: a.weeks.map((w) => w.ucl), label: "Upper limit", showMark: false, curve: "step", valueFormatter: (v) => pct(v) },
                { data: a.weeks.map((w) => w.lcl), label: "Lower limit", showMark: false, curve: "step", valueFormatter: (v) => pct(v) },
              ]}
            />
          </ChartCard>
          <TableContainer sx={{ overflowX: "auto", border: 1, borderColor: "divider", borderRadius: 1 }}>
            <Table size="small" aria-label="Weeks">
              <TableHead>
                <TableRow>
                  <TableCell>Week of</TableCell>
                  <TableCell align="right">{label}</TableCell>
                  <TableCell align="right">Of messages</TableCell>
                  <TableCell>Control limits</TableCell>
                  <TableCell>Against the week before</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {a.weeks.map((w) => (
                  <TableRow key={w.week} selected={w.signal !== "none"}>
                    <TableCell>{w.week}</TableCell>
                    <TableCell align="right">{rateWithInterval(w.rate)}</TableCell>
                    <TableCell align="right">{`${w.successes.toLocaleString()} of ${w.n.toLocaleString()}`}</TableCell>
                    <TableCell>
                      {w.signal === "above" && (
                        <Chip size="small" color={metric === "bounce_rate" ? "error" : "success"} label="Above the upper limit" />
                      )}
                      {w.signal === "below" && (
                        <Chip size="small" color={metric === "bounce_rate" ? "success" : "error"} label="Below the lower limit" />
                      )}
                      {w.signal === "none" && (w.n === 0 ? "no messages" : "within limits")}
                    </TableCell>
                    <TableCell>
                      {w.wow_p === null
                        ? "—"
                        : `p = ${w.wow_p.toFixed(3)} · ${w.wow_significant ? "changed beyond chance" : "within chance"}`}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {signals.length === 0 && (
            <EmptyState
              title="No week is beyond the control limits"
              hint="Week-to-week differences are within what chance alone produces at these sample sizes."
            />
          )}
        </>
      )}
    </Stack>
  );
}
