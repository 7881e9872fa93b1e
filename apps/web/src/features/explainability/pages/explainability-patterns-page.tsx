/**
 * /explainability/patterns: What separates the leads and messages that succeed from those that do not?
 * Per lead attribute (contacted leads) and message attribute (sent messages, last-touch): the
 * rate with its Wilson interval, its lift over the workspace's average, sorted by how far from
 * chance it is (docs/ai/explainability.md).
 */
import { FormControl, InputLabel, MenuItem, Select, Stack, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { PatternOutcome } from "@prospector/contracts";
import { useState } from "react";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { formatCount, formatInterval, formatRate, formatRateWithInterval } from "../../../ui/charts/chart-format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { usePatterns } from "../api/use-explain.ts";
import { ExplainNav } from "../components/explain-nav.tsx";

const QUESTION = "What separates the leads and messages that succeed from those that do not?";
const DIMENSION: Record<string, string> = {
  industry: "Industry",
  seniority: "Seniority",
  company_size: "Company size",
  source: "Source",
  subject_length: "Subject length",
  personalized: "Personalization",
  step: "Sequence step",
  send_hour: "Send hour",
  send_weekday: "Send weekday",
};
const TOP = 12;

export default function ExplainabilityPatternsPage() {
  const [outcome, setOutcome] = useState<PatternOutcome>("reply");
  const [days, setDays] = useState(180);
  const [minN, setMinN] = useState(30);
  const q = usePatterns(outcome, days, minN);
  const r = q.data;
  const top = r?.cells.slice(0, TOP) ?? [];
  const word = outcome === "reply" ? "reply" : "meeting";
  return (
    <Stack spacing={2}>
      <PageIntro
        question={QUESTION}
        summary="Lead attributes are counted per contacted lead; message attributes per sent message, crediting an outcome to the latest message before it. Hours and weekdays are UTC."
        actions={
          <>
            <FormControl size="small">
              <InputLabel id="pt-outcome">Outcome</InputLabel>
              <Select labelId="pt-outcome" label="Outcome" value={outcome} onChange={(e) => setOutcome(e.target.value as PatternOutcome)}>
                <MenuItem value="reply">Replies</MenuItem>
                <MenuItem value="meeting">Meetings</MenuItem>
              </Select>
            </FormControl>
            <FormControl size="small">
              <InputLabel id="pt-days">Period</InputLabel>
              <Select labelId="pt-days" label="Period" value={days} onChange={(e) => setDays(Number(e.target.value))}>
                {[30, 90, 180, 365].map((d) => (
                  <MenuItem key={d} value={d}>
                    Last {d} days
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl size="small">
              <InputLabel id="pt-min">Minimum sample</InputLabel>
              <Select labelId="pt-min" label="Minimum sample" value={minN} onChange={(e) => setMinN(Number(e.target.value))}>
                {[10, 30, 100].map((n) => (
                  <MenuItem key={n} value={n}>
                    n ≥ {n}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </>
        }
      />
      <ExplainNav />
      {q.error ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !r ? (
        <Typography color="textSecondary">Counting outcomes…</Typography>
      ) : r.leads.n === 0 ? (
        <EmptyState
          title="No contacted leads in this period"
          hint="Patterns come from this workspace's own sends and their replies and meetings: launch a campaign, connect the inbox that receives replies, and come back once mail has gone out."
        />
      ) : (
        <>
          <Typography variant="body2">
            Average: {formatRateWithInterval({ ...r.leads.estimate, n: r.leads.n })} of contacted leads and{" "}
            {formatRateWithInterval({ ...r.messages.estimate, n: r.messages.n })} of sent messages led to a {word}.
            {r.hidden ? ` ${r.hidden} groups with fewer than ${r.min_n} are left out.` : ""}
          </Typography>
          <ChartCard
            title={`Attributes furthest from the average (${word} rate lift)`}
            subheader="Lift is the group's rate ÷ the workspace's average for the same unit; sorted by evidence (distance from the average in standard errors)."
            table={{
              columns: [
                { key: "dimension", label: "Attribute", format: (v) => DIMENSION[v as string] ?? String(v) },
                { key: "value", label: "Value" },
                { key: "unit", label: "Counted per" },
                { key: "n", label: "n", numeric: true },
                { key: "successes", label: `${word}s`, numeric: true },
                { key: "rate", label: "Rate", numeric: true, format: (v) => formatRate(v as number | null) },
                { key: "interval", label: "95 % CI", numeric: true },
                { key: "lift", label: "Lift", numeric: true, format: (v) => (typeof v === "number" ? `×${v.toFixed(2)}` : "—") },
                { key: "evidence", label: "Evidence (SE)", numeric: true, format: (v) => (v as number).toFixed(1) },
              ],
              rows: r.cells.map((c) => ({ ...c, rate: c.estimate.rate, interval: formatInterval(c.estimate) })),
            }}
            empty={
              r.cells.length
                ? undefined
                : `No group has ${r.min_n} or more ${outcome === "reply" ? "contacted leads or messages" : "examples"} yet: lower the minimum sample or send more.`
            }
          >
            <BarChart
              height={Math.max(200, 30 * top.length + 60)}
              layout="horizontal"
              skipAnimation
              yAxis={[{ scaleType: "band", data: top.map((c) => `${DIMENSION[c.dimension]}: ${c.value}`), width: 240 }]}
              xAxis={[{ label: "Lift over the average (1 = average)" }]}
              series={[
                {
                  data: top.map((c) => c.lift ?? 0),
                  label: "Lift",
                  valueFormatter: (v, { dataIndex }) => `×${(v ?? 0).toFixed(2)} (n = ${formatCount(top[dataIndex]!.n)})`,
                },
              ]}
            />
          </ChartCard>
        </>
      )}
    </Stack>
  );
}
