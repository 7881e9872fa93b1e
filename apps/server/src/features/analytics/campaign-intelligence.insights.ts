/**
 * Campaign intelligence's other four answers (docs/analytics/campaign-intelligence.md): what
 * automation did and whether it helped, sequence steps, reply classes, and the workers acting now.
 * The shared figures (rate, compare, cursors) are in campaign-intelligence.service.ts.
 */
import type {
  AgentsState,
  AutomationEffect,
  AutomationEffectQuery,
  CampaignStatus,
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
import { isUuid } from "../../platform/ids.ts";
import { effectiveDailyLimit, inboxesByIds, inboxSendStats } from "../inboxes/index.ts";
import * as repo from "./campaign-intelligence.repository.ts";
import { REPLY_RULES, whyText } from "./campaign-intelligence.rules.ts";
import { compare, DAY, decode, encode, interval, iso, MIN_N, rate } from "./campaign-intelligence.service.ts";

type Ctx = AppContext;

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
    if (typeof at !== "string" || Number.isNaN(Date.parse(at)) || !isUuid(id)) {
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
