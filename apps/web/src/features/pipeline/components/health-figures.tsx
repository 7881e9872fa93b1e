/** The headline figures of the pipeline, each with the sentence that says what it was computed from. */
import { Box, Card, CardContent, Typography } from "@mui/material";
import type { Figure, HealthOverview } from "@prospector/contracts";
import { formatAmount, formatShare } from "./pipeline-format.ts";

function FigureCard({ label, figure, format }: { label: string; figure: Figure; format: (v: number) => string }) {
  const id = `figure-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent sx={{ "&:last-child": { pb: 2 } }}>
        <Typography id={id} variant="body2" color="textSecondary" component="h3">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ my: 0.5 }}>
          {figure.value === null ? "Not enough data" : format(figure.value)}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="p">
          {figure.basis}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function HealthFigures({ overview }: { overview: HealthOverview }) {
  const money = (v: number) => formatAmount(v, overview.currencies);
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(5, 1fr)" } }}>
      <FigureCard label="Pipeline value" figure={overview.pipeline_value} format={money} />
      <FigureCard label="Weighted value" figure={overview.weighted_value} format={money} />
      <FigureCard label="Win rate" figure={overview.win_rate} format={formatShare} />
      <FigureCard label="Average cycle" figure={overview.avg_cycle_days} format={(v) => `${Math.round(v * 10) / 10} days`} />
      <FigureCard
        label="Coverage"
        figure={{ value: overview.coverage.ratio.value, basis: `${overview.coverage.ratio.basis} ${overview.coverage.target.basis}` }}
        format={(v) =>
          `${Math.round(v * 100) / 100}×${overview.coverage.target.value !== null ? ` of ${money(overview.coverage.target.value)}` : ""}`
        }
      />
    </Box>
  );
}
