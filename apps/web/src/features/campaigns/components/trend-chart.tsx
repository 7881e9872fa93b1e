/**
 * Day-by-day sends, opens, clicks, replies and bounces for one campaign or the whole workspace,
 * with a selector for how many days back (left out when the page has its own period selector).
 */
import { Box, Card, CardContent, CardHeader, Typography } from "@mui/material";
import { LineChart } from "@mui/x-charts/LineChart";
import type { TrendPoint } from "@prospector/contracts";
import { PeriodSelect } from "../../../ui/period-select.tsx";

export const TREND_DAYS = [7, 14, 30, 90];

interface Props {
  series: TrendPoint[] | undefined;
  days: number;
  /** Without it, no selector: the page chooses the period. */
  onDaysChange?: (days: number) => void;
  loading: boolean;
  error: string | null;
  timezone?: string;
  title?: string;
}

export function TrendChart({ series, days, onDaysChange, loading, error, timezone, title = "Trends" }: Props) {
  const points = series ?? [];
  const empty = points.every((p) => p.sent + p.opens + p.clicks + p.replies + p.bounces + p.unsubscribes + p.meetings === 0);
  return (
    <Card variant="outlined">
      <CardHeader
        title={title}
        subheader={timezone ? `Days in ${timezone}` : undefined}
        slotProps={{ title: { variant: "subtitle1" } }}
        action={onDaysChange && <PeriodSelect value={days} onChange={onDaysChange} days={TREND_DAYS} minWidth={130} />}
      />
      <CardContent>
        {error ? (
          <Typography color="error">{error}</Typography>
        ) : loading && !series ? (
          <Typography color="textSecondary">Loading trends…</Typography>
        ) : empty ? (
          <Box sx={{ py: 6, textAlign: "center" }}>
            <Typography color="textSecondary">Nothing sent or tracked in this period yet.</Typography>
          </Box>
        ) : (
          <LineChart
            height={280}
            skipAnimation
            xAxis={[{ scaleType: "point", data: points.map((p) => p.date.slice(5)) }]}
            series={[
              { data: points.map((p) => p.sent), label: "Sent", curve: "linear" },
              { data: points.map((p) => p.unique_opens), label: "Opens", curve: "linear" },
              { data: points.map((p) => p.clicks), label: "Clicks", curve: "linear" },
              { data: points.map((p) => p.replies), label: "Replies", curve: "linear" },
              { data: points.map((p) => p.bounces), label: "Bounces", curve: "linear" },
              ...(points.some((p) => p.meetings > 0)
                ? [{ data: points.map((p) => p.meetings), label: "Meetings", curve: "linear" as const }]
                : []),
            ]}
            aria-label="Daily trends"
          />
        )}
      </CardContent>
    </Card>
  );
}
