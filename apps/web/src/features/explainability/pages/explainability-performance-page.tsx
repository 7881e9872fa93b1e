/**
 * /explainability/performance: How well has each model predicted real outcomes over time?
 * Weekly: the lead score's realized AUC on leads scored before their first contact, the reply
 * classifier's agreement with the team's judgements, and language-model outputs' approval rate,
 * each with its n (docs/ai/explainability.md).
 */
import { FormControl, InputLabel, MenuItem, Select, Stack, Typography } from "@mui/material";
import { LineChart } from "@mui/x-charts/LineChart";
import { useState } from "react";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { formatCount, formatPercent } from "../../../ui/charts/chart-format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { useModelPerformance } from "../api/use-explain.ts";
import { ExplainNav } from "../components/explain-nav.tsx";

const QUESTION = "How well has each model predicted real outcomes over time?";
const EMPTY: Record<string, string> = {
  "Lead score":
    "No lead was scored before its first contact in this period: train the lead score, then contact newly scored leads; each week's AUC appears once they have outcomes.",
  "Reply classifier": "No one has judged a reply classification yet: rate classifications with thumbs up or down where replies are shown.",
  "Language model": "No language-model output has been rated yet: rate generated emails or answers with thumbs up or down.",
};

export default function ExplainabilityPerformancePage() {
  const [weeks, setWeeks] = useState(26);
  const q = useModelPerformance(weeks);
  return (
    <Stack spacing={2}>
      <PageIntro
        question={QUESTION}
        summary="Measured on real outcomes only, by ISO week (UTC); a week without enough data shows no point."
        actions={
          <FormControl size="small">
            <InputLabel id="perf-weeks">Period</InputLabel>
            <Select labelId="perf-weeks" label="Period" value={weeks} onChange={(e) => setWeeks(Number(e.target.value))}>
              {[8, 13, 26, 52].map((w) => (
                <MenuItem key={w} value={w}>
                  Last {w} weeks
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        }
      />
      <ExplainNav />
      {q.error ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Typography color="textSecondary">Measuring…</Typography>
      ) : (
        q.data.series.map((s) => {
          const isAuc = s.metric === "Realized AUC";
          const fmt = (v: number | null) => (v === null ? "—" : isAuc ? v.toFixed(3) : formatPercent(v));
          return (
            <ChartCard
              key={s.model}
              title={`${s.model}: ${s.metric} ${fmt(s.value)} (n = ${formatCount(s.n)})`}
              subheader={s.description}
              table={{
                columns: [
                  { key: "week", label: "Week of" },
                  { key: "value", label: s.metric, numeric: true, format: (v) => fmt(v as number | null) },
                  { key: "low", label: "95 % low", numeric: true, format: (v) => fmt(v as number | null) },
                  { key: "high", label: "95 % high", numeric: true, format: (v) => fmt(v as number | null) },
                  { key: "n", label: "n", numeric: true },
                ],
                rows: s.weeks.map((w) => ({ ...w })),
              }}
              empty={s.n === 0 ? EMPTY[s.model] : undefined}
            >
              <LineChart
                height={260}
                skipAnimation
                xAxis={[{ scaleType: "point", data: s.weeks.map((w) => w.week) }]}
                yAxis={[{ min: 0, max: 1 }]}
                series={[
                  { data: s.weeks.map((w) => w.value), label: s.metric, connectNulls: true, valueFormatter: (v) => fmt(v) },
                  { data: s.weeks.map((w) => w.low), label: "95 % low", connectNulls: true, showMark: false },
                  { data: s.weeks.map((w) => w.high), label: "95 % high", connectNulls: true, showMark: false },
                ]}
              />
            </ChartCard>
          );
        })
      )}
    </Stack>
  );
}
