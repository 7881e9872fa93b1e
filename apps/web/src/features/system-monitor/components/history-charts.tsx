/** The sampled history of the queues and error reports (one sample a minute, kept 30 days), as charts with a table view. */
import { Alert, Stack } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import type { MonitorRange } from "@prospector/contracts";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { useMonitorHistory } from "../api/use-system-monitor.ts";
import { bucketLabel, seconds } from "./monitor-format.ts";

const EMPTY =
  "No samples in this range yet: the server records one a minute while it runs (kept 30 days). Keep it running, or pick a longer range.";

export function HistoryCharts({ range }: { range: MonitorRange }) {
  const q = useMonitorHistory(range);
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  const h = q.data;
  const points = h?.points ?? [];
  const byDay = range === "30d" || range === "7d";
  const x = points.map((p) => (byDay ? `${bucketLabel(p.t, true)} ${bucketLabel(p.t, false)}` : bucketLabel(p.t, false)));
  const every = h ? `${h.samples.toLocaleString()} samples, one point per ${seconds(h.bucket_seconds)}` : "";
  // Few points: draw their marks, or a single sample would not show at all.
  const marks = points.length < 30;
  const yAxis = [{ min: 0, valueFormatter: (v: number | null) => (v === null ? "" : Number.isInteger(v) ? String(v) : v.toFixed(1)) }];
  const empty = h && points.length === 0 ? <Alert severity="info">{EMPTY}</Alert> : undefined;
  return (
    <Stack direction={{ xs: "column", lg: "row" }} spacing={2} sx={{ "& > *": { flex: 1, minWidth: 0 } }}>
      <ChartCard
        title="Queue depth"
        subheader={h ? `Waiting jobs over all queues (mean and peak) · ${every}` : "Reading the samples…"}
        empty={empty}
        table={{
          columns: [
            { key: "t", label: "Time (UTC)" },
            { key: "queued", label: "Queued (mean)", numeric: true },
            { key: "queued_max", label: "Queued (peak)", numeric: true },
            { key: "active", label: "Active (mean)", numeric: true },
            { key: "oldest", label: "Oldest waiting", numeric: true, format: (v) => seconds(v as number | null) },
          ],
          rows: points.map((p, i) => ({
            t: x[i],
            queued: p.queued,
            queued_max: p.queued_max,
            active: p.active,
            oldest: p.oldest_queued_seconds,
          })),
        }}
      >
        <LineChart
          height={260}
          skipAnimation
          xAxis={[{ scaleType: "point", data: x }]}
          yAxis={yAxis}
          series={[
            { data: points.map((p) => p.queued), label: "Queued (mean)", showMark: marks },
            { data: points.map((p) => p.queued_max), label: "Queued (peak)", showMark: marks },
            { data: points.map((p) => p.active), label: "Active", showMark: marks },
          ]}
        />
      </ChartCard>
      <ChartCard
        title="Failures and error reports"
        subheader={h ? `Failed jobs and client error reports per point · ${every}` : "Reading the samples…"}
        empty={empty}
        table={{
          columns: [
            { key: "t", label: "Time (UTC)" },
            { key: "failed", label: "Failed jobs", numeric: true },
            { key: "completed", label: "Completed jobs", numeric: true },
            { key: "reports", label: "Error reports", numeric: true },
          ],
          rows: points.map((p, i) => ({ t: x[i], failed: p.failed, completed: p.completed, reports: p.error_reports })),
        }}
      >
        <BarChart
          height={260}
          skipAnimation
          xAxis={[{ scaleType: "band", data: x }]}
          yAxis={yAxis}
          series={[
            { data: points.map((p) => p.failed), label: "Failed jobs", color: "#d32f2f" },
            { data: points.map((p) => p.error_reports), label: "Error reports", color: "#ed6c02" },
          ]}
        />
      </ChartCard>
    </Stack>
  );
}
