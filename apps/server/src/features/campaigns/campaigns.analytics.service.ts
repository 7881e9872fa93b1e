/**
 * Campaign analytics (outreach-core §7): metrics, daily trends (per campaign and across the
 * workspace), real-time windows and the workspace summary, computed by aggregate SQL and cached for the spec's 30 s (refresh drops it).
 * Until the sender writes outbox rows and events, every figure is an honest zero.
 */
import type {
  AnalyticsSummary,
  CampaignCounts,
  CampaignMetrics,
  CampaignRates,
  CampaignRealTime,
  CampaignStatus,
  CampaignTrends,
  CampaignTrendsQuery,
  TrendPoint,
  WorkspaceTrends,
  WorkspaceTrendsQuery,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { findUserSettings } from "../user-settings/index.ts";
import { stateCounts } from "./campaign-leads.repository.ts";
import * as stats from "./campaigns.analytics.repository.ts";
import { METRICS_TTL_MS } from "./campaigns.cache.ts";
import { defaultSchedule } from "./campaigns.mapper.ts";
import { loadCampaign } from "./campaigns.service.ts";
import { localDate, startOfLocalDay, zonedTime } from "./schedule-calendar.ts";

type Ctx = Pick<AppContext, "db" | "campaignCache">;

const pct = (part: number, whole: number) => (whole <= 0 ? 0 : Math.round((part / whole) * 1000) / 10);

function rates(c: CampaignCounts): CampaignRates {
  return {
    open_rate: pct(c.unique_opens, c.delivered),
    click_rate: pct(c.unique_clicks, c.delivered),
    reply_rate: pct(c.replies, c.delivered),
    bounce_rate: pct(c.bounces, c.sent),
    unsubscribe_rate: pct(c.unsubscribes, c.delivered),
    meeting_rate: pct(c.meetings, c.delivered),
  };
}

const counts = (sent: number, e: stats.EventTotals): CampaignCounts => ({ sent, delivered: Math.max(0, sent - e.bounces), ...e });

async function cached<T>(ctx: Ctx, key: string, compute: () => Promise<T>): Promise<T> {
  const hit = await ctx.campaignCache.get<T>(key);
  if (hit) return hit;
  const value = await compute();
  await ctx.campaignCache.set(key, value, METRICS_TTL_MS);
  return value;
}

const metricsKey = (workspaceId: string, gen: number, id: string) => `metrics:${workspaceId}:${gen}:${id}`;

async function computeMetrics(ctx: Ctx, campaignId: string): Promise<CampaignMetrics> {
  const [messages, events, leads] = [
    await stats.messageTotals(ctx.db, campaignId),
    await stats.eventTotals(ctx.db, { campaignId }),
    await stateCounts(ctx.db, campaignId),
  ];
  const c = counts(messages.sent, events);
  return {
    campaign_id: campaignId,
    ...c,
    rates: rates(c),
    queued: messages.queued,
    failed: messages.failed,
    leads,
    computed_at: new Date().toISOString(),
  };
}

export async function campaignMetrics(ctx: Ctx, workspaceId: string, id: string): Promise<CampaignMetrics> {
  const campaign = await loadCampaign(ctx, workspaceId, id);
  const gen = await ctx.campaignCache.generation(workspaceId);
  return cached(ctx, metricsKey(workspaceId, gen, campaign.id), () => computeMetrics(ctx, campaign.id));
}

/** Drops this workspace's cached figures (and lists) and computes the campaign's metrics afresh. */
export async function refreshMetrics(ctx: Ctx, workspaceId: string, id: string): Promise<CampaignMetrics> {
  const campaign = await loadCampaign(ctx, workspaceId, id);
  await ctx.campaignCache.bump(workspaceId);
  const gen = await ctx.campaignCache.generation(workspaceId);
  const metrics = await computeMetrics(ctx, campaign.id);
  await ctx.campaignCache.set(metricsKey(workspaceId, gen, campaign.id), metrics, METRICS_TTL_MS);
  return metrics;
}

/** "2026-11-22" → the next calendar day. */
const nextDate = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const instantOf = (d: string, tz: string) => {
  const [y, m, day] = d.split("-").map(Number) as [number, number, number];
  return zonedTime(y, m, day, 0, 0, tz);
};

/** The calendar days a trends query asks for: from/to win over days; with only one of them, days counts from or back to it. */
function trendRange(q: CampaignTrendsQuery, tz: string): { from: string; to: string } {
  const today = localDate(new Date(), tz);
  const back = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  const to = q.to ?? (q.from ? back(q.from, -(q.days - 1)) : today);
  return { from: q.from ?? back(to, q.days - 1), to };
}

const ZERO_DAY = { sent: 0, delivered: 0, opens: 0, unique_opens: 0, clicks: 0, replies: 0, bounces: 0, unsubscribes: 0, meetings: 0 };

/** A zero-filled point for every day of the range, for one campaign or the workspace. */
async function trendSeries(ctx: Ctx, scope: stats.Scope, id: string, tz: string, from: string, to: string): Promise<TrendPoint[]> {
  const rows = await stats.dailySeries(ctx.db, scope, id, tz, instantOf(from, tz), instantOf(nextDate(to), tz));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series: TrendPoint[] = [];
  for (let d = from; d <= to; d = nextDate(d)) {
    const { day, ...figures } = byDay.get(d) ?? { day: d, ...ZERO_DAY };
    series.push({ date: day, ...figures });
  }
  return series;
}

export async function campaignTrends(ctx: Ctx, workspaceId: string, id: string, q: CampaignTrendsQuery): Promise<CampaignTrends> {
  const campaign = await loadCampaign(ctx, workspaceId, id);
  const tz = campaign.schedule.timezone;
  const { from, to } = trendRange(q, tz);
  const gen = await ctx.campaignCache.generation(workspaceId);
  return cached(ctx, `trends:${workspaceId}:${gen}:${campaign.id}:${from}:${to}`, async () => ({
    campaign_id: campaign.id,
    timezone: tz,
    from,
    to,
    series: await trendSeries(ctx, "campaign_id", campaign.id, tz, from, to),
  }));
}

const TOP_CAMPAIGNS = 10;

/**
 * Every campaign of the workspace day by day, in the caller's time zone (their settings, as a new
 * campaign's schedule takes it), with the campaigns that were most active in the range. Cached
 * like the summary: keyed by the workspace generation that campaign writes bump.
 */
export async function workspaceTrends(
  ctx: Ctx,
  caller: { workspaceId: string; userId: string },
  q: WorkspaceTrendsQuery,
): Promise<WorkspaceTrends> {
  const { workspaceId } = caller;
  const settings = await findUserSettings(ctx, caller.userId, workspaceId);
  const tz = defaultSchedule(settings?.preferences ?? {}).timezone;
  const { from, to } = trendRange(q, tz);
  const gen = await ctx.campaignCache.generation(workspaceId);
  return cached(ctx, `ws-trends:${workspaceId}:${gen}:${tz}:${from}:${to}`, async () => {
    const [series, perCampaign] = await Promise.all([
      trendSeries(ctx, "workspace_id", workspaceId, tz, from, to),
      stats.campaignPeriodTotals(ctx.db, workspaceId, instantOf(from, tz), instantOf(nextDate(to), tz)),
    ]);
    const ranked = [...perCampaign.entries()]
      .sort(([a, x], [b, y]) => y.sent - x.sent || y.events.replies - x.events.replies || (a < b ? -1 : 1))
      .slice(0, TOP_CAMPAIGNS);
    const names = await stats.campaignNames(
      ctx.db,
      workspaceId,
      ranked.map(([id]) => id),
    );
    const campaigns = ranked.flatMap(([id, r]) => {
      const c = names.get(id);
      if (!c) return [];
      // Delivered as in the series (sent in the range and not bounced), so the table and chart agree.
      const figures = { ...counts(r.sent, r.events), delivered: r.delivered };
      return [{ id, name: c.name, status: c.status, ...figures, rates: rates(figures) }];
    });
    return { timezone: tz, from, to, series, campaigns, active_campaigns: perCampaign.size, computed_at: new Date().toISOString() };
  });
}

const BUCKET_SECONDS = 300;

/** The last hour in 5-minute buckets and today so far (in the campaign's time zone); never cached. */
export async function campaignRealTime(ctx: Ctx, workspaceId: string, id: string): Promise<CampaignRealTime> {
  const campaign = await loadCampaign(ctx, workspaceId, id);
  const now = new Date();
  // Buckets line up with the clock (…:00, :05, …): 12 of them, the last one holding now.
  const aligned = Math.floor(now.getTime() / (BUCKET_SECONDS * 1000)) * BUCKET_SECONDS * 1000;
  const hourStart = new Date(aligned - 11 * BUCKET_SECONDS * 1000);
  const dayStart = startOfLocalDay(now, campaign.schedule.timezone);
  const from = dayStart < hourStart ? dayStart : hourStart;
  const [byBucket, messages] = await Promise.all([
    stats.buckets(ctx.db, campaign.id, from, BUCKET_SECONDS),
    stats.messageTotals(ctx.db, campaign.id),
  ]);
  const offset = Math.round((hourStart.getTime() - from.getTime()) / (BUCKET_SECONDS * 1000));
  const empty = () => ({ sent: 0, opens: 0, clicks: 0, replies: 0, bounces: 0 });
  const add = (a: ReturnType<typeof empty>, b: stats.Bucket) => {
    a.sent += b.sent;
    a.opens += b.opens;
    a.clicks += b.clicks;
    a.replies += b.replies;
    a.bounces += b.bounces;
  };
  const lastHour = empty();
  const today = empty();
  const dayOffset = Math.floor((dayStart.getTime() - from.getTime()) / (BUCKET_SECONDS * 1000));
  const minutes = Array.from({ length: 12 }, (_, i) => ({
    at: new Date(hourStart.getTime() + i * BUCKET_SECONDS * 1000).toISOString(),
    ...empty(),
  }));
  for (const b of byBucket) {
    const i = b.bucket - offset;
    if (i >= 0 && i < 12) {
      add(lastHour, b);
      add(minutes[i] as ReturnType<typeof empty>, b);
    }
    if (b.bucket >= dayOffset) add(today, b);
  }
  return {
    campaign_id: campaign.id,
    status: campaign.status,
    last_hour: lastHour,
    today,
    minutes,
    queued: messages.queued,
    last_sent_at: messages.last_sent_at?.toISOString() ?? null,
    computed_at: now.toISOString(),
  };
}

const STATUSES: CampaignStatus[] = ["draft", "scheduled", "active", "paused", "stopped", "completed"];

export async function analyticsSummary(ctx: Ctx, workspaceId: string, days: number): Promise<AnalyticsSummary> {
  const gen = await ctx.campaignCache.generation(workspaceId);
  return cached(ctx, `summary:${workspaceId}:${gen}:${days}`, async () => {
    const since = new Date(Date.now() - days * 86_400_000);
    const [byStatus, sent, events, top] = [
      await stats.statusCounts(ctx.db, workspaceId),
      await stats.sentSince(ctx.db, "workspace_id", workspaceId, since),
      await stats.eventTotals(ctx.db, { workspaceId, since }),
      await stats.topCampaigns(ctx.db, workspaceId, since, 5),
    ];
    const c = counts(sent, events);
    const by_status = Object.fromEntries(STATUSES.map((s) => [s, byStatus[s] ?? 0])) as Record<CampaignStatus, number>;
    return {
      days,
      since: since.toISOString(),
      ...c,
      campaigns: { total: Object.values(by_status).reduce((a, b) => a + b, 0), by_status },
      rates: rates(c),
      top_campaigns: top,
      computed_at: new Date().toISOString(),
    };
  });
}
