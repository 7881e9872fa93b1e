/**
 * /boardroom: How is outbound performing for the business, month over month? The last month's KPIs
 * against the month before and the same month a year before (a change is flagged only when it is
 * beyond chance), trend charts, the monthly table, the open pipeline and every figure's source.
 * Printable (A4, without navigation) and exportable as a PDF.
 */
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
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
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import type { Boardroom, BoardroomKpi, KpiDelta } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { type MonthRange, useBoardroom, useBoardroomPdf } from "../api/use-executive.ts";
import { count, dateTime, money, pct, rateText, signed } from "../components/executive-format.ts";
import { BoardroomPrintStyles } from "../components/print-styles.tsx";

const QUESTION = "How is outbound performing for the business, month over month?";

function kpiValue(k: BoardroomKpi): string {
  if (k.kind === "rate") return k.rate ? rateText(k.rate) : "—";
  if (k.value === null) return "—";
  return k.kind === "money" ? money(k.value) : count(k.value);
}

function Delta({ k, d, what }: { k: BoardroomKpi; d: KpiDelta; what: string }) {
  const before = d.value === null ? "—" : k.kind === "rate" ? pct(d.value) : k.kind === "money" ? money(d.value) : count(d.value);
  return (
    <Typography variant="body2" component="div">
      {what} ({d.month}: {before}): <strong>{signed(d.change, k.kind)}</strong>{" "}
      {d.significant ? (
        <Chip size="small" color={d.change !== null && d.change < 0 ? "warning" : "success"} label="beyond chance" />
      ) : d.p_value !== null ? (
        <Typography component="span" variant="caption" color="textSecondary">
          within chance (p {d.p_value.toFixed(2)})
        </Typography>
      ) : null}
    </Typography>
  );
}

function KpiCards({ b }: { b: Boardroom }) {
  return (
    <Box component="section" aria-label="Key figures" sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
      {b.kpis.map((k) => (
        <Card key={k.key} variant="outlined" sx={{ flex: "1 1 260px", minWidth: 0 }}>
          <CardContent>
            <Typography variant="overline" component="h3" color="textSecondary">
              {k.label}, {k.month}
              {b.to_is_partial ? " (month to date)" : ""}
            </Typography>
            <Typography variant={k.kind === "rate" ? "h6" : "h5"} component="p">
              {kpiValue(k)}
            </Typography>
            <Delta k={k} d={k.mom} what="vs last month" />
            <Delta k={k} d={k.yoy} what="vs a year ago" />
            <Typography variant="caption" color="textSecondary">
              {k.source}
            </Typography>
          </CardContent>
        </Card>
      ))}
      <Card variant="outlined" sx={{ flex: "1 1 260px", minWidth: 0 }}>
        <CardContent>
          <Typography variant="overline" component="h3" color="textSecondary">
            Open pipeline, now
          </Typography>
          <Typography variant="h5" component="p">
            {money(b.pipeline_open.value)}
          </Typography>
          <Typography variant="body2">
            {count(b.pipeline_open.deals)} open deals · {b.pipeline_open.currency_note}
          </Typography>
          <Typography variant="caption" color="textSecondary">
            {b.pipeline_open.source}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}

function MonthlyTable({ b }: { b: Boardroom }) {
  return (
    <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 1, overflowX: "auto" }}>
      {/* On screen a narrow window scrolls the table sideways rather than wrapping each interval; print wraps to fit A4. */}
      <Table size="small" aria-label="Monthly figures" sx={{ "@media screen": { "& td, & th": { whiteSpace: "nowrap" } } }}>
        <TableHead>
          <TableRow>
            <TableCell>Month</TableCell>
            <TableCell align="right">Sent</TableCell>
            <TableCell align="right">Replied</TableCell>
            <TableCell>Reply rate (95% interval, n)</TableCell>
            <TableCell align="right">Meetings</TableCell>
            <TableCell align="right">Deals created</TableCell>
            <TableCell align="right">Deals won</TableCell>
            <TableCell align="right">Revenue won</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {b.months.map((m) => (
            <TableRow key={m.month}>
              <TableCell>{m.month}</TableCell>
              <TableCell align="right">{count(m.sent)}</TableCell>
              <TableCell align="right">{count(m.replied)}</TableCell>
              <TableCell>{rateText(m.reply_rate, "—")}</TableCell>
              <TableCell align="right">{count(m.meetings)}</TableCell>
              <TableCell align="right">{count(m.deals_created)}</TableCell>
              <TableCell align="right">{count(m.deals_won)}</TableCell>
              <TableCell align="right">{money(m.revenue_won)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Charts({ b }: { b: Boardroom }) {
  const months = b.months.map((m) => m.month);
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" }, gap: 2 }}>
      <ChartCard
        title="Sends, replies and meetings by month"
        subheader={`${b.sources.sent ?? "Campaign messages sent"} · months in UTC`}
        table={{
          columns: [
            { key: "month", label: "Month" },
            { key: "sent", label: "Sent", numeric: true },
            { key: "replied", label: "Replied", numeric: true },
            { key: "meetings", label: "Meetings", numeric: true },
          ],
          rows: b.months.map((m) => ({ month: m.month, sent: m.sent, replied: m.replied, meetings: m.meetings })),
        }}
      >
        <BarChart
          height={280}
          xAxis={[{ scaleType: "band", data: months }]}
          series={[
            { data: b.months.map((m) => m.sent), label: "Sent" },
            { data: b.months.map((m) => m.replied), label: "Replied" },
            { data: b.months.map((m) => m.meetings), label: "Meetings" },
          ]}
        />
      </ChartCard>
      <ChartCard
        title="Reply rate by month, with its 95% interval"
        subheader={`${b.sources.reply_rate ?? "Replied ÷ delivered"} · Wilson interval; a wide band means few sends`}
        table={{
          columns: [
            { key: "month", label: "Month" },
            { key: "rate", label: "Reply rate", numeric: true, format: (v) => pct(v as number | null) },
            { key: "low", label: "Low", numeric: true, format: (v) => pct(v as number | null) },
            { key: "high", label: "High", numeric: true, format: (v) => pct(v as number | null) },
            { key: "n", label: "Delivered (n)", numeric: true },
          ],
          rows: b.months.map((m) => ({
            month: m.month,
            rate: m.reply_rate.value,
            low: m.reply_rate.low,
            high: m.reply_rate.high,
            n: m.reply_rate.n,
          })),
        }}
      >
        <LineChart
          height={280}
          xAxis={[{ scaleType: "point", data: months }]}
          yAxis={[{ valueFormatter: (v: number) => pct(v, 0) }]}
          series={[
            { data: b.months.map((m) => m.reply_rate.value), label: "Reply rate", valueFormatter: (v) => pct(v) },
            { data: b.months.map((m) => m.reply_rate.high), label: "95% high", showMark: false, valueFormatter: (v) => pct(v) },
            { data: b.months.map((m) => m.reply_rate.low), label: "95% low", showMark: false, valueFormatter: (v) => pct(v) },
          ]}
        />
      </ChartCard>
      <ChartCard
        title="Revenue won by month"
        subheader={`${b.sources.revenue_won ?? "Value of CRM deals won"} · by the month they closed (UTC)`}
        table={{
          columns: [
            { key: "month", label: "Month" },
            { key: "created", label: "Deals created", numeric: true },
            { key: "won", label: "Deals won", numeric: true },
            { key: "revenue", label: "Revenue won", numeric: true, format: (v) => money(v as number) },
          ],
          rows: b.months.map((m) => ({ month: m.month, created: m.deals_created, won: m.deals_won, revenue: m.revenue_won })),
        }}
      >
        <BarChart
          height={280}
          xAxis={[{ scaleType: "band", data: months }]}
          series={[{ data: b.months.map((m) => m.revenue_won), label: "Revenue won", valueFormatter: (v) => money(v ?? 0) }]}
        />
      </ChartCard>
    </Box>
  );
}

export default function BoardroomPage() {
  const [range, setRange] = useState<MonthRange>({});
  const q = useBoardroom(range);
  const pdf = useBoardroomPdf();
  const toast = useToast();
  const b = q.data;
  const empty = b ? b.months.every((m) => m.sent === 0 && m.deals_created === 0 && m.deals_won === 0) : false;
  return (
    <Stack spacing={2}>
      <BoardroomPrintStyles />
      <PageIntro
        title="Boardroom"
        question={QUESTION}
        summary={
          b
            ? `${b.from} to ${b.to}${b.to_is_partial ? ` (${b.to} is month to date: compare it with care)` : ""} · months in UTC · ${b.computed_at ? `figures as of ${dateTime(b.computed_at)}` : "figures computed now"}`
            : "The last 12 complete months, or the months you choose"
        }
        actions={
          <Box data-print="hide" sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
            <TextField
              label="From month"
              type="month"
              size="small"
              value={range.from ?? b?.from ?? ""}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value || undefined }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="To month"
              type="month"
              size="small"
              value={range.to ?? b?.to ?? ""}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value || undefined }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button variant="outlined" onClick={() => window.print()}>
              Print
            </Button>
            <Button
              variant="contained"
              disabled={pdf.isPending || !b}
              onClick={() =>
                pdf.mutate(b ? { from: b.from, to: b.to } : range, { onError: (e) => toast.error(`PDF export failed: ${errorMessage(e)}`) })
              }
            >
              {pdf.isPending ? "Preparing PDF…" : "Download PDF"}
            </Button>
          </Box>
        }
      />
      {q.isPending && <LoadingScreen />}
      {q.isError && <LoadError error={q.error} onRetry={() => q.refetch()} />}
      {b &&
        (empty ? (
          <EmptyState
            title="No outbound activity in these months"
            hint="The boardroom fills in as campaigns send and deals are created: launch a campaign, or choose other months."
          >
            <Button component={RouterLink} to="/campaigns" variant="contained" data-print="hide">
              Go to campaigns
            </Button>
          </EmptyState>
        ) : (
          <>
            <KpiCards b={b} />
            <Typography variant="body2" color="textSecondary">
              A change is marked "beyond chance" when a two-proportion z-test (reply rate) or a Poisson test (meetings, deals) gives p &lt;
              0.05; sends and revenue are decided or summed, not sampled, so they are never flagged.
            </Typography>
            <Charts b={b} />
            <Typography variant="h6" component="h3">
              Monthly figures
            </Typography>
            <MonthlyTable b={b} />
            <Box component="section" aria-label="Sources">
              <Typography variant="subtitle2" component="h3">
                Where the figures come from
              </Typography>
              {Object.entries(b.sources).map(([k, s]) => (
                <Typography key={k} variant="body2" color="textSecondary">
                  <strong>{k}</strong>: {s}
                </Typography>
              ))}
            </Box>
          </>
        ))}
    </Stack>
  );
}
