/**
 * /team-performance: How is each rep doing on sends, replies, meetings and won deals? One row per
 * member for a period — campaigns owned, sent, reply rate with its interval, meetings, deals
 * created and won, revenue won, CRM tasks completed and overdue — sorted by any of them, in keyset
 * pages; a member's weekly trend; and how ownership is attributed.
 */
import {
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from "@mui/material";
import { LineChart } from "@mui/x-charts/LineChart";
import type { TeamMemberRow, TeamSort } from "@prospector/contracts";
import { type ReactNode, useState } from "react";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useMemberTrend, useTeamPerformance } from "../api/use-executive.ts";
import { count, dateTime, money, pct, rateText } from "../components/executive-format.ts";

const QUESTION = "How is each rep doing on sends, replies, meetings and won deals?";

interface Column {
  key: keyof TeamMemberRow;
  label: string;
  sort?: TeamSort;
  show: (r: TeamMemberRow) => ReactNode;
}

function RateCell({ r }: { r: TeamMemberRow }) {
  if (r.reply_rate.value === null) return "—";
  return (
    <>
      <Typography variant="body2">{pct(r.reply_rate.value)}</Typography>
      <Typography variant="caption" color="textSecondary">
        {pct(r.reply_rate.low)}–{pct(r.reply_rate.high)} · n {count(r.reply_rate.n)}
      </Typography>
    </>
  );
}

const COLUMNS: Column[] = [
  { key: "campaigns_owned", label: "Campaigns", show: (r) => count(r.campaigns_owned) },
  { key: "sent", label: "Sent", sort: "sent", show: (r) => count(r.sent) },
  { key: "replied", label: "Replied", sort: "replied", show: (r) => count(r.replied) },
  { key: "reply_rate", label: "Reply rate", sort: "reply_rate", show: (r) => <RateCell r={r} /> },
  { key: "meetings", label: "Meetings", sort: "meetings", show: (r) => count(r.meetings) },
  { key: "deals_created", label: "Deals", show: (r) => count(r.deals_created) },
  { key: "deals_won", label: "Won", sort: "deals_won", show: (r) => count(r.deals_won) },
  { key: "revenue_won", label: "Revenue", sort: "revenue_won", show: (r) => money(r.revenue_won) },
  { key: "tasks_completed", label: "Done", show: (r) => count(r.tasks_completed) },
  { key: "tasks_overdue", label: "Overdue", show: (r) => count(r.tasks_overdue) },
];

function Trend({ userId, range }: { userId: string; range: { from?: string; to?: string } }) {
  const q = useMemberTrend(userId, range);
  const t = q.data;
  if (q.isPending) return <LoadingScreen />;
  if (!t) return <LoadError error={q.error} onRetry={() => q.refetch()} />;
  const weeks = t.weeks.map((w) => w.week);
  return (
    <ChartCard
      title={`${t.name}: sends, replies and meetings by week`}
      subheader="Weeks start on Monday (UTC) · mail of the campaigns this member created · replies counted on their message's send week"
      empty={t.weeks.length === 0 ? "No sends from this member's campaigns in the period." : undefined}
      table={{
        columns: [
          { key: "week", label: "Week of" },
          { key: "sent", label: "Sent", numeric: true },
          { key: "replied", label: "Replied", numeric: true },
          { key: "rate", label: "Reply rate", numeric: true, format: (v) => String(v) },
          { key: "meetings", label: "Meetings", numeric: true },
          { key: "won", label: "Deals won", numeric: true },
        ],
        rows: t.weeks.map((w) => ({
          week: w.week,
          sent: w.sent,
          replied: w.replied,
          rate: rateText(w.reply_rate, "—"),
          meetings: w.meetings,
          won: w.deals_won,
        })),
      }}
    >
      <LineChart
        height={260}
        xAxis={[{ scaleType: "point", data: weeks }]}
        series={[
          { data: t.weeks.map((w) => w.sent), label: "Sent" },
          { data: t.weeks.map((w) => w.replied), label: "Replied" },
          { data: t.weeks.map((w) => w.meetings), label: "Meetings" },
        ]}
      />
    </ChartCard>
  );
}

export default function TeamPerformancePage() {
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [sort, setSort] = useState<TeamSort>("sent");
  const [picked, setPicked] = useState<string | null>(null);
  const q = useTeamPerformance({ ...range, sort });
  const pages = q.data?.pages ?? [];
  const first = pages[0];
  const rows = pages.flatMap((p) => p.rows);
  const quiet = rows.length > 0 && rows.every((r) => r.sent === 0 && r.deals_created === 0 && r.deals_won === 0 && r.tasks_completed === 0);
  return (
    <Stack spacing={2}>
      <PageIntro
        title="Team Performance"
        question={QUESTION}
        summary={
          first
            ? `${first.from} to ${first.to} (UTC days) · ${count(first.total)} members · ${
                first.computed_at ? `figures as of ${dateTime(first.computed_at)}` : "figures computed now"
              }`
            : undefined
        }
        actions={
          <>
            <TextField
              label="From"
              type="date"
              size="small"
              value={range.from ?? first?.from ?? ""}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value || undefined }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="To"
              type="date"
              size="small"
              value={range.to ?? first?.to ?? ""}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value || undefined }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        }
      />
      {q.isPending && <LoadingScreen />}
      {q.isError && <LoadError error={q.error} onRetry={() => q.refetch()} />}
      {first && quiet && (
        <EmptyState
          title="No sends, deals or finished tasks in this period"
          hint="Figures appear as members' campaigns send and their deals and tasks move; choose a longer period or launch a campaign."
        />
      )}
      {first && rows.length > 0 && (
        <>
          <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 1, overflowX: "auto" }}>
            <Table size="small" aria-label="Members">
              <TableHead>
                <TableRow>
                  <TableCell sortDirection={sort === "name" ? "asc" : false}>
                    <TableSortLabel active={sort === "name"} direction="asc" onClick={() => setSort("name")}>
                      Member
                    </TableSortLabel>
                  </TableCell>
                  {COLUMNS.map((c) => (
                    <TableCell
                      key={c.key}
                      align="right"
                      sx={{ whiteSpace: "nowrap", px: 1 }}
                      sortDirection={sort === c.sort ? "desc" : false}
                    >
                      {c.sort ? (
                        <TableSortLabel active={sort === c.sort} direction="desc" onClick={() => setSort(c.sort!)}>
                          {c.label}
                        </TableSortLabel>
                      ) : (
                        c.label
                      )}
                    </TableCell>
                  ))}
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.user_id} selected={picked === r.user_id}>
                    <TableCell sx={{ maxWidth: 200 }} title={r.email}>
                      <Typography variant="body2" noWrap>
                        {r.name}
                      </Typography>
                      <Typography variant="caption" color="textSecondary" noWrap component="p">
                        {r.role}
                      </Typography>
                    </TableCell>
                    {COLUMNS.map((c) => (
                      <TableCell key={c.key} align="right" sx={{ whiteSpace: "nowrap", px: 1 }}>
                        {c.show(r)}
                      </TableCell>
                    ))}
                    <TableCell sx={{ px: 0.5 }}>
                      <Button size="small" onClick={() => setPicked(r.user_id)} aria-label={`Trend of ${r.name}`}>
                        Trend
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {q.hasNextPage && (
            <Box>
              <Button onClick={() => q.fetchNextPage()} disabled={q.isFetchingNextPage}>
                {q.isFetchingNextPage ? "Loading…" : `Load more (${count(rows.length)} of ${count(first.total)})`}
              </Button>
            </Box>
          )}
          {picked && <Trend userId={picked} range={range} />}
          <Box component="section" aria-label="How it is counted">
            <Typography variant="subtitle2" component="h3">
              How ownership is attributed
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {first.attribution}
            </Typography>
            {Object.entries(first.sources).map(([k, s]) => (
              <Typography key={k} variant="body2" color="textSecondary">
                <strong>{k}</strong>: {s}
              </Typography>
            ))}
            <Typography variant="body2" color="textSecondary">
              Columns: campaigns owned (all time), deals created and won, revenue won, CRM tasks done in the period and overdue now (as
              assignee). Reply rates show their 95% Wilson interval: with few sends the interval is wide, so compare members by it, not by
              the rate alone ({pct(0.05)} of 20 sends could be anywhere from {pct(0.009)} to {pct(0.236)}).
            </Typography>
          </Box>
        </>
      )}
    </Stack>
  );
}
