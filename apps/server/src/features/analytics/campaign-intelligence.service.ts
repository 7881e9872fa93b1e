/**
 * Campaign intelligence (docs/analytics/campaign-intelligence.md): the attention center, performance
 * against the workspace, and the figures every page shares. Message counts come from the analytics
 * engine; every rate gets its Wilson interval and every comparison the two-proportion z-test from
 * platform/stats.ts. Day boundaries are UTC.
 */
import type {
  AttentionCenter,
  AttentionReason,
  CampaignStatus,
  CiComparison,
  CiPerformancePage,
  CiPerformanceQuery,
  CiPerformanceRates,
  CiPerformanceRow,
  CiRate,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { twoProportionZTest, wilson } from "../../platform/stats.ts";
import { DAY_MS, lastDays } from "../../platform/utc-days.ts";
import { inboxesByIds } from "../inboxes/index.ts";
import { runReport } from "./analytics.engine.ts";
import * as repo from "./campaign-intelligence.repository.ts";

type Ctx = AppContext;
export const DAY = DAY_MS;
/** Below this many in either group a comparison says "too few to tell". */
export const MIN_N = 20;
/** The center's look-back for rates. */
export const CENTER_DAYS = 14;
export const BOUNCE_LIMIT = 0.03;

export const iso = (v: Date | string | null | undefined): string | null => (v == null ? null : new Date(v).toISOString());
export const rate = (count: number, n: number): CiRate => ({ ...wilson(count, n), count, n });

/** The group (x of n) against a baseline (bx of bn). */
export function compare(x: number, n: number, bx: number, bn: number): CiComparison {
  const t = twoProportionZTest(bx, bn, x, n);
  const difference = n > 0 && bn > 0 ? Math.round((x / n - bx / bn) * 10_000) / 10_000 : null;
  // Enough on both sides but no variance (e.g. no clicks at all on either side): nothing differs.
  const verdict = n < MIN_N || bn < MIN_N ? "too_few" : t.z == null || !t.significant ? "not_different" : t.z > 0 ? "above" : "below";
  return { difference, z: t.z, p_value: t.p_value, verdict };
}

const pct = (r: number | null) => (r == null ? "–" : `${(r * 100).toFixed(1)} %`);
export const interval = (r: CiRate) => `${pct(r.rate)} (${r.count} of ${r.n}; 95 % ${pct(r.low)}–${pct(r.high)})`;

// ---------- message figures from the analytics engine ----------

export interface CampaignCounts {
  campaign_id: string;
  name: string;
  sent: number;
  delivered: number;
  opens: number;
  clicks: number;
  replies: number;
  bounces: number;
  meetings: number;
}

const ENGINE_METRICS = ["sent", "delivered", "bounced", "opened", "clicked", "replied", "meetings"] as const;

/**
 * Per campaign, the engine's counts over the last `days` UTC days, today included (messages by the
 * day they were sent; events of those messages): the same figures as the report builder.
 */
export async function engineCounts(ctx: Ctx, workspaceId: string, days: number, now: Date) {
  const { from, to } = lastDays(now, days);
  const out: CampaignCounts[] = [];
  let cursor: string | undefined;
  let computedAt: string | null = null;
  do {
    const r = await runReport(ctx, workspaceId, {
      metrics: [...ENGINE_METRICS],
      dimensions: ["campaign"],
      from,
      to,
      filters: {},
      limit: 1000,
      cursor,
    });
    computedAt = r.computed_at;
    for (const row of r.rows) {
      const id = row.keys.campaign;
      if (!id) continue;
      const v = (m: (typeof ENGINE_METRICS)[number]) => row.values[m]?.value ?? 0;
      out.push({
        campaign_id: id,
        name: row.labels.campaign ?? "",
        sent: v("sent"),
        delivered: v("delivered"),
        opens: v("opened"),
        clicks: v("clicked"),
        replies: v("replied"),
        bounces: v("bounced"),
        meetings: v("meetings"),
      });
    }
    cursor = r.next_cursor ?? undefined;
  } while (cursor);
  return { counts: out.filter((c) => c.sent > 0), from, computedAt };
}

// ---------- center ----------

export async function attentionCenter(ctx: Ctx, workspaceId: string, now = new Date()): Promise<AttentionCenter> {
  const since = new Date(now.getTime() - CENTER_DAYS * DAY);
  const [list, engine, unanswered, holds] = await Promise.all([
    repo.centerCampaigns(ctx.db, workspaceId, now),
    engineCounts(ctx, workspaceId, CENTER_DAYS, now),
    repo.unansweredReplies(ctx.db, workspaceId, since),
    repo.activeHolds(ctx.db, workspaceId),
  ]);
  const counts = engine.counts;
  const byId = new Map(counts.map((c) => [c.campaign_id, c]));
  const total = counts.reduce((a, c) => ({ delivered: a.delivered + c.delivered, replies: a.replies + c.replies }), {
    delivered: 0,
    replies: 0,
  });
  const waits = await repo.dueWaitReasons(
    ctx.db,
    workspaceId,
    list.map((c) => c.id),
    now,
  );
  const inboxIds = [...new Set(list.flatMap((c) => c.inbox_ids ?? []))];
  const inboxRows = inboxIds.length ? await inboxesByIds(ctx, workspaceId, inboxIds) : [];
  const inboxById = new Map(inboxRows.map((i) => [i.id, i]));
  const workspaceHold = holds.find((h) => h.scope === "workspace");

  const out = list.map((c) => {
    const reasons: AttentionReason[] = [];
    const k = byId.get(c.id);
    const link = `/campaigns/${c.id}`;
    if (k && k.sent > 0) {
      const bounce = rate(k.bounces, k.sent);
      if ((bounce.rate ?? 0) > BOUNCE_LIMIT && k.sent >= MIN_N) {
        const sure = (bounce.low ?? 0) > BOUNCE_LIMIT;
        reasons.push({
          code: "high_bounce",
          weight: sure ? 3 : 2,
          title: sure ? "Bounce rate over 3 %" : "Bounce rate may be over 3 %",
          evidence: `Bounces ${interval(bounce)} of messages sent in the last ${CENTER_DAYS} days${sure ? "; the whole interval is above 3 %" : "; the interval still reaches below 3 %"}.`,
          link: `${link}?messages=sent`,
          rate: bounce,
          counts: { sent: k.sent, bounces: k.bounces },
        });
      }
      const restSent = total.delivered - k.delivered;
      const restReplies = total.replies - k.replies;
      const cmp = compare(k.replies, k.delivered, restReplies, restSent);
      if (cmp.verdict === "below") {
        const r = rate(k.replies, k.delivered);
        reasons.push({
          code: "low_reply",
          weight: 2,
          title: "Reply rate measurably below the workspace's",
          evidence: `Replies ${interval(r)} against ${pct(restSent ? restReplies / restSent : null)} on the workspace's other campaigns (${restReplies} of ${restSent}); z = ${cmp.z}, p = ${cmp.p_value}.`,
          link: `/campaign-intelligence/sequences?campaign_id=${c.id}`,
          rate: r,
          counts: { delivered: k.delivered, replies: k.replies, rest_delivered: restSent, rest_replies: restReplies },
        });
      }
    }
    const last = c.last_sent_at ? new Date(c.last_sent_at) : null;
    const launched = c.launched_at ? new Date(c.launched_at) : null;
    const quiet = last ? now.getTime() - last.getTime() > DAY : launched != null && now.getTime() - launched.getTime() > DAY;
    if (c.status === "active" && c.due_now > 0 && quiet) {
      const why = Object.fromEntries(waits.filter((w) => w.campaign_id === c.id).map((w) => [w.reason, w.n]));
      reasons.push({
        code: "stalled",
        weight: 3,
        title: "Stalled: leads are due but nothing went out in 24 h",
        evidence: `${c.due_now} leads due now; last send ${last ? last.toISOString() : "never"}. Why they wait: ${Object.entries(why)
          .map(([r, n]) => `${r.replaceAll("_", " ")} ${n}`)
          .join(", ")}.`,
        link,
        rate: null,
        counts: { due_now: c.due_now, ...why },
      });
    }
    const campaignHold = holds.find((h) => h.scope === "campaign" && h.target_id === c.id);
    const inboxHolds = holds.filter((h) => h.scope === "inbox" && (c.inbox_ids ?? []).includes(h.target_id));
    const hold = workspaceHold ?? campaignHold;
    if (hold || (inboxHolds.length > 0 && inboxHolds.length === (c.inbox_ids ?? []).length)) {
      const h = hold ?? inboxHolds[0]!;
      reasons.push({
        code: "held",
        weight: 3,
        title: "Held by the kill switch",
        evidence: `${h.scope === "workspace" ? "The whole workspace" : h.scope === "campaign" ? "This campaign" : "Every inbox of this campaign"} is held since ${iso(h.created_at)}: ${h.reason}.`,
        link: "/kill-switch",
        rate: null,
        counts: { holds: hold ? 1 : inboxHolds.length },
      });
    }
    const un = unanswered.find((u) => u.campaign_id === c.id);
    if (un && un.n > 0) {
      reasons.push({
        code: "unanswered_replies",
        weight: 2,
        title: "Replies not answered",
        evidence: `${un.n} replies in the last ${CENTER_DAYS} days got no email back from the team; the oldest came ${iso(un.oldest)}.`,
        link: `/campaign-intelligence/ai-analytics?campaign_id=${c.id}`,
        rate: null,
        counts: { unanswered: un.n },
      });
    }
    const bad = (c.inbox_ids ?? []).map((id) => inboxById.get(id)).filter((i) => i && (i.status !== "healthy" || i.imapError));
    if (bad.length) {
      reasons.push({
        code: "inbox_errors",
        weight: bad.some((i) => i!.status === "paused") ? 3 : 1,
        title: "Inbox errors",
        evidence: bad
          .map(
            (i) =>
              `${i!.email}: ${i!.status}${i!.statusReason ? ` (${i!.statusReason})` : ""}${i!.imapError ? `; reply polling failed: ${i!.imapError}` : ""}`,
          )
          .join("; "),
        link: "/inboxes",
        rate: null,
        counts: { inboxes: bad.length },
      });
    }
    const perDay = c.first_sends_7d / 7;
    if (c.status === "active" && perDay > 0 && c.fresh < 2 * perDay) {
      reasons.push({
        code: "running_out",
        weight: c.fresh === 0 ? 2 : 1,
        title: "About to run out of leads",
        evidence: `${c.fresh} new leads wait for their first email; the campaign started ${perDay.toFixed(1)} a day over the last 7 days (under two days left).`,
        link,
        rate: null,
        counts: { fresh: c.fresh, first_sends_7d: c.first_sends_7d },
      });
    }
    return {
      id: c.id,
      name: c.name,
      status: c.status as CampaignStatus,
      score: reasons.reduce((s, r) => s + r.weight, 0),
      reasons: reasons.sort((a, b) => b.weight - a.weight),
    };
  });
  return {
    window_days: CENTER_DAYS,
    checked: list.length,
    engine_computed_at: engine.computedAt,
    workspace_reply: rate(total.replies, total.delivered),
    campaigns: out.filter((c) => c.score > 0).sort((a, b) => b.score - a.score || a.name.localeCompare(b.name)),
    computed_at: now.toISOString(),
  };
}

// ---------- performance ----------

function rates(k: Omit<CampaignCounts, "campaign_id" | "name">): CiPerformanceRates {
  return {
    sent: k.sent,
    delivered: k.delivered,
    open: rate(k.opens, k.delivered),
    click: rate(k.clicks, k.delivered),
    reply: rate(k.replies, k.delivered),
    meeting: rate(k.meetings, k.delivered),
    bounce: rate(k.bounces, k.sent),
  };
}

export const encode = encodeKeyset;
export function decode(cursor: string): [string | number, string] {
  const key = decodeKeyset(cursor);
  if (key) return key;
  throw new AppError("CI_INVALID_CURSOR", undefined, { errors: [{ field: "cursor", message: "Not a cursor this list handed out" }] });
}

export async function performance(ctx: Ctx, workspaceId: string, q: CiPerformanceQuery, now = new Date()): Promise<CiPerformancePage> {
  const { counts, from, computedAt } = await engineCounts(ctx, workspaceId, q.days, now);
  const info = new Map(
    (
      await repo.campaignsByIds(
        ctx.db,
        workspaceId,
        counts.map((c) => c.campaign_id),
      )
    ).map((c) => [c.id, c]),
  );
  const zero = { sent: 0, delivered: 0, opens: 0, clicks: 0, replies: 0, bounces: 0, meetings: 0 };
  const sum = counts.reduce(
    (a, c) => ({
      sent: a.sent + c.sent,
      delivered: a.delivered + c.delivered,
      opens: a.opens + c.opens,
      clicks: a.clicks + c.clicks,
      replies: a.replies + c.replies,
      bounces: a.bounces + c.bounces,
      meetings: a.meetings + c.meetings,
    }),
    zero,
  );
  const rows: CiPerformanceRow[] = counts
    .filter((c) => info.has(c.campaign_id))
    .map((c) => {
      const vs = (x: keyof typeof sum, n: "sent" | "delivered") => compare(c[x], c[n], sum[x] - c[x], sum[n] - c[n]);
      const i = info.get(c.campaign_id)!;
      return {
        id: c.campaign_id,
        name: i.name,
        status: i.status as CampaignStatus,
        ...rates(c),
        vs_workspace: {
          open: vs("opens", "delivered"),
          click: vs("clicks", "delivered"),
          reply: vs("replies", "delivered"),
          meeting: vs("meetings", "delivered"),
          bounce: vs("bounces", "sent"),
        },
      };
    });
  const key = (r: CiPerformanceRow): string | number =>
    q.sort === "name" ? r.name.toLowerCase() : q.sort === "sent" ? r.sent : (r[q.sort.replace("_rate", "") as "open"].rate ?? 0);
  const dir = q.order === "asc" ? 1 : -1;
  const cmp = (a: [string | number, string], b: [string | number, string]) =>
    (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) * dir;
  rows.sort((a, b) => cmp([key(a), a.id], [key(b), b.id]));
  const after = q.cursor ? decode(q.cursor) : null;
  const rest = after ? rows.filter((r) => cmp([key(r), r.id], after) > 0) : rows;
  const items = rest.slice(0, q.limit);
  const lastItem = items.at(-1);
  return {
    days: q.days,
    since: `${from}T00:00:00.000Z`,
    workspace: rates(sum),
    items,
    next_cursor: rest.length > q.limit && lastItem ? encode(key(lastItem), lastItem.id) : null,
    total: rows.length,
    computed_at: computedAt,
  };
}
