/**
 * /campaigns/{id}: figures (replies and meetings first), the trend and real-time charts, the
 * messages (the queue with why each waits, and the sent-message log, as tabs: ?messages=sent),
 * the per-lead table, activity, and the actions. Socket
 * events (`campaign.updated`, `campaign.event`) refetch what they change.
 */
import ArrowBack from "@mui/icons-material/ArrowBack";
import Refresh from "@mui/icons-material/Refresh";
import {
  Alert,
  Box,
  Button,
  Card,
  CardHeader,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tab,
  Tabs,
  Tooltip,
  Typography,
} from "@mui/material";
import type { CampaignEventPush, CampaignUpdatedEvent } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import { usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { useSocketRefresh } from "../../../lib/use-socket.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { PresenceAvatars } from "../../team/components/presence-avatars.tsx";
import { campaignKeys } from "../api/campaign-keys.ts";
import {
  useCampaignActivity,
  useCampaignMetrics,
  useCampaignRealTime,
  useCampaignTrends,
  useRefreshMetrics,
} from "../api/use-campaign-details.ts";
import { useCampaign } from "../api/use-campaigns.ts";
import { CampaignActions } from "../components/campaign-actions.tsx";
import { CampaignLeadsTable } from "../components/campaign-leads-table.tsx";
import { CampaignStatusChip } from "../components/campaign-status-chip.tsx";
import { MessageQueue } from "../components/message-queue.tsx";
import { MetricsCards } from "../components/metrics-cards.tsx";
import { RealTimePanel } from "../components/realtime-panel.tsx";
import { SentMessages } from "../components/sent-messages.tsx";
import { TrendChart } from "../components/trend-chart.tsx";
import { campaignActionErrorMessage } from "../lib/campaign-errors.ts";

export default function CampaignDetailPage() {
  const { id = "" } = useParams();
  const { can } = usePermissions();
  const campaign = useCampaign(id);
  const metrics = useCampaignMetrics(id);
  const [days, setDays] = useState(30);
  const trends = useCampaignTrends(id, days);
  const realTime = useCampaignRealTime(id);
  const activity = useCampaignActivity(id);
  const refresh = useRefreshMetrics(id);
  const [search, setSearch] = useSearchParams();
  const messagesTab = search.get("messages") === "sent" ? "sent" : "queue";

  useSocketRefresh<CampaignUpdatedEvent | CampaignEventPush>(
    ["campaign.updated", "campaign.event"],
    campaignKeys.detail(id),
    (e) => e.campaign_id === id,
  );

  if (campaign.isPending) return <LoadingScreen />;
  if (campaign.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">{campaignActionErrorMessage(campaign.error, "load campaign")}</Alert>
        <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBack />} sx={{ alignSelf: "start" }}>
          All campaigns
        </Button>
      </Stack>
    );
  }
  const c = campaign.data;

  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", flexWrap: "wrap" }}>
        <IconButton component={RouterLink} to="/campaigns" aria-label="All campaigns">
          <ArrowBack />
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Typography variant="h5" component="h2">
              {c.name}
            </Typography>
            <CampaignStatusChip status={c.status} />
          </Stack>
          <Typography variant="body2" color="textSecondary">
            {`${c.subject_line} · ${c.total_leads.toLocaleString()} leads · ${c.steps.length} ${c.steps.length === 1 ? "step" : "steps"}`}
            {c.launched_at ? ` · launched ${formatDateTime(c.launched_at)}` : ""}
          </Typography>
        </Box>
        <PresenceAvatars resource={`campaign:${c.id}`} />
        <CampaignActions campaign={c} can={can} />
      </Box>

      {metrics.isError ? (
        <Alert severity="error">{errorMessage(metrics.error)}</Alert>
      ) : metrics.data ? (
        <Box>
          <Box sx={{ display: "flex", justifyContent: "flex-end", alignItems: "center", gap: 1, mb: 1 }}>
            <Typography variant="caption" color="textSecondary">
              {`Figures from ${timeAgo(metrics.data.computed_at)} · ${metrics.data.queued.toLocaleString()} queued · ${metrics.data.failed.toLocaleString()} failed`}
            </Typography>
            <Tooltip title="Recount now">
              <span>
                <IconButton size="small" aria-label="Refresh figures" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
                  <Refresh fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
          <MetricsCards counts={metrics.data} rates={metrics.data.rates} />
        </Box>
      ) : (
        <Typography color="textSecondary">Loading figures…</Typography>
      )}

      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "3fr 2fr" } }}>
        <TrendChart
          series={trends.data?.series}
          timezone={trends.data?.timezone}
          days={days}
          onDaysChange={setDays}
          loading={trends.isFetching}
          error={trends.isError ? errorMessage(trends.error) : null}
        />
        <RealTimePanel data={realTime.data} error={realTime.isError ? errorMessage(realTime.error) : null} />
      </Box>

      <Box>
        <Tabs
          value={messagesTab}
          onChange={(_, v: string) =>
            setSearch(
              (prev) => {
                const next = new URLSearchParams(prev);
                if (v === "sent") next.set("messages", "sent");
                else next.delete("messages");
                return next;
              },
              { replace: true },
            )
          }
          aria-label="Messages"
          sx={{ mb: 1 }}
        >
          <Tab value="queue" label="Queue" />
          <Tab value="sent" label="Sent messages" />
        </Tabs>
        {messagesTab === "sent" ? <SentMessages campaignId={id} steps={c.steps.length} /> : <MessageQueue campaignId={id} />}
      </Box>
      <CampaignLeadsTable campaignId={id} steps={c.steps.length} canMarkMeetings={can("campaigns:update")} />

      <Card variant="outlined">
        <CardHeader title="Activity" slotProps={{ title: { variant: "subtitle1" } }} />
        {activity.isError ? (
          <Typography color="error" sx={{ p: 2 }}>
            {errorMessage(activity.error)}
          </Typography>
        ) : activity.data?.length === 0 ? (
          <Typography color="textSecondary" sx={{ p: 2 }}>
            Nothing has happened yet.
          </Typography>
        ) : (
          <List dense aria-label="Activity">
            {(activity.data ?? []).map((a) => (
              <ListItem key={a.id}>
                <ListItemText primary={a.message} secondary={formatDateTime(a.created_at)} />
              </ListItem>
            ))}
          </List>
        )}
      </Card>
    </Stack>
  );
}
