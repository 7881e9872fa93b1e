/**
 * /system-health/infrastructure: What is this instance running on, and how full is it?
 * The deployment mode, versions, process and host memory, the data folder's disk, uploads, the
 * database's size and its biggest tables, Redis and the job workers (docs/operations.md).
 */
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { SystemInfrastructure } from "@prospector/contracts";
import type { ReactNode } from "react";
import { formatDateTime } from "../../../lib/format.ts";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { isForbidden, useSystemInfrastructure } from "../api/use-system-health.ts";
import { AdminOnly } from "../components/admin-only.tsx";
import { formatBytes, formatDuration } from "../components/health-format.ts";

const QUESTION = "What is this instance running on, and how full is it?";

function Facts({ title, rows, children }: { title: string; rows: [string, ReactNode][]; children?: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardHeader title={title} slotProps={{ title: { variant: "subtitle1", component: "h3" } }} />
      <CardContent sx={{ pt: 0 }}>
        {children}
        <Table size="small" aria-label={title}>
          <TableBody>
            {rows.map(([k, v]) => (
              <TableRow key={k}>
                <TableCell component="th" scope="row" sx={{ color: "text.secondary", width: "45%" }}>
                  {k}
                </TableCell>
                <TableCell>{v}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function Usage({ used, total, label }: { used: number; total: number; label: string }) {
  const pct = total > 0 ? Math.round((used / total) * 100) : 0;
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="body2" color="textSecondary">{`${label}: ${pct}% used`}</Typography>
      <LinearProgress
        variant="determinate"
        value={pct}
        color={pct > 90 ? "error" : pct > 75 ? "warning" : "primary"}
        aria-label={`${label} used`}
      />
    </Box>
  );
}

export default function SystemInfrastructurePage() {
  const q = useSystemInfrastructure();
  if (isForbidden(q.error)) {
    return (
      <Stack spacing={3}>
        <PageIntro question={QUESTION} />
        <AdminOnly />
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <PageIntro question={QUESTION} />
      {q.isPending ? (
        <LoadingScreen />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Infrastructure i={q.data} />
      )}
    </Stack>
  );
}

function Infrastructure({ i }: { i: SystemInfrastructure }) {
  const disk = i.data_dir;
  const tables = i.database.tables;
  return (
    <>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(2, 1fr)", xl: "repeat(3, 1fr)" } }}>
        <Facts
          title="Deployment"
          rows={[
            ["Mode", i.mode === "embedded" ? "Embedded (PGlite in the data folder, one process)" : "Scale-out (PostgreSQL)"],
            ["Node.js", i.node_version],
            ["PostgreSQL", i.postgres_version ?? "—"],
            ["Platform", `${i.process.platform} ${i.process.arch}, ${i.process.cpus} CPUs`],
            ["Job workers", i.jobs.mode === "inline" ? "In this process (JOBS=inline)" : "Separate worker processes (JOBS=off)"],
            ["Job queues", i.jobs.queues ?? "—"],
            ["Uptime", formatDuration(i.process.uptime_seconds)],
          ]}
        />
        <Facts
          title="Memory"
          rows={[
            ["Process resident", formatBytes(i.process.rss_bytes)],
            ["Heap used / allocated", `${formatBytes(i.process.heap_used_bytes)} / ${formatBytes(i.process.heap_total_bytes)}`],
            ["Host total", formatBytes(i.process.host_total_memory_bytes)],
            ["Host free", formatBytes(i.process.host_free_memory_bytes)],
            ["Process id", i.process.pid],
          ]}
        >
          <Usage
            label="Host memory"
            used={i.process.host_total_memory_bytes - i.process.host_free_memory_bytes}
            total={i.process.host_total_memory_bytes}
          />
        </Facts>
        <Facts
          title="Disk"
          rows={[
            ["Data folder", <code key="p">{disk.path}</code>],
            ["Free", formatBytes(disk.free_bytes)],
            ["Total", formatBytes(disk.total_bytes)],
            [
              "Uploads",
              `${formatBytes(i.uploads.bytes)} in ${i.uploads.files.toLocaleString("en-US")} files${i.uploads.truncated ? " (at least: counting stopped)" : ""}`,
            ],
            ["Database", formatBytes(i.database.size_bytes)],
          ]}
        >
          {disk.free_bytes !== null && disk.total_bytes ? (
            <Usage label="Disk" used={disk.total_bytes - disk.free_bytes} total={disk.total_bytes} />
          ) : null}
        </Facts>
        <Facts
          title="Redis"
          rows={
            i.redis.status === "disabled"
              ? [["Status", "Not configured: set REDIS_URL to share sockets, rate limits and the bus between API processes"]]
              : [
                  ["Status", i.redis.status === "ok" ? "Answering" : "Not answering"],
                  ["Version", i.redis.version ?? "—"],
                  ["Memory used", formatBytes(i.redis.used_memory_bytes)],
                  ["Connected clients", i.redis.connected_clients ?? "—"],
                ]
          }
        />
        <Facts
          title="Sampled history"
          rows={[
            ["Samples kept", i.samples.count.toLocaleString("en-US")],
            ["Oldest", i.samples.oldest_at ? formatDateTime(i.samples.oldest_at) : "None yet: one is taken every minute where JOBS=inline"],
            ["Kept for", "30 days"],
          ]}
        />
      </Box>
      <ChartCard
        title="Biggest tables"
        subheader={`Database ${formatBytes(i.database.size_bytes)} in total; tables with their indexes`}
        empty={tables.length ? undefined : "No table sizes could be read from the database."}
        table={{
          columns: [
            { key: "name", label: "Table" },
            { key: "total_bytes", label: "Size", numeric: true, format: (v) => formatBytes(v as number) },
            { key: "rows_estimate", label: "Rows (estimate)", numeric: true },
          ],
          rows: tables,
        }}
      >
        <BarChart
          height={Math.max(200, tables.length * 28)}
          layout="horizontal"
          yAxis={[{ scaleType: "band", data: tables.map((t) => t.name), width: 180 }]}
          xAxis={[{ valueFormatter: (v: number) => formatBytes(v), tickNumber: 5 }]}
          series={[{ data: tables.map((t) => t.total_bytes), label: "Size", valueFormatter: (v) => formatBytes(v) }]}
          hideLegend
        />
      </ChartCard>
    </>
  );
}
