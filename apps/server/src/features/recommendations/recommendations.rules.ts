/**
 * The rules that turn the workspace's own evidence into recommendations. Each rule fires only on
 * a difference a two-proportion z-test finds at 95 %, so noise advises nothing:
 * - ab_winner: an A/B step whose winner is significant (sending's own verdict) and not declared yet;
 * - send_window: the best recipient-local block of hours beats the other hours, and a campaign
 *   that can still change its schedule sends outside it;
 * - segment_stop: a lead segment of a campaign got no reply in SEGMENT_MIN_SENDS sends or more while
 *   the campaign's other leads reply, and some of its leads are still to be mailed.
 * The key of a candidate names what it is about, so the same advice is the same row.
 */
import type {
  RecommendationEffect,
  RecommendationFigure,
  RecommendationKind,
  RecommendationTarget,
  RecommendationTest,
  SendTimeBlock,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { twoProportionZTest, wilson } from "../../platform/stats.ts";
import { sendTimeInsights } from "../send-insights/index.ts";
import { listExperiments } from "../sending/index.ts";
import * as repo from "./recommendations.repository.ts";
import type { RecommendationAction } from "./recommendations.table.ts";

type Ctx = AppContext;
const DAY_MS = 86_400_000;

/** The evidence window. */
export const EVIDENCE_DAYS = 90;
/** Send-window blocks are this long (hours). */
export const WINDOW_BLOCK_HOURS = 4;
/** A segment needs at least this many sends without a reply before stopping it is advised. */
export const SEGMENT_MIN_SENDS = 40;
export const SEGMENT_DIMENSIONS: repo.Dimension[] = ["industry", "seniority", "department", "provider"];

export interface Candidate {
  kind: RecommendationKind;
  key: string;
  title: string;
  rationale: string;
  target: RecommendationTarget;
  figures: RecommendationFigure[];
  test: RecommendationTest | null;
  source: string;
  expected: RecommendationEffect;
  action: RecommendationAction;
  permission: string;
  actionText: string;
}

const LABELS = "ABCDEFGHIJ";
const pct = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)} %`);
const r1 = (x: number) => Math.round(x * 10) / 10;
const fig = (label: string, sends: number, replies: number): RecommendationFigure => ({
  label,
  sends,
  replies,
  estimate: wilson(replies, sends),
});

/** Replies per month gained when `monthlySends` go at `better` instead of `worse`, with the range from both intervals. */
export function effect(
  monthlySends: number,
  better: RecommendationFigure,
  worse: RecommendationFigure,
  basis: string,
): RecommendationEffect {
  const b = better.estimate;
  const w = worse.estimate;
  return {
    replies_per_month: r1(monthlySends * ((b.rate ?? 0) - (w.rate ?? 0))),
    low: r1(monthlySends * ((b.low ?? 0) - (w.high ?? 0))),
    high: r1(monthlySends * ((b.high ?? 0) - (w.low ?? 0))),
    basis,
  };
}

const zTest = (name: string, control: RecommendationFigure, variant: RecommendationFigure): RecommendationTest => {
  const t = twoProportionZTest(control.replies, control.sends, variant.replies, variant.sends);
  return { name, z: t.z, p_value: t.p_value };
};

async function monthlySends(ctx: Ctx, ws: string, campaignId: string, step: number | null, now: Date): Promise<number> {
  return (await repo.campaignRate(ctx.db, ws, campaignId, step, new Date(now.getTime() - 30 * DAY_MS), now)).sends;
}

export async function abWinnerRule(ctx: Ctx, ws: string, now: Date): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (let page = 1; page <= 10; page++) {
    const list = await listExperiments(ctx, ws, { status: "winner", page, per_page: 100 });
    for (const e of list.experiments) {
      if (e.declared_winner !== null || e.winner === null || e.metric !== "reply") continue;
      if (e.campaign_status === "stopped" || e.campaign_status === "completed") continue;
      const figures = e.variants.map((v) => fig(`Variant ${v.label} (${v.subject || "same subject"})`, v.sent, v.replied));
      const win = figures[e.winner] as RecommendationFigure;
      const others = e.variants.filter((_, i) => i !== e.winner);
      const rest = fig(
        "The other variants together",
        others.reduce((n, v) => n + v.sent, 0),
        others.reduce((n, v) => n + v.replied, 0),
      );
      const volume = await monthlySends(ctx, ws, e.campaign_id, e.step - 1, now);
      const label = LABELS[e.winner] ?? String(e.winner);
      out.push({
        kind: "ab_winner",
        key: `${e.campaign_id}:${e.step}`,
        title: `Declare variant ${label} the winner of step ${e.step} in "${e.campaign_name}"`,
        rationale: `Variant ${label} replies at ${pct(win.estimate.rate)} (95 % ${pct(win.estimate.low)}–${pct(win.estimate.high)}), the other variants at ${pct(rest.estimate.rate)}; the difference is significant (p = ${e.p_value ?? "–"}). Every further send of the step can go to it.`,
        target: { type: "campaign_step", campaign_id: e.campaign_id, campaign_name: e.campaign_name, step: e.step },
        figures: [...figures, rest],
        test: { name: "Two-proportion z-test, winner against variant A (the A/B test's own verdict)", z: null, p_value: e.p_value },
        source: "A/B test of the step: delivered sends and human replies per variant (sending feature).",
        expected: effect(
          volume,
          win,
          rest,
          `At the step's last 30 days' volume (${volume} sends) moving from the other variants' rate to the winner's.`,
        ),
        action: { kind: "ab_winner", campaignId: e.campaign_id, step: e.step, variant: e.winner },
        permission: "campaigns:update",
        actionText: `Declares variant ${label} the winner: all further sends of step ${e.step} go to it (the A/B test records it on the campaign).`,
      });
    }
    if (page * 100 >= list.total) break;
  }
  return out;
}

const hh = (h: number) => (h >= 24 ? "23:59" : `${String(h).padStart(2, "0")}:00`);
const DAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
export const describeBlock = (b: Pick<SendTimeBlock, "days" | "start_hour" | "end_hour">) =>
  `${b.days.map((d) => DAY_NAMES[d]).join(", ")} ${hh(b.start_hour)}–${hh(b.end_hour)}`;

export async function sendWindowRule(ctx: Ctx, ws: string, now: Date): Promise<Candidate[]> {
  const insights = await sendTimeInsights(ctx, ws, { days: EVIDENCE_DAYS, metric: "reply", block_hours: WINDOW_BLOCK_HOURS }, now);
  const best = insights.best;
  if (!best) return [];
  const inside = fig(`Inside ${describeBlock(best)} (recipient-local)`, best.sends, best.successes);
  const outside = fig("All other hours", insights.totals.sends - best.sends, insights.totals.replied - best.successes);
  const test = zTest("Two-proportion z-test, best block against all other hours", outside, inside);
  if (test.p_value === null || test.p_value >= 0.05 || (inside.estimate.rate ?? 0) <= (outside.estimate.rate ?? 0)) return [];
  const out: Candidate[] = [];
  const days = [...best.days].sort().join(",");
  for (const c of await repo.editableCampaigns(ctx.db, ws)) {
    const s = c.schedule;
    const same = [...s.days].sort().join(",") === days && s.start === hh(best.start_hour) && s.end === hh(best.end_hour);
    if (same) continue;
    const volume = await monthlySends(ctx, ws, c.id, null, now);
    out.push({
      kind: "send_window",
      key: `${c.id}:${days}:${best.start_hour}-${best.end_hour}`,
      title: `Send "${c.name}" on ${describeBlock(best)}`,
      rationale: `Across the workspace's last ${EVIDENCE_DAYS} days, emails that reached recipients ${describeBlock(best)} their time replied at ${pct(inside.estimate.rate)} (95 % ${pct(inside.estimate.low)}–${pct(inside.estimate.high)}), the other hours at ${pct(outside.estimate.rate)}. The campaign sends ${s.days.map((d) => DAY_NAMES[d]).join(", ")} ${s.start}–${s.end} (${s.timezone}).`,
      target: { type: "campaign", campaign_id: c.id, campaign_name: c.name, step: null },
      figures: [inside, outside],
      test,
      source: `Send-insights: delivered sends per recipient-local weekday and hour, human replies (${insights.from.slice(0, 10)} to ${insights.to.slice(0, 10)}, UTC).`,
      expected: effect(
        volume,
        inside,
        outside,
        volume
          ? `At the campaign's last 30 days' volume (${volume} sends), all moved into the block.`
          : "The campaign sent nothing in the last 30 days: the gain scales with its volume (shown at 0 sends).",
      ),
      action: { kind: "send_window", campaignId: c.id, days: EVIDENCE_DAYS, blockHours: WINDOW_BLOCK_HOURS },
      permission: "campaigns:update",
      actionText: `Sets the campaign's sending window to ${describeBlock(best)} in its schedule's time zone (send-insights' apply-to-campaign).`,
    });
  }
  return out;
}

export async function segmentStopRule(ctx: Ctx, ws: string, now: Date): Promise<Candidate[]> {
  const w = { workspaceId: ws, from: new Date(now.getTime() - EVIDENCE_DAYS * DAY_MS), to: now };
  const out: Candidate[] = [];
  for (const dimension of SEGMENT_DIMENSIONS) {
    const rows = await repo.campaignSegmentCounts(ctx.db, w, dimension);
    const byCampaign = new Map<string, repo.CampaignSegmentRow[]>();
    for (const r of rows) byCampaign.set(r.campaign_id, [...(byCampaign.get(r.campaign_id) ?? []), r]);
    for (const [campaignId, list] of byCampaign) {
      const sends = list.reduce((n, r) => n + r.sends, 0);
      const replies = list.reduce((n, r) => n + r.replies, 0);
      for (const seg of list) {
        if (!seg.value || seg.replies > 0 || seg.sends < SEGMENT_MIN_SENDS) continue;
        const segment = fig(`${dimension} = ${seg.value}`, seg.sends, 0);
        const rest = fig("The campaign's other leads", sends - seg.sends, replies);
        const test = zTest("Two-proportion z-test, segment against the campaign's other leads", rest, segment);
        if (test.p_value === null || test.p_value >= 0.05) continue;
        const members = await repo.segmentMembers(ctx.db, ws, campaignId, dimension, seg.value);
        if (!members.length) continue;
        const [c] = await repo.campaignsByIds(ctx.db, ws, [campaignId]);
        if (!c) continue;
        const volume = Math.round((seg.sends * 30) / EVIDENCE_DAYS);
        out.push({
          kind: "segment_stop",
          key: `${campaignId}:${dimension}:${seg.value}`,
          title: `Stop mailing ${dimension} "${seg.value}" in "${c.name}"`,
          rationale: `${seg.sends} emails to leads with ${dimension} "${seg.value}" got no reply (95 % up to ${pct(segment.estimate.high)}), while the campaign's other leads reply at ${pct(rest.estimate.rate)}. ${members.length} of them are still to be mailed.`,
          target: { type: "campaign", campaign_id: campaignId, campaign_name: c.name, step: null },
          figures: [segment, rest],
          test,
          source: `Delivered campaign emails and human replies of the campaign, last ${EVIDENCE_DAYS} days, by the lead's ${dimension}.`,
          expected: effect(
            volume,
            rest,
            segment,
            `If the segment's ~${volume} sends a month go to the campaign's other leads instead (the daily limits stay).`,
          ),
          action: { kind: "segment_stop", campaignId, dimension, value: seg.value },
          permission: "campaigns:update",
          actionText: `Removes the segment's ${members.length} leads still queued or in progress from the campaign (their history stays).`,
        });
      }
    }
  }
  return out;
}

export const RULES = [abWinnerRule, sendWindowRule, segmentStopRule] as const;
