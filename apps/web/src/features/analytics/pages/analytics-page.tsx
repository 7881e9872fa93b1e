/**
 * /analytics: figures across all campaigns for a period (GET /api/campaigns/analytics/summary):
 * replies and meetings first, the rest with rates; the workspace's day-by-day trend and the most
 * active campaigns side by side (GET /api/campaigns/analytics/trends); campaigns by state. One
 * period selector drives all of it.
 */
import { Alert, Box, Button, Card, CardHeader, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { PieChart } from "@mui/x-charts/PieChart";
import { CampaignStatus } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { permits } from "../../../app/layout/nav-items.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { MetricsCards } from "../../campaigns/components/metrics-cards.tsx";
import { TrendChart } from "../../campaigns/components/trend-chart.tsx";
import { STATUS_LABELS } from "../../campaigns/lib/campaign-labels.ts";
import { useAnalyticsSummary, useWorkspaceTrends } from "../api/use-analytics.ts";
import { CampaignComparisonTable } from "../components/campaign-comparison-table.tsx";

const PERIODS = [7, 30, 90, 365];

export default function AnalyticsPage() {
  const [days, setDays] = useState(30);
  const { user } = useSession();
  const summary = useAnalyticsSummary(days);
  const trends = useWorkspaceTrends(days);
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
      {s && (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "2fr 1fr" } }}>
          <TrendChart
            title="All campaigns, day by day"
            series={trends.data?.series}
            timezone={trends.data?.timezone}
            days={days}
            loading={trends.isFetching}
            error={trends.isError ? errorMessage(trends.error) : null}
          />
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
      {s && trends.data && (
        <CampaignComparisonTable
          campaigns={trends.data.campaigns}
          active={trends.data.active_campaigns}
          linkable={permits(user?.permissions ?? [], "campaigns:read")}
        />
      )}
    </Stack>
  );
}
