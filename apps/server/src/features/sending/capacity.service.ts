/**
 * Capacity planning: the workspace's queued volume (every running lead's remaining steps) against
 * its inboxes' capacity (daily limits, warm-up day by day, minimum gap, each campaign's sending
 * days and hours, paused inboxes and kill-switch holds) → the day each campaign finishes, and a
 * calculator for how many inboxes a deadline needs (capacity.simulate.ts does the days).
 */
import {
  CAPACITY_BOTTLENECK_TEXT,
  type CapacityBottleneck,
  type CapacityCalcQuery,
  type CapacityCalcResult,
  type CapacityPlan,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import type { CampaignRow } from "../campaigns/index.ts";
import { effectiveDailyLimit, type InboxRow, inboxesByIds, inboxSendStats } from "../inboxes/index.ts";
import * as repo from "./capacity.repository.ts";
import { localDate, type SimCampaign, type SimInbox, simulate } from "./capacity.simulate.ts";
import { campaignHold, loadHeldSet } from "./holds.gate.ts";

type Ctx = Pick<AppContext, "db" | "hooks">;

export const HORIZON_DAYS = 365;
const PLAN_DAYS = 60;
const DAY = 86_400_000;

export const ASSUMPTIONS = [
  "Days run 24 hours from now; an inbox's daily limit counts the last 24 hours, so today's capacity is what is left of it.",
  "Each inbox sends at most its daily limit, following its warm-up ramp day by day (start + days since warm-up began × increase, up to the limit).",
  "With a minimum gap, an inbox sends at most one email per gap within the longest sending window open that day.",
  "A campaign sends only on its schedule's days and hours, in its time zone; a scheduled campaign starts at its start time.",
  "Inboxes shared by several campaigns are split evenly among those with emails due (what one cannot use goes to the others), as the sender's passes interleave them.",
  "Each sent step makes the lead's next step due after the step's delay.",
  "Replies, bounces and unsubscribes end sequences early in reality; they are not predicted, so a finish date is the latest it should be.",
  "Paused campaigns and anything stopped by the kill switch send nothing until resumed; paused and held inboxes count for nothing.",
  `The plan looks ${HORIZON_DAYS} days ahead.`,
];

function simInbox(row: InboxRow, sentToday: number, usable: boolean, now: Date): SimInbox {
  return {
    id: row.id,
    dailyLimit: row.dailyLimit,
    minGapSeconds: row.minGapSeconds,
    usable,
    sentToday,
    limitOn: (day) => effectiveDailyLimit(row, new Date(now.getTime() + day * DAY)),
  };
}

function simCampaign(c: CampaignRow, cohorts: repo.CohortRow[], blocked: CapacityBottleneck | null, now: Date): SimCampaign {
  return {
    id: c.id,
    schedule: c.schedule,
    delays: c.steps.map((s) => s.delay_days),
    inboxIds: c.inboxIds,
    cohorts: cohorts.map((k) => ({ step: k.step, due: k.due ? new Date(k.due) : now, count: k.n })),
    blocked,
  };
}

async function loadWorld(ctx: Ctx, workspaceId: string, now: Date, only?: string) {
  const campaigns = await repo.runningCampaigns(ctx.db, workspaceId, only);
  const ids = campaigns.map((c) => c.id);
  const inboxIds = [...new Set(campaigns.flatMap((c) => c.inboxIds))];
  const [cohorts, inboxes, stats, held] = await Promise.all([
    repo.cohorts(ctx.db, workspaceId, ids, now),
    inboxesByIds(ctx, workspaceId, inboxIds),
    inboxSendStats(ctx, inboxIds, now),
    loadHeldSet(ctx.db, workspaceId),
  ]);
  const byCampaign = new Map<string, repo.CohortRow[]>();
  for (const k of cohorts) byCampaign.set(k.campaign_id, [...(byCampaign.get(k.campaign_id) ?? []), k]);
  return { campaigns, byCampaign, inboxes, stats, held };
}

export async function capacityPlan(ctx: Ctx, workspaceId: string, now = new Date()): Promise<CapacityPlan> {
  const { campaigns, byCampaign, inboxes, stats, held } = await loadWorld(ctx, workspaceId, now);
  const simInboxes = inboxes.map((i) =>
    simInbox(i, stats.get(i.id)?.sentToday ?? 0, i.status !== "paused" && !held.inboxes.has(i.id), now),
  );
  const sims = campaigns.map((c) =>
    simCampaign(c, byCampaign.get(c.id) ?? [], campaignHold(held, c.id) ? "held" : c.status === "paused" ? "paused" : null, now),
  );
  const results = simulate(sims, simInboxes, now, { horizonDays: HORIZON_DAYS, planDays: PLAN_DAYS });
  const usableById = new Map(simInboxes.map((i) => [i.id, i]));
  const campaignsPer = new Map<string, number>();
  for (const c of campaigns) for (const id of c.inboxIds) campaignsPer.set(id, (campaignsPer.get(id) ?? 0) + 1);

  return {
    generated_at: now.toISOString(),
    horizon_days: HORIZON_DAYS,
    campaigns: campaigns.map((c) => {
      const r = results.get(c.id);
      const perStep = new Map<number, number>();
      // Every lead waiting for step k still needs steps k…last.
      for (const k of byCampaign.get(c.id) ?? []) {
        for (let s = k.step; s < c.steps.length; s++) perStep.set(s, (perStep.get(s) ?? 0) + k.n);
      }
      const bottleneck = r?.bottleneck ?? "none";
      return {
        campaign_id: c.id,
        name: c.name,
        status: c.status,
        queued_messages: r?.messages ?? 0,
        per_step: [...perStep.entries()].sort((a, b) => a[0] - b[0]).map(([step, messages]) => ({ step: step + 1, messages })),
        inbox_count: c.inboxIds.filter((id) => usableById.has(id)).length,
        daily_capacity_today: c.inboxIds.reduce((n, id) => {
          const i = usableById.get(id);
          return n + (i?.usable ? Math.max(0, i.limitOn(0, now) - i.sentToday) : 0);
        }, 0),
        finish_date: r?.finishDate ?? null,
        sending_days: r?.sendingDays ?? 0,
        bottleneck,
        bottleneck_text: CAPACITY_BOTTLENECK_TEXT[bottleneck],
        daily_plan: r?.plan ?? [],
      };
    }),
    inboxes: inboxes.map((i) => {
      const today = effectiveDailyLimit(i, now);
      let fullOn: string | null = null;
      if (i.warmupEnabled && today < i.dailyLimit && i.warmupIncreasePerDay > 0) {
        const started = (i.warmupStartedAt ?? i.createdAt).getTime();
        const days = Math.ceil((i.dailyLimit - i.warmupStartPerDay) / i.warmupIncreasePerDay);
        fullOn = localDate(new Date(started + days * DAY), "UTC");
      }
      return {
        inbox_id: i.id,
        email: i.kind === "local" ? "Local mailbox (test only)" : i.email,
        status: i.status,
        held: held.inboxes.has(i.id) || held.workspace !== null,
        daily_limit: i.dailyLimit,
        limit_today: today,
        warmup_full_on: fullOn,
        min_gap_seconds: i.minGapSeconds,
        campaigns: campaignsPer.get(i.id) ?? 0,
      };
    }),
    assumptions: ASSUMPTIONS,
  };
}

/**
 * "To finish campaign X (or all) by <date>, you need N inboxes at cap C": the campaigns' queued
 * volume on N new, fully warmed inboxes of their own (cap C, the given gap), as if nothing were
 * paused or held; the smallest N whose finish is on or before the deadline in each campaign's time zone.
 */
export async function capacityCalculator(
  ctx: Ctx,
  workspaceId: string,
  q: CapacityCalcQuery,
  now = new Date(),
): Promise<CapacityCalcResult> {
  const { campaigns, byCampaign, inboxes, held } = await loadWorld(ctx, workspaceId, now, q.campaign_id);
  if (q.campaign_id && campaigns.length === 0)
    throw new AppError("CAMPAIGN_NOT_FOUND", "No running campaign with this id in the workspace");
  if (q.deadline <= localDate(now, "UTC"))
    throw new AppError("CAPACITY_DEADLINE_PASSED", undefined, { errors: [{ field: "deadline", message: "Pick a day after today" }] });
  const ids = campaigns.map((c) => c.id);
  const POOL = "pool";
  // N identical inboxes used by every campaign here behave as one inbox with N times the capacity.
  const finishWith = (n: number, cap: number) => {
    const pool: SimInbox = {
      id: POOL,
      dailyLimit: n * cap,
      minGapSeconds: 0,
      usable: true,
      sentToday: 0,
      limitOn: () => n * cap,
    };
    const sims = campaigns.map((c) => ({ ...simCampaign(c, byCampaign.get(c.id) ?? [], null, now), inboxIds: [POOL] }));
    const results = simulate(sims, [pool], now, { horizonDays: HORIZON_DAYS, planDays: 0 });
    const dates = [...results.values()].filter((r) => r.messages > 0).map((r) => r.finishDate);
    if (dates.some((d) => d === null)) return null;
    return (dates as string[]).sort().at(-1) ?? null;
  };
  // With a gap, one inbox sends at most one email per gap in the campaigns' longest window: that caps C.
  const perInbox = q.min_gap_seconds > 0 ? Math.min(q.cap, maxSendsPerDay(campaigns, q.min_gap_seconds)) : q.cap;
  const queued = campaigns.reduce(
    (n, c) => n + (byCampaign.get(c.id) ?? []).reduce((m, k) => m + k.n * Math.max(0, c.steps.length - k.step), 0),
    0,
  );
  const usableNow = new Set(
    campaigns.flatMap((c) => c.inboxIds).filter((id) => inboxes.some((i) => i.id === id && i.status !== "paused" && !held.inboxes.has(id))),
  ).size;
  const base = { deadline: q.deadline, cap: q.cap, campaign_ids: ids, queued_messages: queued, inboxes_now: usableNow };
  if (queued === 0) {
    return {
      ...base,
      inboxes_needed: 0,
      finish_date: null,
      earliest_possible: null,
      explanation: "Nothing is queued: no inbox is needed.",
    };
  }
  const earliest = finishWith(1, Math.max(queued, 1));
  const meets = (d: string | null) => d !== null && d <= q.deadline;
  if (!meets(earliest) || perInbox <= 0) {
    return {
      ...base,
      inboxes_needed: null,
      finish_date: null,
      earliest_possible: earliest,
      explanation: earliest
        ? `Even with unlimited inboxes the sequence's delays and sending windows end on ${earliest}, after the deadline.`
        : "These campaigns have no sending day within the planning horizon (check their schedules).",
    };
  }
  let hi = 1;
  while (!meets(finishWith(hi, perInbox)) && hi < 100_000) hi *= 2;
  let lo = Math.max(1, Math.floor(hi / 2));
  if (meets(finishWith(lo, perInbox))) hi = lo;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (meets(finishWith(mid, perInbox))) hi = mid;
    else lo = mid + 1;
  }
  const finish = finishWith(hi, perInbox);
  const gapNote = perInbox < q.cap ? ` (the ${q.min_gap_seconds}-second gap allows ${perInbox} a day per inbox)` : "";
  return {
    ...base,
    inboxes_needed: hi,
    finish_date: finish,
    earliest_possible: earliest,
    explanation: `${hi} inbox${hi === 1 ? "" : "es"} at ${q.cap} a day${gapNote} send the ${queued.toLocaleString("en-US")} queued emails by ${finish}; ${usableNow} usable inbox${usableNow === 1 ? "" : "es"} send for ${ids.length === 1 ? "this campaign" : "these campaigns"} now.`,
  };
}

/** Sends one inbox can make in a day with this gap, in the longest daily window of these campaigns. */
function maxSendsPerDay(campaigns: CampaignRow[], gapSeconds: number): number {
  const minutes = (s: string) => {
    const [h, m] = s.split(":").map(Number);
    return (h ?? 0) * 60 + (m ?? 0);
  };
  const longest = Math.max(0, ...campaigns.map((c) => minutes(c.schedule.end) - minutes(c.schedule.start)));
  return Math.floor((longest * 60) / gapSeconds);
}
