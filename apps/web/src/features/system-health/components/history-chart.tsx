/**
 * One chart of the sampled history: a time line of one or more series in a ChartCard (with its
 * table view). `height` small for the dashboard's 24-hour sparkline cards.
 */
import { LineChart } from "@mui/x-charts/LineChart";
import type { SystemHistory, SystemHistoryPoint } from "@prospector/contracts";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { formatSampleTime, RANGE_SECONDS } from "./health-format.ts";

export interface HistorySeries {
  key: keyof SystemHistoryPoint;
  label: string;
}

export function HistoryChart({
  title,
  subheader,
  history,
  series,
  format,
  height = 240,
  empty,
}: {
  title: string;
  subheader?: string;
  history: SystemHistory;
  series: HistorySeries[];
  format: (v: number | null) => string;
  height?: number;
  empty: string;
}) {
  const points = history.points;
  const span = RANGE_SECONDS[history.range];
  const hasData = points.some((p) => series.some((s) => p[s.key] !== null));
  const times = points.map((p) => new Date(p.t));
  return (
    <ChartCard
      title={title}
      subheader={subheader}
      empty={hasData ? undefined : empty}
      table={{
        columns: [
          { key: "t", label: "Time", format: (v) => formatSampleTime(new Date(String(v)), span) },
          ...series.map((s) => ({ key: s.key, label: s.label, numeric: true, format: (v: unknown) => format(v as number | null) })),
        ],
        rows: points as unknown as Record<string, unknown>[],
      }}
    >
      <LineChart
        height={height}
        margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
        xAxis={[{ scaleType: "time", data: times, valueFormatter: (d: Date) => formatSampleTime(d, span) }]}
        yAxis={[{ valueFormatter: (v: number) => format(v), width: 64 }]}
        series={series.map((s) => ({
          data: points.map((p) => p[s.key] as number | null),
          label: s.label,
          // A point between two gaps has no line to sit on: mark it.
          showMark: ({ index }: { index: number }) =>
            points[index]?.[s.key] !== null && points[index - 1]?.[s.key] == null && points[index + 1]?.[s.key] == null,
          curve: "linear" as const,
          connectNulls: false,
          valueFormatter: (v: number | null) => format(v),
        }))}
        hideLegend={series.length === 1}
      />
    </ChartCard>
  );
}
