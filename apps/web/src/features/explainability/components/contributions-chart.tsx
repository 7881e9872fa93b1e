/**
 * One output's reasons as a waterfall: each bar starts where the previous one ended (from the
 * baseline, when there is one) and moves by its signed contribution, so the last bar ends at the
 * output. The table view lists every contribution with its running total.
 */
import { BarChart } from "@mui/x-charts/BarChart";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";

export interface Contribution {
  label: string;
  weight: number;
}

const MAX_BARS = 15;
const signed = (v: number) => `${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(v).toFixed(2)}`;

export function ContributionsChart({
  title,
  subheader,
  contributions,
  baseline,
  unit,
}: {
  title: string;
  subheader: string;
  contributions: Contribution[];
  /** Where the sum starts (a model's intercept); 0 when absent. */
  baseline?: number;
  unit: string;
}) {
  const sorted = [...contributions].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  const shown = sorted.slice(0, MAX_BARS);
  const rest = sorted.slice(MAX_BARS).reduce((s, c) => s + c.weight, 0);
  const bars = rest !== 0 ? [...shown, { label: `${sorted.length - MAX_BARS} smaller ones`, weight: rest }] : shown;
  let running = baseline ?? 0;
  const rows = bars.map((c) => {
    const start = running;
    running += c.weight;
    return { label: c.label, weight: c.weight, start, end: running };
  });
  const all = baseline !== undefined ? [{ label: "Baseline", weight: baseline, start: 0, end: baseline }, ...rows] : rows;
  return (
    <ChartCard
      title={title}
      subheader={subheader}
      table={{
        columns: [
          { key: "label", label: "Reason" },
          { key: "weight", label: `Effect (${unit})`, numeric: true, format: (v) => signed(v as number) },
          { key: "end", label: "Running total", numeric: true, format: (v) => (v as number).toFixed(2) },
        ],
        rows: [...all.map((r) => ({ label: r.label, weight: r.weight, end: r.end })), { label: "Total", weight: running, end: running }],
      }}
      empty={contributions.length ? undefined : "No reason moved this output: it sits at the baseline."}
    >
      <BarChart
        height={Math.max(180, 30 * all.length + 60)}
        layout="horizontal"
        skipAnimation
        yAxis={[{ scaleType: "band", data: all.map((r) => r.label), width: 220 }]}
        xAxis={[{ label: unit }]}
        series={[
          // The invisible part of each bar: from zero to where the step starts.
          { data: all.map((r) => Math.min(r.start, r.end)), stack: "w", color: "transparent", valueFormatter: () => null },
          {
            data: all.map((r) => Math.abs(r.weight)),
            stack: "w",
            label: `Effect (${unit})`,
            valueFormatter: (_v, { dataIndex }) => signed(all[dataIndex]!.weight),
          },
        ]}
      />
    </ChartCard>
  );
}
