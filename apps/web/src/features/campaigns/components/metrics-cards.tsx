/**
 * A campaign's (or the workspace's) figures as cards: replies and meetings first (the headline
 * metrics), then sent, opens (people vs. privacy proxies and scanners), clicks, bounces and
 * unsubscribes, each with its rate.
 */
import { Box, Card, CardContent, Typography } from "@mui/material";
import type { CampaignCounts, CampaignRates } from "@prospector/contracts";
import { num, pct } from "../lib/campaign-labels.ts";

function Stat({ label, value, hint, headline }: { label: string; value: string; hint?: string; headline?: boolean }) {
  return (
    <Card variant="outlined" sx={headline ? { borderColor: "primary.main", borderWidth: 2 } : undefined} aria-label={label} role="group">
      <CardContent>
        <Typography variant="body2" color="textSecondary">
          {label}
        </Typography>
        <Typography variant={headline ? "h4" : "h5"} component="p">
          {value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="textSecondary">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

export function MetricsCards({ counts, rates }: { counts: CampaignCounts; rates: CampaignRates }) {
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <Stat headline label="Replies" value={num(counts.replies)} hint={`${pct(rates.reply_rate)} reply rate`} />
        <Stat headline label="Meetings" value={num(counts.meetings)} hint={`${pct(rates.meeting_rate)} of delivered`} />
      </Box>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(5, 1fr)" } }}>
        <Stat label="Sent" value={num(counts.sent)} hint={`${num(counts.delivered)} delivered`} />
        <Stat
          label="Opens"
          value={num(counts.unique_opens)}
          hint={`${pct(rates.open_rate)} · ${num(counts.opens)} human, ${num(counts.bot_opens)} bot`}
        />
        <Stat label="Clicks" value={num(counts.unique_clicks)} hint={`${pct(rates.click_rate)} · ${num(counts.bot_clicks)} by scanners`} />
        <Stat label="Bounces" value={num(counts.bounces)} hint={`${pct(rates.bounce_rate)} of sent`} />
        <Stat label="Unsubscribes" value={num(counts.unsubscribes)} hint={pct(rates.unsubscribe_rate)} />
      </Box>
    </Box>
  );
}
