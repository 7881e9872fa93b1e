/**
 * /campaign-intelligence/performance: Which campaigns perform above or below the workspace's
 * average, measurably? Per campaign for the period: rates with intervals and, for each, a
 * two-proportion z-test against the other campaigns' sends. Sortable, in keyset pages.
 */

import {
  Button,
  Card,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from "@mui/material";
import type { CiPerformanceRow, CiPerformanceSort } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useCampaignPerformance } from "../api/use-campaign-intelligence.ts";
import { PeriodSelect, RateCell, rateLabel, Source, VerdictChip, when } from "../components/ci-figures.tsx";

const LIMIT = 25;
const METRICS = [
  { key: "open", sort: "open_rate", label: "Opened" },
  { key: "click", sort: "click_rate", label: "Clicked" },
  { key: "reply", sort: "reply_rate", label: "Replied" },
  { key: "meeting", sort: "meeting_rate", label: "Meetings" },
  { key: "bounce", sort: "bounce_rate", label: "Bounced" },
] as const;

export default function CampaignIntelligencePerformancePage() {
  const [days, setDays] = useState(30);
  const [sort, setSort] = useState<CiPerformanceSort>("reply_rate");
  const [order, setOrder] = useState<"asc" | "desc">("desc");
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const q = useCampaignPerformance({ days, sort, order, limit: LIMIT, cursor });
  const d = q.data;
  const sortBy = (s: CiPerformanceSort) => {
    setOrder(s === sort && order === "desc" ? "asc" : "desc");
    setSort(s);
    setCursors([]);
  };
  const head = (s: CiPerformanceSort, label: string) => (
    <TableSortLabel active={sort === s} direction={sort === s ? order : "desc"} onClick={() => sortBy(s)}>
      {label}
    </TableSortLabel>
  );
  return (
    <Stack spacing={2}>
      <PageIntro
        title="Campaign Performance"
        question="Which campaigns perform above or below the workspace's average, measurably?"
        summary={
          d
            ? `${d.total} campaigns sent in the last ${d.days} days (UTC days since ${d.since.slice(0, 10)}, today included) · figures ${d.computed_at ? `as of ${when(d.computed_at)}` : "counted live"}`
            : undefined
        }
        actions={
          <PeriodSelect
            days={days}
            onChange={(v) => {
              setDays(v);
              setCursors([]);
            }}
          />
        }
      />
      {q.isError && <LoadError error={q.error} onRetry={() => q.refetch()} />}
      {d && d.total === 0 && (
        <EmptyState
          title="No sends in this period"
          hint="Launch a campaign or widen the period: each campaign's rates appear once it has sent."
        >
          <Button component={RouterLink} to="/campaigns" variant="contained">
            Go to campaigns
          </Button>
        </EmptyState>
      )}
      {d && d.total > 0 && (
        <Card variant="outlined" sx={{ p: 2 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Workspace: {d.workspace.sent.toLocaleString()} sent, {d.workspace.delivered.toLocaleString()} delivered · opened{" "}
            {rateLabel(d.workspace.open)} · replied {rateLabel(d.workspace.reply)} · meetings {rateLabel(d.workspace.meeting)} · bounced{" "}
            {rateLabel(d.workspace.bounce)}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label="Campaigns against the workspace">
              <TableHead>
                <TableRow>
                  <TableCell>{head("name", "Campaign")}</TableCell>
                  <TableCell align="right">{head("sent", "Sent")}</TableCell>
                  {METRICS.map((m) => (
                    <TableCell key={m.key}>{head(m.sort, m.label)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {d.items.map((r) => (
                  <Row key={r.id} r={r} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: "flex-end" }}>
            <Button disabled={!cursors.length} onClick={() => setCursors((c) => c.slice(0, -1))}>
              Previous
            </Button>
            <Button disabled={!d.next_cursor} onClick={() => d.next_cursor && setCursors((c) => [...c, d.next_cursor!])}>
              Next
            </Button>
          </Stack>
          <Source>
            the analytics engine (the report builder's figures): messages sent by the UTC day they were sent and the events of those
            messages, people only. Open, click, reply and meeting rates are over delivered messages (sent and not bounced), bounces over
            sent. Each rate shows count/n and its 95 % Wilson interval; the verdict is a two-proportion z-test (5 %) against the other
            campaigns' messages in the same period, "too few to tell" under 20 on either side.
          </Source>
        </Card>
      )}
    </Stack>
  );
}

function Row({ r }: { r: CiPerformanceRow }) {
  return (
    <TableRow>
      <TableCell>
        <RouterLink to={`/campaigns/${r.id}`}>{r.name}</RouterLink>
      </TableCell>
      <TableCell align="right">{r.sent.toLocaleString()}</TableCell>
      {METRICS.map((m) => (
        <TableCell key={m.key} sx={{ minWidth: 150 }}>
          <RateCell rate={r[m.key]} />
          <div>
            <VerdictChip c={r.vs_workspace[m.key]} higherIsWorse={m.key === "bounce"} />
          </div>
        </TableCell>
      ))}
    </TableRow>
  );
}
