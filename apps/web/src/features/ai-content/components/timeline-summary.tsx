/** The header of a lead's timeline: first and last touch, items per channel, the deal's stage. */

import { Box, Card, CardContent, Stack, Typography } from "@mui/material";
import type { TimelineChannel, TimelineSummary } from "@prospector/contracts";
import { formatUtcDateTime } from "../../../lib/format.ts";
import { CHANNEL_LABELS } from "./timeline-labels.ts";

const CHANNELS: TimelineChannel[] = ["email", "crm", "ai", "record"];

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack sx={{ minWidth: 120 }}>
      <Typography variant="caption" color="textSecondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
    </Stack>
  );
}

export function TimelineSummaryCard({ summary }: { summary: TimelineSummary }) {
  const stage = summary.current_stage;
  return (
    <Card variant="outlined" component="section" aria-label="Lead summary">
      <CardContent>
        <Typography variant="h6" component="h3">
          {summary.lead.name}
          {summary.lead.company ? ` · ${summary.lead.company}` : ""}
        </Typography>
        <Box sx={{ mt: 1.5, display: "flex", flexWrap: "wrap", gap: 3, rowGap: 1.5 }}>
          <Figure label="First touch" value={summary.first_touch_at ? formatUtcDateTime(summary.first_touch_at) : "No touch yet"} />
          <Figure label="Last touch" value={summary.last_touch_at ? formatUtcDateTime(summary.last_touch_at) : "No touch yet"} />
          <Figure label="Current stage" value={stage ? `${stage.name} (${stage.deal_name})` : `No deal · lead ${summary.lead_status}`} />
          {CHANNELS.map((c) => (
            <Figure key={c} label={CHANNEL_LABELS[c]} value={String(summary.counts[c] ?? 0)} />
          ))}
        </Box>
        <Typography variant="caption" color="textSecondary" sx={{ display: "block", mt: 1 }}>
          {summary.total} items in all. A touch is an email or a CRM record between you and the person; AI actions and data changes are not
          touches.
        </Typography>
      </CardContent>
    </Card>
  );
}
