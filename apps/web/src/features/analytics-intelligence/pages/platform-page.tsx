/**
 * /analytics-intelligence/platform (Lead Source Intelligence): Which lead sources turn into replies,
 * meetings and revenue? Per lead source (manual, CSV import, website crawler, maps, network
 * provider, API): the funnel from leads to won revenue, each step's rate with its 95 % interval.
 */

import {
  Button,
  Card,
  CardHeader,
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
import type { LeadSourceAnswer, LeadSourceRow } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { formatDateTime } from "../../../lib/format.ts";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { formatCount, formatMoney, formatRate, formatRateWithInterval } from "../../../ui/charts/chart-format.ts";
import { IntervalBar } from "../../../ui/charts/interval-bar.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useLeadSources } from "../api/use-intelligence.ts";

export default function PlatformPage() {
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const query = useLeadSources({ from: from || undefined, to: to || undefined });
  const data = query.data;
  return (
    <Stack spacing={3}>
      <PageIntro
        title="Lead Source Intelligence"
        question="Which lead sources turn into replies, meetings and revenue?"
        summary="Leads by where they came from, and what each source's leads became, whenever it happened. Each lead counts once per step. Dates are UTC days on which leads were added."
        actions={
          <>
            <TextField
              size="small"
              type="date"
              label="Leads added from"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="date"
              label="to"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        }
      />
      {query.isPending && <LoadingScreen />}
      {query.isError && <LoadError error={query.error} onRetry={() => query.refetch()} />}
      {data && data.totals.leads === 0 && (
        <EmptyState
          title="No leads in this range"
          hint="Add leads by hand, import a CSV, crawl websites or scrape maps: each source's replies, meetings and revenue show here once its leads are contacted."
        >
          <Button component={RouterLink} to="/leads" variant="contained">
            Go to leads
          </Button>
        </EmptyState>
      )}
      {data && data.totals.leads > 0 && <SourceView data={data} />}
    </Stack>
  );
}

function SourceView({ data }: { data: LeadSourceAnswer }) {
  const rows = data.rows;
  const contacted = rows.filter((r) => r.contacted > 0);
  const rateMax = Math.max(0.01, ...rows.map((r) => r.reply_rate.high ?? 0));
  return (
    <>
      <ChartCard
        title="Reply and meeting rate by lead source"
        subheader="Replied ÷ contacted and meetings ÷ contacted, per source; the table adds each 95 % interval and sample."
        empty={contacted.length === 0 ? "None of these leads has been contacted yet: add them to a campaign and launch it." : undefined}
        table={{
          columns: [
            { key: "label", label: "Source" },
            { key: "contacted", label: "Contacted", numeric: true },
            { key: "reply", label: "Reply rate (95 % CI)", format: (v) => formatRateWithInterval(v as LeadSourceRow["reply_rate"]) },
            { key: "meeting", label: "Meeting rate (95 % CI)", format: (v) => formatRateWithInterval(v as LeadSourceRow["meeting_rate"]) },
          ],
          rows: contacted.map((r) => ({ label: r.label, contacted: r.contacted, reply: r.reply_rate, meeting: r.meeting_rate })),
        }}
      >
        <BarChart
          height={Math.max(180, 48 * contacted.length + 60)}
          layout="horizontal"
          yAxis={[{ scaleType: "band", data: contacted.map((r) => r.label), width: 170 }]}
          xAxis={[{ valueFormatter: (v: number | null) => formatRate(v) }]}
          series={[
            { data: contacted.map((r) => r.reply_rate.rate ?? 0), label: "Reply rate", valueFormatter: (v) => formatRate(v) },
            { data: contacted.map((r) => r.meeting_rate.rate ?? 0), label: "Meeting rate", valueFormatter: (v) => formatRate(v) },
          ]}
        />
      </ChartCard>
      <Card variant="outlined">
        <CardHeader
          title="Funnel by lead source"
          subheader={`Computed ${formatDateTime(data.computed_at)}. Revenue: won deals in ${data.currency}${data.other_currencies.length ? ` (won deals in ${data.other_currencies.join(", ")} are not added in)` : ""}. No cost per reply: lead sources carry no cost yet.`}
          slotProps={{ title: { variant: "h6", component: "h3" } }}
        />
        <TableContainer>
          <Table size="small" aria-label="Funnel by lead source">
            <TableHead>
              <TableRow>
                <TableCell>Source</TableCell>
                <TableCell align="right">Leads</TableCell>
                <TableCell align="right">Contacted</TableCell>
                <TableCell align="right">Replied</TableCell>
                <TableCell>Reply rate</TableCell>
                <TableCell align="right">Meetings</TableCell>
                <TableCell align="right">Deals</TableCell>
                <TableCell align="right">Won</TableCell>
                <TableCell align="right">Revenue</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {[...rows, data.totals].map((r) => (
                <TableRow key={r.source} sx={r.source === "all" ? { "& td": { fontWeight: 600 } } : undefined}>
                  <TableCell>{r.label}</TableCell>
                  <TableCell align="right">{formatCount(r.leads)}</TableCell>
                  <TableCell align="right" title={`Contact rate ${formatRateWithInterval(r.contact_rate)}`}>
                    {formatCount(r.contacted)}
                  </TableCell>
                  <TableCell align="right">{formatCount(r.replied)}</TableCell>
                  <TableCell>
                    <IntervalBar estimate={r.reply_rate} max={rateMax} width={90} />
                  </TableCell>
                  <TableCell align="right" title={`Meeting rate ${formatRateWithInterval(r.meeting_rate)}`}>
                    {formatCount(r.meetings)}
                  </TableCell>
                  <TableCell align="right" title={`Of contacted: ${formatRateWithInterval(r.deal_rate)}`}>
                    {formatCount(r.deals)}
                  </TableCell>
                  <TableCell align="right" title={`Win rate of deals: ${formatRateWithInterval(r.win_rate)}`}>
                    {formatCount(r.deals_won)}
                  </TableCell>
                  <TableCell align="right">{formatMoney(r.revenue, data.currency)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Typography variant="caption" color="textSecondary" sx={{ display: "block", p: 2 }}>
          {Object.values(data.sources).join(" · ")}
        </Typography>
      </Card>
    </>
  );
}
