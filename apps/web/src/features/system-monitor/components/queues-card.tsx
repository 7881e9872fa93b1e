/** The job queues: now (queued, active, oldest) and over 24 hours, each opening its failures. */
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import type { QueueSummary } from "@prospector/contracts";
import { useState } from "react";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { useQueues } from "../api/use-system-monitor.ts";
import { seconds } from "./monitor-format.ts";

export function QueuesCard({ onOpen }: { onOpen: (queue: QueueSummary) => void }) {
  const q = useQueues();
  const queues = q.data?.queues ?? [];
  const failing = queues.filter((x) => x.failed_24h > 0);
  const [showIdle, setShowIdle] = useState(false);
  // Idle: nothing waiting, running, finished or failed in 24 h; listed only on request.
  const idle = (x: QueueSummary) => !x.queued && !x.active && !x.failed_24h && !x.completed_24h && !x.retries_24h && !x.last_failed_at;
  const idleCount = queues.filter(idle).length;
  const shown = showIdle ? queues : queues.filter((x) => !idle(x));
  return (
    <Card variant="outlined">
      <CardHeader
        title="Job queues"
        subheader={
          q.data
            ? `${queues.length} queues · ${failing.length ? `${failing.length} with failures in 24 h` : "no failed jobs in 24 h"} · read ${timeAgo(q.data.checked_at)}`
            : "Depth, failures, times and retries per queue"
        }
        slotProps={{ title: { variant: "subtitle1", component: "h3" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {q.isError ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : q.isPending ? (
          <Typography color="textSecondary">Reading the queues…</Typography>
        ) : queues.length === 0 ? (
          <Alert severity="info">No job queue exists yet: queues are created when the server starts its job runner.</Alert>
        ) : (
          <TableContainer sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label="Job queues">
              <TableHead>
                <TableRow>
                  <TableCell>Queue</TableCell>
                  <TableCell align="right">Queued</TableCell>
                  <TableCell align="right">Active</TableCell>
                  <TableCell align="right">Failed (24 h)</TableCell>
                  <TableCell align="right">Completed (24 h)</TableCell>
                  <TableCell align="right">Retries (24 h)</TableCell>
                  <TableCell align="right">Avg wait</TableCell>
                  <TableCell align="right">Avg run</TableCell>
                  <TableCell align="right">Oldest waiting</TableCell>
                  <TableCell>Last failure</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {[...shown]
                  .sort((a, b) => b.failed_24h - a.failed_24h || b.queued - a.queued || a.name.localeCompare(b.name))
                  .map((x) => (
                    <TableRow key={x.name} hover>
                      <TableCell sx={{ fontFamily: "monospace" }}>
                        {x.name}
                        {x.name.startsWith("__pgboss__") ? (
                          <Chip size="small" label="pg-boss internal" sx={{ ml: 1 }} />
                        ) : (
                          !x.defined_here && (
                            <Tooltip title="Not defined by this server process: another process (a worker) or an older version created it">
                              <Chip size="small" label="other process" sx={{ ml: 1 }} />
                            </Tooltip>
                          )
                        )}
                      </TableCell>
                      <TableCell align="right">
                        {x.queued.toLocaleString()}
                        {x.deferred > 0 && (
                          <Typography component="span" variant="caption" color="textSecondary">
                            {` (${x.deferred} later)`}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right">{x.active.toLocaleString()}</TableCell>
                      <TableCell align="right">
                        {x.failed_24h > 0 ? <Chip size="small" color="error" label={x.failed_24h.toLocaleString()} /> : 0}
                      </TableCell>
                      <TableCell align="right">{x.completed_24h.toLocaleString()}</TableCell>
                      <TableCell align="right">{x.retries_24h > 0 ? `${x.retries_24h} (${x.retried_jobs_24h} jobs)` : 0}</TableCell>
                      <TableCell align="right">{seconds(x.avg_wait_seconds)}</TableCell>
                      <TableCell align="right">{seconds(x.avg_run_seconds)}</TableCell>
                      <TableCell align="right">{seconds(x.oldest_queued_seconds)}</TableCell>
                      <TableCell title={x.last_failed_at ? formatDateTime(x.last_failed_at) : undefined}>
                        {x.last_failed_at ? timeAgo(x.last_failed_at) : "never"}
                      </TableCell>
                      <TableCell>
                        {x.last_failed_at && (
                          <Button size="small" onClick={() => onOpen(x)} aria-label={`Failures of ${x.name}`}>
                            Failures
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            </Table>
            {idleCount > 0 && (
              <Button size="small" sx={{ mt: 1 }} onClick={() => setShowIdle((v) => !v)}>
                {showIdle ? `Hide the ${idleCount} idle queues` : `Show ${idleCount} idle queues (nothing in 24 h)`}
              </Button>
            )}
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
