/**
 * /system-health/dashboard: Is this instance healthy right now, and was it over the last day?
 * Status tiles for each component (database, job queue, Redis, requests, event loop, memory, disk,
 * sockets, error reports, the history sampler) with the figure behind each state, refreshed every
 * 30 s, and the last 24 hours of the sampled history as small charts (docs/operations.md).
 */
import { Alert, AlertTitle, Box, Stack, Typography } from "@mui/material";
import { timeAgo } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { isForbidden, useSystemHistory, useSystemStatus } from "../api/use-system-health.ts";
import { AdminOnly } from "../components/admin-only.tsx";
import { formatBytes, formatMs, NO_SAMPLES } from "../components/health-format.ts";
import { HistoryChart } from "../components/history-chart.tsx";
import { STATUS_LABEL, StatusTile } from "../components/status-tile.tsx";

const QUESTION = "Is this instance healthy right now, and was it over the last day?";

const count = (v: number | null) => (v === null ? "—" : (Math.round(v * 10) / 10).toLocaleString("en-US"));

export default function SystemHealthPage() {
  const status = useSystemStatus();
  const history = useSystemHistory("24h");
  if (isForbidden(status.error) || isForbidden(history.error)) {
    return (
      <Stack spacing={3}>
        <PageIntro question={QUESTION} />
        <AdminOnly />
      </Stack>
    );
  }
  const s = status.data;
  const severity = s ? (s.status === "down" ? "error" : s.status === "degraded" ? "warning" : "success") : "info";
  const notOk = s?.components.filter((c) => c.status === "degraded" || c.status === "down") ?? [];
  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary={
          s
            ? `Checked ${timeAgo(s.checked_at)}; ${s.last_sample_at ? `last sample ${timeAgo(s.last_sample_at)}` : "no sample recorded yet"}.`
            : undefined
        }
      />
      {status.isPending ? (
        <LoadingScreen />
      ) : status.isError ? (
        <LoadError error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <>
          <Alert severity={severity}>
            <AlertTitle>Instance: {STATUS_LABEL[s!.status]}</AlertTitle>
            {notOk.length === 0
              ? "Every component answers within its limits."
              : `Needs attention: ${notOk.map((c) => c.label).join(", ")}.`}
          </Alert>
          <Box
            component="section"
            aria-label="Components"
            sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(5, 1fr)" } }}
          >
            {s!.components.map((c) => (
              <StatusTile key={c.key} component={c} />
            ))}
          </Box>
        </>
      )}
      <Typography variant="h6" component="h2">
        Last 24 hours
      </Typography>
      {history.isPending ? (
        <LoadingScreen />
      ) : history.isError ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(2, 1fr)", xl: "repeat(3, 1fr)" } }}>
          <HistoryChart
            title="Requests per second"
            history={history.data}
            series={[{ key: "requests_per_second", label: "Requests/s" }]}
            format={count}
            height={140}
            empty={NO_SAMPLES}
          />
          <HistoryChart
            title="Response time p95"
            history={history.data}
            series={[{ key: "http_p95_ms", label: "p95" }]}
            format={formatMs}
            height={140}
            empty={NO_SAMPLES}
          />
          <HistoryChart
            title="Database latency"
            history={history.data}
            series={[{ key: "db_latency_ms", label: "Ping" }]}
            format={formatMs}
            height={140}
            empty={NO_SAMPLES}
          />
          <HistoryChart
            title="Jobs waiting"
            history={history.data}
            series={[{ key: "jobs_queued", label: "Queued" }]}
            format={count}
            height={140}
            empty={NO_SAMPLES}
          />
          <HistoryChart
            title="Memory (resident)"
            history={history.data}
            series={[{ key: "rss_bytes", label: "RSS" }]}
            format={formatBytes}
            height={140}
            empty={NO_SAMPLES}
          />
          <HistoryChart
            title="Event-loop delay p99"
            history={history.data}
            series={[{ key: "event_loop_p99_ms", label: "p99" }]}
            format={formatMs}
            height={140}
            empty={NO_SAMPLES}
          />
        </Box>
      )}
    </Stack>
  );
}
