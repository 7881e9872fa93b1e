/**
 * The most active campaigns of the period side by side (GET …/analytics/trends `campaigns`): what
 * each sent and delivered, and the people who opened, clicked, replied, bounced, unsubscribed or
 * booked a meeting, with rates. Sorted on the client: the server sends at most ten.
 */
import { Box, Card, CardHeader, Link, Table, TableBody, TableCell, TableHead, TableRow, TableSortLabel, Typography } from "@mui/material";
import type { CampaignPeriodTotals } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { CampaignStatusChip } from "../../campaigns/components/campaign-status-chip.tsx";
import { num, pct } from "../../campaigns/lib/campaign-labels.ts";

type Rate = keyof CampaignPeriodTotals["rates"];
interface Column {
  key: "sent" | "delivered" | "unique_opens" | "unique_clicks" | "replies" | "bounces" | "unsubscribes" | "meetings";
  label: string;
  rate?: Rate;
}

const COLUMNS: Column[] = [
  { key: "sent", label: "Sent" },
  { key: "delivered", label: "Delivered" },
  { key: "unique_opens", label: "Opened", rate: "open_rate" },
  { key: "unique_clicks", label: "Clicked", rate: "click_rate" },
  { key: "replies", label: "Replied", rate: "reply_rate" },
  { key: "meetings", label: "Meetings", rate: "meeting_rate" },
  { key: "bounces", label: "Bounced", rate: "bounce_rate" },
  { key: "unsubscribes", label: "Unsubscribed", rate: "unsubscribe_rate" },
];

interface Props {
  campaigns: CampaignPeriodTotals[];
  /** How many campaigns sent or had events in the period (the table shows the top of them). */
  active: number;
  /** Whether the reader may open a campaign's page (analysts may not). */
  linkable: boolean;
}

export function CampaignComparisonTable({ campaigns, active, linkable }: Props) {
  const [sort, setSort] = useState<{ key: Column["key"]; dir: "asc" | "desc" }>({ key: "sent", dir: "desc" });
  const rows = [...campaigns].sort((a, b) => (sort.dir === "desc" ? b[sort.key] - a[sort.key] : a[sort.key] - b[sort.key]));
  const sortBy = (key: Column["key"]) => setSort((s) => ({ key, dir: s.key === key && s.dir === "desc" ? "asc" : "desc" }));
  return (
    <Card variant="outlined">
      <CardHeader
        title="Campaigns in this period"
        subheader={
          active > campaigns.length
            ? `The ${campaigns.length} that sent most, of ${num(active)} active campaigns · opens and clicks by people, rates over delivered`
            : "Opens and clicks by people, rates over delivered (bounces over sent)"
        }
        slotProps={{ title: { variant: "subtitle1" } }}
      />
      {campaigns.length === 0 ? (
        <Typography color="textSecondary" sx={{ p: 2 }}>
          No campaign sent anything or had opens, clicks or replies in this period.
        </Typography>
      ) : (
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Campaign comparison">
            <TableHead>
              <TableRow>
                <TableCell>Campaign</TableCell>
                {COLUMNS.map((c) => (
                  <TableCell key={c.key} align="right" sortDirection={sort.key === c.key ? sort.dir : false}>
                    <TableSortLabel
                      active={sort.key === c.key}
                      direction={sort.key === c.key ? sort.dir : "desc"}
                      onClick={() => sortBy(c.key)}
                    >
                      {c.label}
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} hover>
                  <TableCell sx={{ minWidth: 160 }}>
                    <Typography variant="body2" sx={{ mb: 0.5 }}>
                      {linkable ? (
                        <Link component={RouterLink} to={`/campaigns/${r.id}`}>
                          {r.name}
                        </Link>
                      ) : (
                        r.name
                      )}
                    </Typography>
                    <CampaignStatusChip status={r.status} />
                  </TableCell>
                  {COLUMNS.map((c) => (
                    <TableCell key={c.key} align="right" sx={{ whiteSpace: "nowrap" }}>
                      <Typography variant="body2">{num(r[c.key])}</Typography>
                      {c.rate && (
                        <Typography variant="caption" color="textSecondary">
                          {pct(r.rates[c.rate])}
                        </Typography>
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Card>
  );
}
