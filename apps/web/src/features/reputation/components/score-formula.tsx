/** How the reputation score is computed and when alerts fire: the same rules as the server (docs/reputation.md). */
import { Card, CardContent, CardHeader, List, ListItem, Typography } from "@mui/material";
import type { ReputationOverview } from "@prospector/contracts";
import { pct } from "./reputation-format.ts";

export function ScoreFormula({ thresholds: t }: { thresholds: ReputationOverview["thresholds"] }) {
  const rules = [
    `Start at 100 and take off points over the last ${t.window_days} days (the day itself and the ${t.window_days - 1} before):`,
    `bounces: 20 points at ${pct(t.bounce_rate)} of sends, in proportion, at most 40;`,
    `spam complaints: 30 points at ${pct(t.complaint_rate)}, in proportion, at most 40;`,
    "unsubscribes: 5 points at 2 %, in proportion, at most 10;",
    "blocklists: 25 points for each list that names the domain, at most 50.",
    `Under ${t.min_sends} sends in the window the rate penalties count in proportion to the sends (3 sends with one bounce are not yet a 33 % problem).`,
  ];
  const alerts = [
    `Bounce rate above ${pct(t.bounce_rate)} (critical).`,
    `Spam complaint rate above ${pct(t.complaint_warn)} (warning) or ${pct(t.complaint_rate)} (critical, the Gmail and Yahoo bulk-sender limit).`,
    "A blocklist newly naming the domain (critical).",
    `Rates are judged from ${t.min_sends} sends in the window on. An alert is notified once when it opens (and again if a warning becomes critical), and closes by itself when the rate falls back or the listing goes.`,
  ];
  return (
    <Card variant="outlined" component="section" aria-labelledby="formula-title">
      <CardHeader
        title="How the score and alerts work"
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: "formula-title" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <List dense disablePadding aria-label="Score formula">
          {rules.map((r) => (
            <ListItem key={r} disableGutters sx={{ display: "list-item", listStyle: "disc", ml: 2.5 }}>
              <Typography variant="body2">{r}</Typography>
            </ListItem>
          ))}
        </List>
        <Typography variant="subtitle2" component="h4" sx={{ mt: 1.5 }}>
          Alerts
        </Typography>
        <List dense disablePadding aria-label="Alert thresholds">
          {alerts.map((r) => (
            <ListItem key={r} disableGutters sx={{ display: "list-item", listStyle: "disc", ml: 2.5 }}>
              <Typography variant="body2">{r}</Typography>
            </ListItem>
          ))}
        </List>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          Sends are the campaign messages handed to the inbox's server; bounces, complaints and unsubscribes are people's (privacy proxies
          and link scanners are left out). A domain adds up its inboxes. Blocklist state comes from the checks on the deliverability page;
          days rebuilt from events before those checks were kept show no blocklist state.
        </Typography>
      </CardContent>
    </Card>
  );
}
