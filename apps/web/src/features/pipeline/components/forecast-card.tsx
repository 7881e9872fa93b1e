/**
 * The revenue forecast per month as a fan chart: the P10–P90 band (eight runs in ten land inside
 * it) around the P50 line, with the method switch (Monte Carlo, weighted, historical), the totals
 * and when and from what it was computed.
 */
import { Box, Card, CardContent, CardHeader, Stack, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { alpha, useTheme } from "@mui/material/styles";
import { LineChart } from "@mui/x-charts/LineChart";
import type { Forecast, ForecastMethod, ForecastMonth } from "@prospector/contracts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { compactAmount, deals, formatAmount, monthLabel } from "./pipeline-format.ts";

export const METHOD_LABEL: Record<ForecastMethod, string> = {
  monte_carlo: "Monte Carlo",
  weighted: "Weighted",
  historical: "Historical",
};

/**
 * The fan's three series: P10 (not drawn, it lifts the band), the band's height P90 − P10 stacked
 * on it (so the band spans P10 to P90), and the P50 line on its own.
 */
export function fanSeries(months: readonly ForecastMonth[]) {
  return {
    p10: months.map((m) => m.p10),
    band: months.map((m) => Math.max(0, m.p90 - m.p10)),
    p50: months.map((m) => m.p50),
  };
}

interface Props {
  forecast: Forecast | undefined;
  method: ForecastMethod;
  onMethodChange: (method: ForecastMethod) => void;
  currencies: readonly string[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

export function ForecastCard({ forecast, method, onMethodChange, currencies, loading, error, onRetry }: Props) {
  const theme = useTheme();
  const months = forecast?.months ?? [];
  const fan = fanSeries(months);
  const money = (v: number) => formatAmount(v, currencies);
  const band = theme.palette.primary.main;
  return (
    <Card variant="outlined" component="section" aria-labelledby="forecast-title">
      <CardHeader
        title="Revenue forecast"
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: "forecast-title" } }}
        subheader={
          forecast
            ? `${METHOD_LABEL[forecast.method]}${forecast.runs ? ` · ${forecast.runs.toLocaleString()} runs` : ""} · ${deals(forecast.open_deals)} open · computed at ${formatDateTime(forecast.computed_at)}`
            : " "
        }
        action={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={method}
            onChange={(_, m: ForecastMethod | null) => m && onMethodChange(m)}
            aria-label="Forecast method"
          >
            {(Object.keys(METHOD_LABEL) as ForecastMethod[]).map((m) => (
              <ToggleButton key={m} value={m}>
                {METHOD_LABEL[m]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
        sx={{ flexWrap: "wrap", gap: 1, "& .MuiCardHeader-action": { alignSelf: "center", m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {error ? (
          <LoadError error={error} onRetry={onRetry} />
        ) : !forecast ? (
          <Typography color="textSecondary">{loading ? "Computing the forecast…" : " "}</Typography>
        ) : (
          <Stack spacing={1.5}>
            <Typography variant="body2" color="textSecondary">
              {forecast.basis}
            </Typography>
            <Box
              sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, 1fr)" } }}
              role="group"
              aria-label={`Total over ${forecast.months_ahead} months`}
            >
              <Total label="Pessimistic (P10)" value={money(forecast.total.p10)} hint="1 run in 10 lands below" />
              <Total label="Likely (P50)" value={money(forecast.total.p50)} hint="Half the runs land below" strong />
              <Total label="Optimistic (P90)" value={money(forecast.total.p90)} hint="1 run in 10 lands above" />
            </Box>
            {months.length > 0 && (
              <Box
                sx={{
                  // The P10 series only lifts the band off the axis: its own area is not drawn.
                  '& .MuiAreaElement-root[data-series="p10"]': { fill: "transparent" },
                  '& .MuiLineElement-root[data-series="p10"], & .MuiLineElement-root[data-series="band"]': { strokeWidth: 0 },
                }}
              >
                <LineChart
                  height={260}
                  skipAnimation
                  margin={{ right: 28 }}
                  aria-label={`Forecast per month, ${METHOD_LABEL[forecast.method]}`}
                  xAxis={[{ scaleType: "point", data: months.map((m) => monthLabel(m.month)) }]}
                  yAxis={[{ valueFormatter: (v: number) => compactAmount(v), width: 56 }]}
                  series={[
                    {
                      id: "p10",
                      curve: "linear",
                      data: fan.p10,
                      stack: "fan",
                      area: true,
                      showMark: false,
                      label: "P10",
                      color: alpha(band, 0),
                      valueFormatter: (v) => (v === null ? "" : money(v)),
                    },
                    {
                      id: "band",
                      curve: "linear",
                      data: fan.band,
                      stack: "fan",
                      area: true,
                      showMark: false,
                      label: "P10–P90 range",
                      color: alpha(band, 0.22),
                      valueFormatter: (_v, { dataIndex }) => (months[dataIndex] ? `up to ${money(months[dataIndex].p90)}` : ""),
                    },
                    {
                      id: "p50",
                      curve: "linear",
                      data: fan.p50,
                      label: "P50 (likely)",
                      color: band,
                      valueFormatter: (v) => (v === null ? "" : money(v)),
                    },
                  ]}
                  hideLegend
                />
              </Box>
            )}
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }} aria-hidden>
              <LegendSwatch color={alpha(band, 0.22)} label="P10–P90: eight runs in ten" />
              <LegendSwatch color={band} label="P50: the likely revenue" line />
            </Stack>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function Total({ label, value, hint, strong }: { label: string; value: string; hint: string; strong?: boolean }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: "action.hover" }} role="group" aria-label={`${label}: ${value}`}>
      <Typography variant="caption" color="textSecondary" component="div">
        {label}
      </Typography>
      <Typography variant={strong ? "h6" : "subtitle1"} component="div">
        {value}
      </Typography>
      <Typography variant="caption" color="textSecondary">
        {hint}
      </Typography>
    </Box>
  );
}

function LegendSwatch({ color, label, line }: { color: string; label: string; line?: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      <Box sx={{ width: 20, height: line ? 3 : 12, bgcolor: color, borderRadius: 0.5 }} />
      <Typography variant="caption" color="textSecondary">
        {label}
      </Typography>
    </Stack>
  );
}
