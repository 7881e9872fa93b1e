/** Client error reports grouped by type, field and component (shell §8), most reports first, in keyset pages. */
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { SparkLineChart } from "@mui/x-charts/SparkLineChart";
import { ClientErrorType, type MonitorRange } from "@prospector/contracts";
import { useEffect, useState } from "react";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState } from "../../../ui/page-intro.tsx";
import { useErrorGroups } from "../api/use-system-monitor.ts";
import { RANGES } from "./monitor-format.ts";

const none = (v: string) => v || "—";

export function ErrorGroupsCard({ range, onOpen }: { range: MonitorRange; onOpen: (id: string) => void }) {
  const [type, setType] = useState<ClientErrorType | "">("");
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new range or type starts again from the first page
  useEffect(() => setCursors([undefined]), [range, type]);
  const q = useErrorGroups(range, type || undefined, cursors.at(-1));
  const d = q.data;
  const rangeLabel = RANGES.find((r) => r.value === range)?.label.toLowerCase() ?? range;
  return (
    <Card variant="outlined">
      <CardHeader
        title="Error reports by type, field and component"
        subheader={
          d
            ? `${d.total_reports.toLocaleString()} reports in ${d.total_groups.toLocaleString()} groups, ${rangeLabel} · trend per ${d.bucket}`
            : "What the web app reported (POST /api/errors/report)"
        }
        slotProps={{ title: { variant: "subtitle1", component: "h3" } }}
        action={
          <TextField
            select
            size="small"
            label="Type"
            value={type}
            onChange={(e) => setType(e.target.value as ClientErrorType | "")}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">All types</MenuItem>
            {ClientErrorType.options.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {q.isError ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : !d ? (
          <Typography color="textSecondary">Grouping the reports…</Typography>
        ) : d.groups.length === 0 ? (
          <EmptyState
            title={`No error reports ${rangeLabel}`}
            hint="The web app reports the errors people meet (failed requests, crashes) here; nothing was reported in this range. Pick a longer range to see older ones (reports are kept 30 days)."
          />
        ) : (
          <>
            <TableContainer sx={{ overflowX: "auto" }}>
              <Table size="small" aria-label="Error groups, most reports first">
                <TableHead>
                  <TableRow>
                    <TableCell>Type</TableCell>
                    <TableCell>Field</TableCell>
                    <TableCell>Component</TableCell>
                    <TableCell align="right">Reports</TableCell>
                    <TableCell>Trend</TableCell>
                    <TableCell>First seen</TableCell>
                    <TableCell>Last seen</TableCell>
                    <TableCell>Latest message</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {d.groups.map((g) => (
                    <TableRow key={g.id} hover>
                      <TableCell>
                        <Chip
                          size="small"
                          label={g.type}
                          color={g.type === "server" ? "error" : g.type === "validation" ? "default" : "warning"}
                        />
                      </TableCell>
                      <TableCell>{none(g.field)}</TableCell>
                      <TableCell>{none(g.component)}</TableCell>
                      <TableCell align="right">{g.count.toLocaleString()}</TableCell>
                      <TableCell sx={{ width: 120 }}>
                        <Box aria-label={`Trend: ${g.trend.map((p) => p.count).join(", ")}`} role="img" sx={{ width: 110 }}>
                          <SparkLineChart height={28} data={g.trend.map((p) => p.count)} skipAnimation />
                        </Box>
                      </TableCell>
                      <TableCell title={formatDateTime(g.first_seen)}>{timeAgo(g.first_seen)}</TableCell>
                      <TableCell title={formatDateTime(g.last_seen)}>{timeAgo(g.last_seen)}</TableCell>
                      <TableCell sx={{ maxWidth: 320 }}>
                        <Button
                          size="small"
                          onClick={() => onOpen(g.id)}
                          sx={{ textTransform: "none", textAlign: "left", justifyContent: "flex-start" }}
                          aria-label={`Open the group ${g.type} ${none(g.field)} ${none(g.component)}`}
                        >
                          <Typography variant="body2" noWrap sx={{ maxWidth: 300 }}>
                            {g.latest.message}
                          </Typography>
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end", mt: 1 }}>
              <Button size="small" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Previous
              </Button>
              <Button
                size="small"
                disabled={!d.next_cursor}
                onClick={() => d.next_cursor && setCursors((c) => [...c, d.next_cursor ?? undefined])}
              >
                Next
              </Button>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
