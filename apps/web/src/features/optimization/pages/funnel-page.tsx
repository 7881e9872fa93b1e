/**
 * /business-optimizer/dashboard and /optimization/dashboard (variant "current"): where in the funnel
 * from lead to won deal we lose the most; /business-optimizer/dashboard-new (variant "compare"): the
 * same against the previous period of the same length, with a z-test per stage
 * (docs/analytics/optimization.md).
 */
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { FunnelAnswer, FunnelPeriod } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { PeriodSelect } from "../../../ui/period-select.tsx";
import { lastDays, useFunnel } from "../api/use-optimization.ts";
import { CampaignFilter } from "../components/campaign-filter.tsx";
import { pct, rateWithInterval } from "../components/optimization-format.ts";

export type FunnelPageVariant = "compare" | "current";

const QUESTIONS: Record<FunnelPageVariant, string> = {
  current: "Where in the funnel from lead to won deal are we losing the most?",
  compare: "Where in the funnel are we losing the most, and what changed since the previous period?",
};
const PERIODS = [7, 30, 90, 180, 365] as const;

function DropNote({ period }: { period: FunnelPeriod }) {
  const drop = period.stages.find((s) => s.key === period.biggest_drop);
  if (!drop) return null;
  const prev = period.stages[period.stages.indexOf(drop) - 1]!;
  return (
    <Alert severity="warning" icon={false}>
      <strong>Biggest loss: {`${prev.label} → ${drop.label}`}</strong> — {rateWithInterval(drop.conversion)} of{" "}
      {prev.count.toLocaleString()} went on; {drop.lost.toLocaleString()} stopped here. Its whole interval sits lowest of all stages, so the
      loss is beyond chance.
    </Alert>
  );
}

function StageTable({ answer }: { answer: FunnelAnswer }) {
  const { current, previous, comparison } = answer;
  return (
    <Card variant="outlined">
      <CardHeader title="Stage by stage" slotProps={{ title: { variant: "subtitle1", component: "h3" } }} subheader={answer.cohort_rule} />
      <CardContent sx={{ pt: 0 }}>
        <TableContainer sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Funnel stages">
            <TableHead>
              <TableRow>
                <TableCell>Stage</TableCell>
                <TableCell align="right">Leads</TableCell>
                <TableCell align="right">Conversion from previous stage</TableCell>
                <TableCell align="right">Lost</TableCell>
                {previous && <TableCell align="right">Previous period</TableCell>}
                {previous && <TableCell align="right">Change (z-test)</TableCell>}
                <TableCell>Source</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {current.stages.map((s, i) => {
                const cmp = comparison.find((c) => c.key === s.key);
                const prev = previous?.stages[i];
                const isDrop = s.key === current.biggest_drop;
                return (
                  <TableRow key={s.key} selected={isDrop}>
                    <TableCell>
                      {s.label} {isDrop && <Chip size="small" color="warning" label="Biggest loss" />}
                    </TableCell>
                    <TableCell align="right">{s.count.toLocaleString()}</TableCell>
                    <TableCell align="right">{i === 0 ? "—" : rateWithInterval(s.conversion)}</TableCell>
                    <TableCell align="right">{i === 0 ? "—" : s.lost.toLocaleString()}</TableCell>
                    {previous && (
                      <TableCell align="right">
                        {prev ? `${prev.count.toLocaleString()}${i === 0 ? "" : ` · ${pct(prev.conversion.rate)}`}` : "—"}
                      </TableCell>
                    )}
                    {previous && (
                      <TableCell align="right">
                        {!cmp || cmp.change === null
                          ? "—"
                          : `${cmp.change > 0 ? "+" : ""}${(cmp.change * 100).toFixed(1)} pts · p = ${cmp.p_value?.toFixed(3) ?? "—"} · ${
                              cmp.significant ? (cmp.change > 0 ? "better, beyond chance" : "worse, beyond chance") : "within chance"
                            }`}
                      </TableCell>
                    )}
                    <TableCell sx={{ color: "text.secondary", minWidth: 220 }}>{s.source}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}

export default function FunnelPage({ variant }: { variant: FunnelPageVariant }) {
  const [days, setDays] = useState(30);
  const [campaignId, setCampaignId] = useState("");
  const period = lastDays(days);
  const compare = variant === "compare";
  const q = useFunnel({ ...period, ...(campaignId ? { campaign_id: campaignId } : {}), compare });
  const a = q.data;
  const stages = a?.current.stages ?? [];
  const empty = a && a.current.stages[0]!.count === 0;
  const periodText = a ? `${a.current.from} to ${a.current.to} (UTC days)` : "";
  return (
    <Stack spacing={2}>
      <PageIntro
        question={QUESTIONS[variant]}
        summary={
          a
            ? `Leads added ${periodText}${compare && a.previous ? `, against ${a.previous.from} to ${a.previous.to}` : ""} · revenue won from them: ${a.current.revenue_won.toLocaleString()} (deal values as stored)`
            : " "
        }
        actions={
          <>
            <CampaignFilter value={campaignId} onChange={setCampaignId} />
            <PeriodSelect value={days} onChange={setDays} days={PERIODS} />
            <Button
              component={RouterLink}
              to={compare ? "/business-optimizer/dashboard" : "/business-optimizer/dashboard-new"}
              variant="outlined"
              size="small"
            >
              {compare ? "This period only" : "Compare with the previous period"}
            </Button>
          </>
        }
      />
      {q.isPending && <LoadingScreen />}
      {q.isError && <LoadError error={q.error} onRetry={() => q.refetch()} />}
      {empty && (
        <EmptyState
          title="No leads were added in this period"
          hint="The funnel follows the leads added in the period: import or add leads, put them in a campaign and launch it, or choose a longer period."
        >
          <Typography component={RouterLink} to="/leads">
            Go to leads
          </Typography>
        </EmptyState>
      )}
      {a && !empty && (
        <>
          <DropNote period={a.current} />
          <ChartCard
            title="Leads at each stage"
            subheader={`${periodText}${compare ? " · this period and the one before" : ""} · a lead counts at the furthest stage it reached`}
            table={{
              columns: [
                { key: "stage", label: "Stage" },
                { key: "count", label: "Leads", numeric: true },
                ...(compare ? [{ key: "previous", label: "Previous period", numeric: true }] : []),
              ],
              rows: stages.map((s, i) => ({ stage: s.label, count: s.count, previous: a.previous?.stages[i]?.count ?? null })),
            }}
          >
            <BarChart
              height={300}
              xAxis={[{ scaleType: "band", data: stages.map((s) => s.label) }]}
              series={[
                { data: stages.map((s) => s.count), label: compare ? "This period" : "Leads" },
                ...(compare && a.previous ? [{ data: a.previous.stages.map((s) => s.count), label: "Previous period" }] : []),
              ]}
            />
          </ChartCard>
          <StageTable answer={a} />
          <Typography variant="body2" color="textSecondary">
            Revenue won: the value of won CRM deals of these leads (as stored, no currency conversion). Intervals are 95 % Wilson intervals
            {compare ? "; the comparison is a two-sided two-proportion z-test at 5 %." : "."}
          </Typography>
        </>
      )}
    </Stack>
  );
}
