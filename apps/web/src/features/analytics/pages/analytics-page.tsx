/**
 * /analytics: figures across all campaigns for a period (GET /api/campaigns/analytics/summary):
 * replies and meetings first, the rest with rates, campaigns by state and the top campaigns.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardHeader,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { PieChart } from "@mui/x-charts/PieChart";
import { type AnalyticsSummary, CampaignStatus } from "@prospector/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { api } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { campaignKeys } from "../../campaigns/api/campaign-keys.ts";
import { CampaignStatusChip } from "../../campaigns/components/campaign-status-chip.tsx";
import { MetricsCards } from "../../campaigns/components/metrics-cards.tsx";
import { STATUS_LABELS } from "../../campaigns/lib/campaign-labels.ts";
import { CampaignTrendCard } from "../components/campaign-trend-card.tsx";

const PERIODS = [7, 30, 90, 365];

export default function AnalyticsPage() {
  const [days, setDays] = useState(30);
  const summary = useQuery({
    queryKey: campaignKeys.summary(days),
    queryFn: ({ signal }) => api.get<AnalyticsSummary>("/campaigns/analytics/summary", { params: { days }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const s = summary.data;
  const byStatus = s
    ? CampaignStatus.options
        .map((st, id) => ({ id, label: STATUS_LABELS[st], value: s.campaigns.by_status[st] ?? 0 }))
        .filter((x) => x.value > 0)
    : [];
  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h2">
            Analytics
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {s ? `All campaigns since ${formatDateTime(s.since)} · computed ${formatDateTime(s.computed_at)}` : " "}
          </Typography>
        </Box>
        <TextField select size="small" label="Period" value={days} onChange={(e) => setDays(Number(e.target.value))} sx={{ minWidth: 150 }}>
          {PERIODS.map((d) => (
            <MenuItem key={d} value={d}>{`Last ${d} days`}</MenuItem>
          ))}
        </TextField>
      </Box>
      {summary.isPending && <LoadingScreen />}
      {summary.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => summary.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(summary.error)}
        </Alert>
      )}
      {s && s.campaigns.total === 0 && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/campaigns/new/edit" color="inherit" size="small">
              New campaign
            </Button>
          }
        >
          No campaigns yet: figures appear here once one sends.
        </Alert>
      )}
      {s && <MetricsCards counts={s} rates={s.rates} />}
      {s && s.campaigns.total > 0 && <CampaignTrendCard preferred={s.top_campaigns[0]?.id} />}
      {s && (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "2fr 1fr" } }}>
          <Card variant="outlined">
            <CardHeader title="Top campaigns by replies" slotProps={{ title: { variant: "subtitle1" } }} />
            {s.top_campaigns.length === 0 ? (
              <Typography color="textSecondary" sx={{ p: 2 }}>
                No campaign sent anything in this period.
              </Typography>
            ) : (
              <Table size="small" aria-label="Top campaigns">
                <TableHead>
                  <TableRow>
                    <TableCell>Campaign</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Sent</TableCell>
                    <TableCell align="right">Replies</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {s.top_campaigns.map((c) => (
                    <TableRow key={c.id} hover>
                      <TableCell>
                        <RouterLink to={`/campaigns/${c.id}`}>{c.name}</RouterLink>
                      </TableCell>
                      <TableCell>
                        <CampaignStatusChip status={c.status} />
                      </TableCell>
                      <TableCell align="right">{c.sent.toLocaleString()}</TableCell>
                      <TableCell align="right">{c.replies.toLocaleString()}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Card>
          <Card variant="outlined">
            <CardHeader
              title="Campaigns by state"
              subheader={`${s.campaigns.total} in total`}
              slotProps={{ title: { variant: "subtitle1" } }}
            />
            {byStatus.length === 0 ? (
              <Typography color="textSecondary" sx={{ p: 2 }}>
                No campaigns.
              </Typography>
            ) : (
              <Box sx={{ p: 1 }}>
                <PieChart
                  series={[{ data: byStatus, innerRadius: 40, paddingAngle: 1 }]}
                  height={200}
                  skipAnimation
                  aria-label="Campaigns by state"
                />
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", p: 1 }}>
                  {byStatus.map((b) => (
                    <Chip key={b.label} size="small" label={`${b.label}: ${b.value}`} />
                  ))}
                </Stack>
              </Box>
            )}
          </Card>
        </Box>
      )}
    </Stack>
  );
}
