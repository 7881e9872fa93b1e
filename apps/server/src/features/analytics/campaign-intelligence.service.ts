/**
 * Campaign intelligence (docs/analytics/campaign-intelligence.md): the rules behind the six pages.
 * Figures come from the repository's counts; every rate gets its Wilson interval and every
 * comparison the two-proportion z-test from platform/stats.ts. Day boundaries are UTC.
 */
import type {
  AgentsState,
  AttentionCenter,
  AttentionReason,
  AutomationEffect,
  AutomationEffectQuery,
  CampaignStatus,
  CiComparison,
  CiPerformancePage,
  CiPerformanceQuery,
  CiPerformanceRates,
  CiPerformanceRow,
  CiRate,
  CiReplyClass,
  CiReplyIntel,
  CiReplyIntelQuery,
  CiReplyLatestPage,
  CiReplyLatestQuery,
  CiSequenceQuery,
  CiSequenceReport,
} from "@prospector/contracts";
import { CiReplyClass as ReplyClassEnum } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { twoProportionZTest, wilson } from "../../platform/stats.ts";
import { effectiveDailyLimit, inboxesByIds, inboxSendStats } from "../inboxes/index.ts";
import { runReport } from "./analytics.engine.ts";
import * as repo from "./campaign-intelligence.repository.ts";
import { REPLY_RULES, whyText } from "./campaign-intelligence.rules.ts";

type Ctx = AppContext;
const DAY = 86_400_000;
/** Below this many in either group a comparison says "too few to tell". */
export const MIN_N = 20;
/** The center's look-back for rates. */
export const CENTER_DAYS = 14;
export const BOUNCE_LIMIT = 0.03;

const iso = (v: Date | string | null | undefined): string | null => (v == null ? null : new Date(v).toISOString());
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
const interval = (r: CiRate) => `${pct(r.rate)} (${r.count} of ${r.n}; 95 % ${pct(r.low)}–${pct(r.high)})`;

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
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const to = day(now);
  const from = day(new Date(now.getTime() - (days - 1) * DAY));
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

const encode = (v: string | number, id: string) => Buffer.from(JSON.stringify([v, id])).toString("base64url");
function decode(cursor: string): [string | number, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(v) && v.length === 2 && (typeof v[0] === "string" || typeof v[0] === "number") && typeof v[1] === "string")
      return v as [string | number, string];
  } catch {}
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

// ---------- automation ----------

export async function automationEffect(
  ctx: Ctx,
  workspaceId: string,
  q: AutomationEffectQuery,
  now = new Date(),
): Promise<AutomationEffect> {
  const since = new Date(now.getTime() - q.days * DAY);
  const [owners, actions] = await Promise.all([
    repo.automationEffect(ctx.db, workspaceId, since, now),
    repo.automationActions(ctx.db, workspaceId, since, now),
  ]);
  return {
    days: q.days,
    since: since.toISOString(),
    computed_at: now.toISOString(),
    rules: owners.map((o) => ({
      owner: o.owner,
      kind: o.rule_id ? "rule" : "nurture",
      id: (o.rule_id ?? o.sequence_id ?? o.owner.split(":")[1]) as string,
      name: o.name ?? "(deleted)",
      runs: o.runs,
      failed_runs: o.failed_runs,
      leads_acted_on: o.leads,
      campaigns: o.campaigns,
      actions: Object.fromEntries(actions.filter((a) => a.owner === o.owner).map((a) => [a.type, a.n])),
      acted_reply: rate(o.acted_replied, o.leads),
      acted_meeting: rate(o.acted_met, o.leads),
      comparison_reply: rate(o.cmp_replied, o.cmp_leads),
      comparison_meeting: rate(o.cmp_met, o.cmp_leads),
      reply_effect: compare(o.acted_replied, o.leads, o.cmp_replied, o.cmp_leads),
      meeting_effect: compare(o.acted_met, o.leads, o.cmp_met, o.cmp_leads),
      last_run_at: iso(o.last_run_at),
    })),
  };
}

// ---------- sequences ----------

export async function sequences(ctx: Ctx, workspaceId: string, q: CiSequenceQuery): Promise<CiSequenceReport> {
  const all = await repo.sequenceCampaigns(ctx.db, workspaceId);
  const options = all.map((c) => ({ id: c.id, name: c.name, status: c.status as CampaignStatus, steps: c.steps?.length ?? 0 }));
  if (q.campaign_id && !all.some((c) => c.id === q.campaign_id)) throw new AppError("CI_CAMPAIGN_NOT_FOUND");
  const chosen = all.find((c) => c.id === q.campaign_id) ?? all[0];
  if (!chosen) return { campaigns: [], campaign: null, steps: [], weakest_step: null, weakest_reason: null };
  const [counts, exits] = await Promise.all([
    repo.stepCounts(ctx.db, workspaceId, chosen.id),
    repo.stepExits(ctx.db, workspaceId, chosen.id),
  ]);
  const stepCount = Math.max(chosen.steps?.length ?? 0, ...counts.map((c) => c.step + 1));
  const steps = Array.from({ length: stepCount }, (_, step) => {
    const vs = counts.filter((c) => c.step === step);
    const t = vs.reduce(
      (a, v) => ({
        reached: a.reached + v.reached,
        sent: a.sent + v.sent,
        replies: a.replies + v.replies,
        bounces: a.bounces + v.bounces,
        unsubscribes: a.unsubscribes + v.unsubscribes,
      }),
      { reached: 0, sent: 0, replies: 0, bounces: 0, unsubscribes: 0 },
    );
    const ex = (state: string) => exits.find((e) => e.step === step && e.state === state)?.n ?? 0;
    return {
      step,
      subject: chosen.steps?.[step]?.subject ?? null,
      ...t,
      reply: rate(t.replies, t.sent),
      left: {
        replied: ex("replied"),
        bounced: ex("bounced"),
        unsubscribed: ex("unsubscribed"),
        removed: ex("removed"),
        finished: ex("completed"),
        stopped: ex("stopped"),
      },
      waiting: ex("queued") + ex("in_progress"),
      variants: vs.map((v) => ({ variant: v.variant, sent: v.sent, replies: v.replies, reply: rate(v.replies, v.sent) })),
    };
  });
  const judged = steps.filter((s) => s.sent >= MIN_N);
  let weakest: number | null = null;
  let reason: string | null = null;
  if (judged.length >= 2) {
    const best = judged.reduce((a, b) => ((b.reply.low ?? 0) > (a.reply.low ?? 0) ? b : a));
    const worst = judged.reduce((a, b) => ((b.reply.rate ?? 0) < (a.reply.rate ?? 0) ? b : a));
    if (worst.step !== best.step && (worst.reply.high ?? 1) < (best.reply.low ?? 0)) {
      weakest = worst.step;
      reason = `Step ${worst.step + 1} earns ${interval(worst.reply)}; step ${best.step + 1} earns ${interval(best.reply)}: the intervals do not overlap.`;
    } else {
      reason = "No step is measurably weaker than the best one: their 95 % intervals overlap.";
    }
  } else {
    reason = `Too few to tell: fewer than two steps have ${MIN_N} or more sends.`;
  }
  return { campaigns: options, campaign: options.find((o) => o.id === chosen.id)!, steps, weakest_step: weakest, weakest_reason: reason };
}

// ---------- replies ----------

export async function replyIntel(ctx: Ctx, workspaceId: string, q: CiReplyIntelQuery, now = new Date()): Promise<CiReplyIntel> {
  const since = new Date(now.getTime() - q.days * DAY);
  const counts = await repo.replyClassCounts(ctx.db, workspaceId, since, now, q.campaign_id);
  const names = new Map(
    (await repo.campaignsByIds(ctx.db, workspaceId, [...new Set(counts.map((c) => c.campaign_id))])).map((c) => [c.id, c.name]),
  );
  const classes = ReplyClassEnum.options;
  const shares = (rows: repo.ClassCountRow[]) => {
    const n = rows.reduce((s, r) => s + r.n, 0);
    return classes.map((cls) => ({
      class: cls,
      share: rate(
        rows.filter((r) => r.class === cls).reduce((s, r) => s + r.n, 0),
        n,
      ),
    }));
  };
  const groups = new Map<string, repo.ClassCountRow[]>();
  for (const c of counts) {
    const k = `${c.campaign_id}|${c.step ?? ""}`;
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  const byCampaign = [...groups.entries()].map(([k, rows]) => {
    const [id, step] = k.split("|");
    return {
      id: id!,
      name: names.get(id!) ?? "(deleted)",
      step: step === "" ? null : Number(step),
      total: rows.reduce((s, r) => s + r.n, 0),
      classes: shares(rows),
    };
  });
  byCampaign.sort((a, b) => a.name.localeCompare(b.name) || (a.step ?? -1) - (b.step ?? -1));
  const weeks = new Map<string, Record<string, number>>();
  for (const t of counts) {
    const w = weeks.get(t.week) ?? {};
    w[t.class] = (w[t.class] ?? 0) + t.n;
    weeks.set(t.week, w);
  }
  return {
    days: q.days,
    since: since.toISOString(),
    total: counts.reduce((s, r) => s + r.n, 0),
    classes: shares(counts),
    by_campaign: byCampaign,
    trend: [...weeks.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([week, c]) => ({ week, counts: c })),
    rules: REPLY_RULES.map((r) => ({ id: r.id, class: r.class, description: r.description })),
  };
}

export async function latestReplies(ctx: Ctx, workspaceId: string, q: CiReplyLatestQuery, now = new Date()): Promise<CiReplyLatestPage> {
  let after: { at: string; id: string } | undefined;
  if (q.cursor) {
    const [at, id] = decode(q.cursor);
    if (typeof at !== "string" || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/i.test(id)) {
      throw new AppError("CI_INVALID_CURSOR", undefined, { errors: [{ field: "cursor", message: "Not a cursor this list handed out" }] });
    }
    after = { at, id };
  }
  const rows = await repo.latestReplies(ctx.db, workspaceId, {
    since: new Date(now.getTime() - q.days * DAY),
    now,
    cls: q.class,
    campaignId: q.campaign_id,
    after,
    limit: q.limit,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      occurred_at: iso(r.occurred_at)!,
      campaign_id: r.campaign_id,
      campaign_name: r.campaign_name,
      step: r.step,
      lead_id: r.lead_id,
      from: (r.detail?.from as string | undefined) ?? null,
      subject: (r.detail?.subject as string | undefined) ?? null,
      snippet: (r.detail?.snippet as string | undefined) ?? null,
      class: r.cls as CiReplyClass,
      why: whyText(r.rule, r.detail),
    })),
    next_cursor: rows.length > q.limit && last ? encode(iso(last.occurred_at)!, last.id) : null,
  };
}

// ---------- agents ----------

export async function agents(ctx: Ctx, workspaceId: string, now = new Date()): Promise<AgentsState> {
  const [camps, bandit, nurture, summary, holds, inboxList, usage] = await Promise.all([
    repo.agentCampaigns(ctx.db, workspaceId, now),
    repo.banditState(ctx.db, workspaceId),
    repo.nurtureByCampaign(ctx.db, workspaceId),
    repo.automationSummary(ctx.db, workspaceId, now),
    repo.activeHolds(ctx.db, workspaceId),
    repo.workspaceInboxes(ctx.db, workspaceId),
    repo.inboxUsage(ctx.db, workspaceId),
  ]);
  const waits = await repo.dueWaitReasons(
    ctx.db,
    workspaceId,
    camps.map((c) => c.id),
    now,
  );
  const ids = inboxList.map((i) => i.id);
  const [full, stats] = ids.length
    ? await Promise.all([inboxesByIds(ctx, workspaceId, ids), inboxSendStats(ctx, ids, now)])
    : [[], new Map()];
  const fullById = new Map(full.map((i) => [i.id, i]));
  const hold = (h: repo.HoldRow) => ({ scope: h.scope, target: h.target_label, reason: h.reason, since: iso(h.created_at)! });
  return {
    campaigns: camps.map((c) => ({
      id: c.id,
      name: c.name,
      status: c.status as CampaignStatus,
      sender: {
        in_sequence: c.in_sequence,
        due_now: c.due_now,
        next_send_at: iso(c.next_send_at),
        last_sent_at: iso(c.last_sent_at),
        sent_today: c.sent_today,
        wait_reasons: Object.fromEntries(waits.filter((w) => w.campaign_id === c.id).map((w) => [w.reason, w.n])),
      },
      bandit: bandit
        .filter((b) => b.campaign_id === c.id)
        .map((b) => ({ step: b.step, mode: b.mode, winner: b.winner, weights: b.weights, weights_at: iso(b.weights_at) })),
      nurture: (() => {
        const n = nurture.find((x) => x.campaign_id === c.id);
        return n ? { name: n.name, enabled: n.enabled, active_enrollments: n.active } : null;
      })(),
      automation_runs_24h: c.runs_24h,
      holds: holds
        .filter(
          (h) =>
            h.scope === "workspace" ||
            (h.scope === "campaign" && h.target_id === c.id) ||
            (h.scope === "inbox" && (c.inbox_ids ?? []).includes(h.target_id)),
        )
        .map(hold),
    })),
    inboxes: inboxList.map((i) => {
      const row = fullById.get(i.id);
      return {
        id: i.id,
        email: i.email,
        kind: i.kind,
        status: i.status,
        status_reason: i.status_reason,
        sent_today: stats.get(i.id)?.sentToday ?? 0,
        daily_cap: row ? effectiveDailyLimit(row, now) : 0,
        last_sent_at: iso(i.last_sent_at),
        last_polled_at: iso(i.imap_last_polled_at),
        poll_error: i.imap_error,
        campaigns: usage.find((u) => u.inbox_id === i.id)?.campaigns ?? 0,
      };
    }),
    automation: { ...summary, last_run_at: iso(summary.last_run_at) },
    holds: holds.map(hold),
    computed_at: now.toISOString(),
  };
}
