/** How deliverability moved: daily bounce and complaint rates per domain, and the checks as each day's run left them. */

import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { LineChart } from "@mui/x-charts/LineChart";
import type { CheckStatus, TrendDay } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { PeriodSelect } from "../../../ui/period-select.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useTrends } from "../api/use-deliverability.ts";
import { StatusChip } from "./status-chip.tsx";

const KINDS = ["spf", "dkim", "dmarc", "mx"];

/** The worst blocklist answer of a day (fail beats unknown beats pass). */
function blocklistStatus(checks: Record<string, CheckStatus>): CheckStatus | null {
  const lists = Object.entries(checks)
    .filter(([k]) => k.startsWith("blocklist:"))
    .map(([, v]) => v);
  if (!lists.length) return null;
  return lists.includes("fail") ? "fail" : lists.includes("unknown") ? "unknown" : lists.includes("warn") ? "warn" : "pass";
}

export function TrendsCard() {
  const [days, setDays] = useState(30);
  const [domain, setDomain] = useState<string>("");
  const q = useTrends(days, domain || null);
  const data = q.data;
  const shown = domain || data?.domains[0] || "";
  const series: TrendDay[] = data?.series.filter((d) => d.domain === shown) ?? [];
  const checked = [...series].filter((d) => d.checks).reverse();
  const pager = usePager({ perPageOptions: [7, 30], resetKeys: [days, shown] });
  const anySent = series.some((d) => d.sent > 0);
  return (
    <Card variant="outlined" component="section" aria-label="Trends">
      <CardHeader
        title="Trends"
        slotProps={{ title: { component: "h3", variant: "h6" } }}
        subheader="Bounce and spam-complaint rates per day (UTC) from what your inboxes sent, and each day's check results."
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
          <PeriodSelect value={days} onChange={setDays} days={[7, 30, 90, 180]} minWidth={140} />
          {data && data.domains.length > 1 && (
            <TextField select size="small" label="Domain" value={shown} onChange={(e) => setDomain(e.target.value)} sx={{ minWidth: 200 }}>
              {data.domains.map((d) => (
                <MenuItem key={d} value={d}>
                  {d}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
        {q.isPending && <Skeleton variant="rounded" height={200} />}
        {q.isError && <Alert severity="error">{errorMessage(q.error)}</Alert>}
        {data && data.domains.length === 0 && (
          <Typography color="textSecondary">No sending domain yet: trends start once an SMTP inbox is connected and sends.</Typography>
        )}
        {data && shown && !anySent && (
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            Nothing sent from {shown} in the last {days} days: the rates start with the first campaign or one-off email from its inboxes.
          </Typography>
        )}
        {data && shown && anySent && (
          <Box sx={{ width: "100%", minWidth: 0 }}>
            <LineChart
              height={240}
              skipAnimation
              aria-label={`Bounce and complaint rates per day for ${shown}`}
              xAxis={[{ scaleType: "point", data: series.map((d) => d.date.slice(5)) }]}
              yAxis={[{ valueFormatter: (v: number) => `${(v * 100).toFixed(1)} %`, width: 56 }]}
              series={[
                {
                  id: "bounces",
                  label: "Bounce rate",
                  data: series.map((d) => (d.sent ? d.bounce_rate : null)),
                  showMark: false,
                  connectNulls: true,
                  valueFormatter: (v) => (v === null ? "no sends" : `${(v * 100).toFixed(2)} %`),
                },
                {
                  id: "complaints",
                  label: "Complaint rate",
                  data: series.map((d) => (d.sent ? d.complaint_rate : null)),
                  showMark: false,
                  connectNulls: true,
                  valueFormatter: (v) => (v === null ? "no sends" : `${(v * 100).toFixed(2)} %`),
                },
              ]}
            />
          </Box>
        )}
        {data && shown && (
          <>
            <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
              Check history for {shown}
            </Typography>
            {checked.length === 0 ? (
              <Typography color="textSecondary">
                No check run in this period yet: press Re-check, or open /deliverability, which refreshes stale checks.
              </Typography>
            ) : (
              <>
                <TableContainer sx={{ overflowX: "auto" }}>
                  <Table size="small" aria-label={`Check history for ${shown}`}>
                    <TableHead>
                      <TableRow>
                        <TableCell>Day</TableCell>
                        <TableCell align="right">Sent</TableCell>
                        {KINDS.map((k) => (
                          <TableCell key={k}>{k.toUpperCase()}</TableCell>
                        ))}
                        <TableCell>Blocklists</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {checked.slice(pager.page * pager.perPage, (pager.page + 1) * pager.perPage).map((d) => {
                        const lists = d.checks ? blocklistStatus(d.checks) : null;
                        return (
                          <TableRow key={d.date}>
                            <TableCell>{d.date}</TableCell>
                            <TableCell align="right">{d.sent}</TableCell>
                            {KINDS.map((k) => (
                              <TableCell key={k}>{d.checks?.[k] ? <StatusChip status={d.checks[k]} /> : "—"}</TableCell>
                            ))}
                            <TableCell>{lists ? <StatusChip status={lists} /> : "—"}</TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </TableContainer>
                <TablePager pager={pager} count={checked.length} />
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
