/** The share of thumbs up by the week the rated outputs were made, with the interval, as a chart or a table. */
import { LineChart } from "@mui/x-charts/LineChart";
import type { AiFeedbackSummary } from "@prospector/contracts";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { formatPercent } from "../../../ui/charts/chart-format.ts";
import { EmptyState } from "../../../ui/page-intro.tsx";

const pct = (v: unknown) => formatPercent(v as number | null, 0);

export default function WeeklyApprovalChart({ summary }: { summary: AiFeedbackSummary }) {
  const weeks = summary.weekly;
  const rated = weeks.some((w) => w.up + w.down > 0);
  return (
    <ChartCard
      title="Approval by week"
      subheader={`Thumbs up of all thumbs on outputs made each week (weeks start Monday, UTC), last ${summary.weeks} weeks, with 95 % Wilson intervals`}
      empty={
        rated ? undefined : (
          <EmptyState title="No ratings in these weeks" hint="Rate outputs in the list above; each week's approval appears here." />
        )
      }
      table={{
        columns: [
          { key: "week", label: "Week of" },
          { key: "up", label: "Thumbs up", numeric: true },
          { key: "down", label: "Thumbs down", numeric: true },
          { key: "rate", label: "Approval", numeric: true, format: pct },
          { key: "low", label: "Lower 95 %", numeric: true, format: pct },
          { key: "high", label: "Upper 95 %", numeric: true, format: pct },
        ],
        rows: weeks.map((w) => ({
          week: w.week,
          up: w.up,
          down: w.down,
          rate: w.approval.rate,
          low: w.approval.low,
          high: w.approval.high,
        })),
      }}
    >
      <LineChart
        height={280}
        xAxis={[{ scaleType: "point", data: weeks.map((w) => w.week) }]}
        yAxis={[{ min: 0, max: 1, valueFormatter: (v: number) => formatPercent(v, 0) }]}
        series={[
          {
            data: weeks.map((w) => w.approval.rate),
            label: "Approval",
            curve: "linear",
            showMark: true,
            valueFormatter: (v) => pct(v),
          },
          { data: weeks.map((w) => w.approval.high), label: "Upper 95 %", showMark: true, curve: "linear", valueFormatter: (v) => pct(v) },
          { data: weeks.map((w) => w.approval.low), label: "Lower 95 %", showMark: true, curve: "linear", valueFormatter: (v) => pct(v) },
        ]}
      />
    </ChartCard>
  );
}
