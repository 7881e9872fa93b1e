/**
 * The live preview: the engine's answer in a ChartCard (chart of the first metric, or the table),
 * every rate with its n and 95 % interval, and where each figure comes from.
 */

import { Alert, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import type { AnalyticsCatalog, ReportCell, ReportChartType, ReportResult } from "@prospector/contracts";
import { ChartCard, type ChartTable } from "../../../ui/charts/chart-card.tsx";

const pct = (v: number | null | undefined) => (v === null || v === undefined ? "—" : `${(v * 100).toFixed(1)} %`);

/** "12.0 % (95 % 9.1–15.6 %, n = 400)" for a rate; the value with separators otherwise. */
export function showCell(kind: "count" | "rate" | "money", c: ReportCell | undefined): string {
  if (kind === "rate") {
    if (!c?.n || c.value === null) return `— (n = ${c?.n ?? 0})`;
    return `${pct(c.value)} (95 % ${pct(c.low)}–${pct(c.high)}, n = ${c.n.toLocaleString()})`;
  }
  if (!c || c.value === null) return "—";
  if (kind === "money") return c.value.toLocaleString(undefined, { maximumFractionDigits: 2 });
  return c.value.toLocaleString();
}

export function ReportPreview({
  catalog,
  result,
  chart,
  title,
}: {
  catalog: AnalyticsCatalog;
  result: ReportResult;
  chart: ReportChartType;
  title: string;
}) {
  const spec = (key: string) => catalog.metrics.find((m) => m.key === key);
  const dims = result.query.dimensions;
  const dimLabel = (d: string) => catalog.dimensions.find((x) => x.key === d)?.label ?? d;
  const table: ChartTable = {
    columns: [
      ...dims.map((d) => ({ key: `d:${d}`, label: dimLabel(d) })),
      ...result.query.metrics.map((m) => ({ key: `m:${m}`, label: spec(m)?.label ?? m, numeric: true })),
    ],
    rows: [
      ...result.rows.map((r) =>
        Object.fromEntries([
          ...dims.map((d) => [`d:${d}`, r.labels[d] ?? r.keys[d] ?? "Unknown"]),
          ...result.query.metrics.map((m) => [`m:${m}`, showCell(spec(m)?.kind ?? "count", r.values[m])]),
        ]),
      ),
      Object.fromEntries([
        ...dims.map((d, i) => [`d:${d}`, i === 0 ? "Total" : ""]),
        ...result.query.metrics.map((m) => [`m:${m}`, showCell(spec(m)?.kind ?? "count", result.totals[m])]),
      ]),
    ],
  };
  const nothing =
    result.query.metrics.every((m) => !result.totals[m]?.value) &&
    result.rows.every((r) => result.query.metrics.every((m) => !r.values[m]?.value));
  const first = result.query.metrics[0] as string;
  const firstSpec = spec(first);
  const rate = firstSpec?.kind === "rate";
  const labels = dims[0] ? result.rows.map((r) => dims.map((d) => r.labels[d] ?? r.keys[d] ?? "Unknown").join(" · ")) : ["Total"];
  const values = dims[0] ? result.rows.map((r) => r.values[first]?.value ?? null) : [result.totals[first]?.value ?? null];
  const data = values.map((v) => (v === null ? null : rate ? v * 100 : v));
  const series = [
    {
      data,
      label: firstSpec?.label ?? first,
      valueFormatter: (v: number | null) => (v === null ? "—" : rate ? `${v.toFixed(1)} %` : v.toLocaleString()),
    },
  ];
  const sources = result.query.metrics.map((m) => `${spec(m)?.label ?? m}: ${result.sources[m] ?? spec(m)?.source ?? ""}`).join(" · ");
  const subheader = (
    <>
      {result.query.from} to {result.query.to} (UTC days) ·{" "}
      {result.computed_at ? `aggregates of ${new Date(result.computed_at).toLocaleString()}` : "computed live"}
      <Typography variant="caption" component="span" sx={{ display: "block" }}>
        Source: {sources}. Rates show n (their denominator) and the 95 % Wilson interval.
      </Typography>
      {result.next_cursor && (
        <Typography variant="caption" component="span" sx={{ display: "block" }}>
          The preview shows the first {result.rows.length} rows; exports hold them all.
        </Typography>
      )}
    </>
  );
  return (
    <ChartCard
      title={title}
      subheader={subheader}
      table={table}
      defaultView={chart === "table" ? "table" : "chart"}
      empty={
        nothing ? (
          <Alert severity="info" sx={{ textAlign: "left" }}>
            Nothing to count in this period: no messages were sent, and no leads or deals were added. Connect an inbox and launch a campaign
            (Campaigns), or widen the period, then come back.
          </Alert>
        ) : undefined
      }
    >
      {chart === "bar" || (chart === "table" && !dims.some((d) => d === "day" || d === "week" || d === "month")) ? (
        <BarChart height={300} xAxis={[{ scaleType: "band", data: labels }]} series={series} />
      ) : (
        <LineChart height={300} xAxis={[{ scaleType: "point", data: labels }]} series={[{ ...series[0], connectNulls: false }]} />
      )}
      {result.query.metrics.length > 1 && (
        <Typography variant="caption" color="textSecondary">
          The chart draws {firstSpec?.label}; the table shows every metric.
        </Typography>
      )}
    </ChartCard>
  );
}
