/**
 * /optimization/real-time: what is happening in my campaigns right now. The recent events (an API
 * backlog in keyset pages, so the page is not empty before the next event), then every new
 * `campaign.event` from the team socket; filter by type and campaign, pause, per-minute counts of
 * the last hour, and the connection's state (docs/analytics/optimization.md).
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { type CampaignEventType, CampaignEventType as EventTypes, type LiveEvent } from "@prospector/contracts";
import { useEffect, useMemo, useState } from "react";
import type { SocketStatus } from "../../../lib/socket.ts";
import { useSocketEvent, useSocketStatus } from "../../../lib/use-socket.tsx";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useCampaignOptions, useEventBacklog } from "../api/use-optimization.ts";
import { CampaignFilter } from "../components/campaign-filter.tsx";

/** What the server pushes (features/sending/message-events.service.ts pushEvent). */
interface CampaignEventPush {
  campaign_id: string;
  lead_id: string | null;
  message_id: string;
  type: CampaignEventType;
  is_bot: boolean;
  occurred_at: string;
}

const TYPE_LABEL: Record<CampaignEventType, string> = {
  open: "Opened",
  click: "Clicked",
  reply: "Replied",
  auto_reply: "Auto-reply",
  bounce: "Bounced",
  unsubscribe: "Unsubscribed",
  complaint: "Complaint",
  meeting: "Meeting booked",
};

const STATUS: Record<SocketStatus, { label: string; color: "success" | "warning" | "error" | "default" }> = {
  open: { label: "Live", color: "success" },
  connecting: { label: "Connecting…", color: "warning" },
  reconnecting: { label: "Reconnecting…", color: "warning" },
  idle: { label: "Not connected", color: "default" },
  closed: { label: "Disconnected", color: "error" },
  failed: { label: "Connection failed: reload the page", color: "error" },
};

const minuteOf = (iso: string) => `${iso.slice(0, 16)}:00Z`;
const keyOf = (e: { campaign_id: string; lead_id: string | null; type: string; occurred_at: string }) =>
  `${e.campaign_id}|${e.lead_id}|${e.type}|${new Date(e.occurred_at).toISOString()}`;
const MAX_LIVE = 500;

export default function RealTimePage() {
  const [type, setType] = useState<"" | CampaignEventType>("");
  const [campaignId, setCampaignId] = useState("");
  const [paused, setPaused] = useState(false);
  const [live, setLive] = useState<LiveEvent[]>([]);
  const [held, setHeld] = useState<LiveEvent[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const filter = useMemo(() => ({ ...(type ? { type } : {}), ...(campaignId ? { campaign_id: campaignId } : {}) }), [type, campaignId]);
  const backlog = useEventBacklog(filter);
  const campaigns = useCampaignOptions();
  const status = useSocketStatus();
  const names = useMemo(() => new Map((campaigns.data?.campaigns ?? []).map((c) => [c.id, c.name])), [campaigns.data]);

  // A new filter starts from its own backlog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the filter changes
  useEffect(() => {
    setLive([]);
    setHeld([]);
  }, [filter]);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);

  useSocketEvent<CampaignEventPush>("campaign.event", (p) => {
    if (p.is_bot) return; // people only, like the backlog
    if (type && p.type !== type) return;
    if (campaignId && p.campaign_id !== campaignId) return;
    const e: LiveEvent = {
      id: `${p.message_id}:${p.type}:${p.occurred_at}`,
      type: p.type,
      campaign_id: p.campaign_id,
      campaign_name: names.get(p.campaign_id) ?? null,
      lead_id: p.lead_id,
      lead_email: null,
      is_bot: false,
      occurred_at: p.occurred_at,
    };
    if (paused) setHeld((h) => [e, ...h].slice(0, MAX_LIVE));
    else setLive((l) => [e, ...l].slice(0, MAX_LIVE));
  });

  const resume = () => {
    setLive((l) => [...held, ...l].slice(0, MAX_LIVE));
    setHeld([]);
    setPaused(false);
  };

  const pages = backlog.data?.pages ?? [];
  const events = useMemo(() => {
    const seen = new Set<string>();
    const out: LiveEvent[] = [];
    for (const e of [...live, ...pages.flatMap((p) => p.items)]) {
      const k = keyOf(e);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(e);
    }
    return out;
  }, [live, pages]);

  // The last 60 minutes: the server's counts at load plus what arrived live since.
  const perMinute = useMemo(() => {
    const counts = new Map<string, number>();
    for (const m of pages[0]?.per_minute ?? []) counts.set(m.minute, m.count);
    const loadedAt = pages[0]?.per_minute.at(-1)?.minute;
    for (const e of [...live, ...held]) {
      const m = minuteOf(new Date(e.occurred_at).toISOString());
      if (!loadedAt || m >= loadedAt) counts.set(m, (counts.get(m) ?? 0) + 1);
    }
    const end = Math.floor(now / 60_000) * 60_000;
    return Array.from({ length: 60 }, (_, i) => {
      const minute = new Date(end - (59 - i) * 60_000).toISOString().replace(".000Z", "Z");
      return { minute, label: minute.slice(11, 16), count: counts.get(minute) ?? 0 };
    });
  }, [pages, live, held, now]);
  const lastHour = perMinute.reduce((n, m) => n + m.count, 0);

  return (
    <Stack spacing={2}>
      <PageIntro
        question="What is happening in my campaigns right now?"
        summary="Opens, clicks, replies, bounces, unsubscribes and meetings as they are recorded; bots and mail-privacy proxies left out. Times in your browser's time zone; minutes in UTC."
        actions={
          <>
            <Chip
              label={STATUS[status].label}
              color={STATUS[status].color}
              variant="outlined"
              aria-label={`Connection: ${STATUS[status].label}`}
            />
            <TextField
              select
              size="small"
              label="Event"
              value={type}
              onChange={(e) => setType(e.target.value as "" | CampaignEventType)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 150 }}
            >
              <MenuItem value="">All events</MenuItem>
              {EventTypes.options.map((t) => (
                <MenuItem key={t} value={t}>
                  {TYPE_LABEL[t]}
                </MenuItem>
              ))}
            </TextField>
            <CampaignFilter value={campaignId} onChange={setCampaignId} />
            {paused ? (
              <Button variant="contained" onClick={resume}>
                {held.length ? `Resume (${held.length} new)` : "Resume"}
              </Button>
            ) : (
              <Button variant="outlined" onClick={() => setPaused(true)}>
                Pause
              </Button>
            )}
          </>
        }
      />
      {status !== "open" && status !== "connecting" && (
        <Alert severity="warning">
          The live connection is down: new events appear again once it reconnects; the list below is as loaded.
        </Alert>
      )}
      {backlog.isPending && <LoadingScreen />}
      {backlog.isError && <LoadError error={backlog.error} onRetry={() => backlog.refetch()} />}
      {backlog.data && (
        <ChartCard
          title="Events per minute, last hour"
          subheader={`${lastHour.toLocaleString()} events in the last 60 minutes · recorded campaign events, people only`}
          table={{
            columns: [
              { key: "minute", label: "Minute (UTC)" },
              { key: "count", label: "Events", numeric: true },
            ],
            rows: perMinute.filter((m) => m.count > 0).map((m) => ({ minute: m.label, count: m.count })),
          }}
        >
          <BarChart
            height={200}
            xAxis={[{ scaleType: "band", data: perMinute.map((m) => m.label) }]}
            series={[{ data: perMinute.map((m) => m.count), label: "Events" }]}
          />
        </ChartCard>
      )}
      {backlog.data && events.length === 0 && (
        <EmptyState
          title="No campaign events yet"
          hint="Events appear here as soon as a launched campaign's messages are opened, clicked, replied to or bounce. Keep this page open."
        />
      )}
      {events.length > 0 && (
        <Box sx={{ border: 1, borderColor: "divider", borderRadius: 1 }}>
          <TableContainer sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label="Live events">
              <TableHead>
                <TableRow>
                  <TableCell>Time</TableCell>
                  <TableCell>Event</TableCell>
                  <TableCell>Campaign</TableCell>
                  <TableCell>Lead</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {events.map((e) => (
                  <TableRow key={keyOf(e)}>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{new Date(e.occurred_at).toLocaleTimeString()}</TableCell>
                    <TableCell>{TYPE_LABEL[e.type]}</TableCell>
                    <TableCell>{e.campaign_name ?? names.get(e.campaign_id) ?? "Campaign"}</TableCell>
                    <TableCell>{e.lead_email ?? (e.lead_id ? `Lead ${e.lead_id.slice(-6)}` : "Deleted lead")}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {backlog.hasNextPage && (
            <Box sx={{ p: 1 }}>
              <Button onClick={() => backlog.fetchNextPage()} disabled={backlog.isFetchingNextPage}>
                Show older events
              </Button>
            </Box>
          )}
        </Box>
      )}
      <Typography variant="body2" color="textSecondary">
        Source: the campaign event log (tracked opens and clicks, replies read from the inboxes, bounces, unsubscribes, meetings marked),
        newest first.
      </Typography>
    </Stack>
  );
}
