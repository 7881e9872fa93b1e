/**
 * /system-health/performance: How fast is the instance answering, and is it getting slower?
 * Request latency (p50, p95), requests per second, 5xx answers, event-loop delay and database
 * latency over a chosen range of the sampled history (docs/operations.md).
 */
import { Box, MenuItem, Stack, TextField } from "@mui/material";
import type { SystemHistoryRange } from "@prospector/contracts";
import { useState } from "react";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { isForbidden, useSystemHistory } from "../api/use-system-health.ts";
import { AdminOnly } from "../components/admin-only.tsx";
import { formatMs, NO_SAMPLES, RANGE_LABELS } from "../components/health-format.ts";
import { HistoryChart } from "../components/history-chart.tsx";

const QUESTION = "How fast is the instance answering, and is it getting slower?";
const count = (v: number | null) => (v === null ? "—" : (Math.round(v * 100) / 100).toLocaleString("en-US"));

export default function SystemPerformancePage() {
  const [range, setRange] = useState<SystemHistoryRange>("24h");
  const history = useSystemHistory(range);
  if (isForbidden(history.error)) {
    return (
      <Stack spacing={3}>
        <PageIntro question={QUESTION} />
        <AdminOnly />
      </Stack>
    );
  }
  const h = history.data;
  const per = h ? (h.bucket_seconds >= 3600 ? `${h.bucket_seconds / 3600} h` : `${h.bucket_seconds / 60} min`) : "";
  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary={h ? `One point per ${per}: averages, with the worst p95 and p99 of each period; counts are totals.` : undefined}
        actions={
          <TextField
            select
            size="small"
            label="Range"
            value={range}
            onChange={(e) => setRange(e.target.value as SystemHistoryRange)}
            sx={{ minWidth: 160 }}
          >
            {(Object.keys(RANGE_LABELS) as SystemHistoryRange[]).map((r) => (
              <MenuItem key={r} value={r}>
                {RANGE_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      {history.isPending ? (
        <LoadingScreen />
      ) : history.isError ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "repeat(2, 1fr)" } }}>
          <HistoryChart
            title="Request latency"
            subheader="Time to answer API requests, p50 and p95"
            history={h!}
            series={[
              { key: "http_p50_ms", label: "p50" },
              { key: "http_p95_ms", label: "p95" },
            ]}
            format={formatMs}
            empty={NO_SAMPLES}
          />
          <HistoryChart
            title="Requests per second"
            subheader="Requests answered by the sampling process"
            history={h!}
            series={[{ key: "requests_per_second", label: "Requests/s" }]}
            format={count}
            empty={NO_SAMPLES}
          />
          <HistoryChart
            title="Server errors (5xx)"
            subheader="Answers with status 500–599, per period"
            history={h!}
            series={[{ key: "errors_5xx", label: "5xx answers" }]}
            format={count}
            empty={NO_SAMPLES}
          />
          <HistoryChart
            title="Event-loop delay"
            subheader="How late timers fire: above ~100 ms, something blocks the process"
            history={h!}
            series={[
              { key: "event_loop_p50_ms", label: "p50" },
              { key: "event_loop_p99_ms", label: "p99" },
            ]}
            format={formatMs}
            empty={NO_SAMPLES}
          />
          <HistoryChart
            title="Database latency"
            subheader="Round trip of a select 1, once a minute"
            history={h!}
            series={[{ key: "db_latency_ms", label: "Ping" }]}
            format={formatMs}
            empty={NO_SAMPLES}
          />
          <HistoryChart
            title="CPU"
            subheader="Process CPU time over wall time (100% = one core)"
            history={h!}
            series={[{ key: "cpu_percent", label: "CPU %" }]}
            format={(v) => (v === null ? "—" : `${Math.round(v)}%`)}
            empty={NO_SAMPLES}
          />
        </Box>
      )}
    </Stack>
  );
}
