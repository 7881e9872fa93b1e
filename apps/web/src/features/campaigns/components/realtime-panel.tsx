/** The last hour in 5-minute bars, today's and the last hour's totals, the queue and the last send. */
import { Box, Card, CardContent, CardHeader, Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { CampaignRealTime } from "@prospector/contracts";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { num } from "../lib/campaign-labels.ts";

export function RealTimePanel({ data, error }: { data: CampaignRealTime | undefined; error: string | null }) {
  return (
    <Card variant="outlined">
      <CardHeader title="Real time" subheader="Last hour, every 5 minutes" slotProps={{ title: { variant: "subtitle1" } }} />
      <CardContent>
        {error ? (
          <Typography color="error">{error}</Typography>
        ) : !data ? (
          <Typography color="textSecondary">Loading…</Typography>
        ) : (
          <>
            <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1, mb: 1 }}>
              <Typography variant="body2">{`Last hour: ${num(data.last_hour.sent)} sent · ${num(data.last_hour.opens)} opens · ${num(data.last_hour.replies)} replies`}</Typography>
              <Typography variant="body2">{`Today: ${num(data.today.sent)} sent · ${num(data.today.opens)} opens · ${num(data.today.replies)} replies`}</Typography>
              <Typography variant="body2">{`In the queue: ${num(data.queued)}`}</Typography>
              <Typography variant="body2" title={formatDateTime(data.last_sent_at)}>
                {`Last send: ${data.last_sent_at ? timeAgo(data.last_sent_at) : "none yet"}`}
              </Typography>
            </Box>
            <BarChart
              height={180}
              skipAnimation
              xAxis={[
                {
                  scaleType: "band",
                  data: data.minutes.map((m) => new Date(m.at).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })),
                },
              ]}
              series={[
                { data: data.minutes.map((m) => m.sent), label: "Sent", stack: "a" },
                { data: data.minutes.map((m) => m.opens), label: "Opens" },
                { data: data.minutes.map((m) => m.replies), label: "Replies" },
              ]}
              aria-label="Last hour"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
