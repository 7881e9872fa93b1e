/**
 * Causal analytics (/ai-tools/causal-analytics, docs/ai/experiments.md): did a change cause more
 * replies, and by how much, from the workspace's own sends. Two designs: (a) a step's A/B variants,
 * randomized by the sender, so the difference in reply rate is causal (Wald 95 % interval, z-test);
 * (b) a change at a date, not randomized: the campaign's before/after against the workspace's other
 * campaigns over the same days (difference in differences), with a seeded bootstrap interval.
 */
import type {
  CausalAbQuery,
  CausalAbResult,
  CausalCell,
  CausalChangeQuery,
  CausalChangeResult,
  CausalEffect,
  CausalOptions,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { seededRandom } from "../../platform/seeded-random.ts";
import { twoProportionZTest } from "../../platform/stats.ts";
import { DAY_MS, isoDay } from "../../platform/utc-days.ts";
import { loadCampaign } from "../campaigns/index.ts";
import { getExperiment } from "../sending/index.ts";
import * as repo from "./causal.repository.ts";
import { binomialDraw, differenceInterval, quantileSorted } from "./experiments.math.ts";

type Ctx = Pick<AppContext, "db">;

/** Below this many sends in an arm (a/b) or a cell (before/after × campaign/others) the page says "not enough data". */
export const MIN_SENDS = 50;
export const RESAMPLES = 2000;
const pp = (x: number | null) => (x === null ? null : Math.round(x * 10_000) / 100);
const cell = (c: { sent: number; replied: number }): CausalCell => ({
  sent: c.sent,
  replied: c.replied,
  rate: c.sent ? Math.round((c.replied / c.sent) * 10_000) / 100 : null,
});

export async function causalOptions(ctx: Ctx, workspaceId: string): Promise<CausalOptions> {
  const rows = await repo.recentCampaigns(ctx.db, workspaceId, 200);
  const days = await repo.activityDays(
    ctx.db,
    rows.map((r) => r.id),
    20,
  );
  return {
    campaigns: rows.map((c) => {
      const seen = new Set<string>();
      const changes: { day: string; message: string }[] = [];
      for (const d of days) {
        const day = isoDay(d.at);
        if (d.campaignId !== c.id || seen.has(day) || changes.length >= 20) continue;
        seen.add(day);
        changes.push({ day, message: d.message });
      }
      return { id: c.id, name: c.name, ab_steps: c.steps.flatMap((s, i) => (s.variants.length > 0 ? [i + 1] : [])), changes };
    }),
  };
}

export async function abUplift(ctx: Ctx, workspaceId: string, q: CausalAbQuery): Promise<CausalAbResult> {
  const c = await loadCampaign(ctx, workspaceId, q.campaign_id);
  if ((c.steps[q.step - 1]?.variants.length ?? 0) === 0) throw new AppError("CAUSAL_STEP_NOT_RANDOMIZED");
  const e = await getExperiment(ctx, workspaceId, c.id, q.step);
  const a = e.variants[0] as (typeof e.variants)[number];
  const effect = (v: typeof a): CausalEffect => {
    const enough = a.sent >= MIN_SENDS && v.sent >= MIN_SENDS;
    const isControl = v.variant === 0;
    const d = differenceInterval(a.replied, a.sent, v.replied, v.sent);
    const test = twoProportionZTest(a.replied, a.sent, v.replied, v.sent);
    return {
      variant: v.variant,
      label: v.label,
      subject: v.subject,
      cell: cell(v),
      uplift: enough && !isControl ? pp(d.diff) : null,
      low: enough && !isControl ? pp(d.low) : null,
      high: enough && !isControl ? pp(d.high) : null,
      p_value: enough && !isControl ? test.p_value : null,
      significant: enough && !isControl && test.significant,
      enough_data: enough,
    };
  };
  const effects = e.variants.slice(1).map(effect);
  const enough = effects.some((x) => x.enough_data);
  const best = effects.filter((x) => x.uplift !== null).sort((x, y) => (y.uplift as number) - (x.uplift as number))[0];
  const explanation = !enough
    ? `Not enough data: each arm needs at least ${MIN_SENDS} sends (A has ${a.sent}; ${effects.map((x) => `${x.label} ${x.cell.sent}`).join(", ")}).`
    : best
      ? `Variant ${best.label} against A: ${signed(best.uplift)} points of reply rate (95 % CI ${best.low} to ${best.high}, p = ${best.p_value}). ` +
        (best.significant
          ? "The interval excludes 0: the variant caused the difference."
          : "The interval includes 0: no difference shown yet.")
      : "No variant has enough sends yet.";
  return {
    design: "randomized_ab",
    campaign_id: c.id,
    campaign_name: c.name,
    step: q.step,
    control: effect(a),
    effects,
    min_sends_per_arm: MIN_SENDS,
    enough_data: enough,
    explanation,
    caveats: [
      "Randomized: the sender assigns each lead a variant by a hash of the lead (or the bandit's shares), so the arms differ only by the message.",
      "Under the bandit the shares change over time; leads reached later in the campaign weigh more in the favoured arm.",
      "Replies arrive days after the send: recent sends count as not replied until they do.",
      "Testing several variants against A raises the chance that one looks significant by luck.",
    ],
  };
}

const signed = (x: number | null) => (x === null ? "—" : x > 0 ? `+${x}` : String(x));

/**
 * The difference in differences and its bootstrap interval. Each resample redraws the replies of
 * each of the four cells from its own sends (a binomial draw with the cell's rate: the count a
 * resample of its binary outcomes gives), recomputes the estimate, and the 2.5 % and 97.5 %
 * quantiles make the interval. The seed is fixed, so the same data give the same interval.
 */
export function differenceInDifferences(cells: repo.Cells, seed: number, resamples = RESAMPLES) {
  const rate = (c: { sent: number; replied: number }) => c.replied / c.sent;
  const { treated: t, comparison: k } = cells;
  const estimate = rate(t.after) - rate(t.before) - (rate(k.after) - rate(k.before));
  const rand = seededRandom(seed);
  const all = [t.before, t.after, k.before, k.after];
  const draws: number[] = [];
  for (let i = 0; i < resamples; i++) {
    const [tb, ta, kb, ka] = all.map((c) => binomialDraw(c.sent, rate(c), rand) / c.sent) as [number, number, number, number];
    draws.push(ta - tb - (ka - kb));
  }
  draws.sort((x, y) => x - y);
  const below = draws.filter((d) => d <= 0).length / resamples;
  const above = draws.filter((d) => d >= 0).length / resamples;
  return {
    estimate,
    low: quantileSorted(draws, 0.025),
    high: quantileSorted(draws, 0.975),
    p: Math.min(1, 2 * Math.min(below, above)),
  };
}

export const DID_SEED = 17;

export async function changeUplift(ctx: Ctx, workspaceId: string, q: CausalChangeQuery, now = new Date()): Promise<CausalChangeResult> {
  const c = await loadCampaign(ctx, workspaceId, q.campaign_id);
  const at = new Date(`${q.date}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || isoDay(at) !== q.date || at.getTime() > now.getTime()) throw new AppError("CAUSAL_DATE_OUT_OF_RANGE");
  const from = new Date(at.getTime() - q.window_days * DAY_MS);
  const to = new Date(at.getTime() + q.window_days * DAY_MS);
  const cells = await repo.didCells(ctx.db, workspaceId, c.id, from, at, to);
  const sizes = [cells.treated.before, cells.treated.after, cells.comparison.before, cells.comparison.after].map((x) => x.sent);
  const enough = sizes.every((n) => n >= MIN_SENDS);
  const afterDays = Math.min(q.window_days, Math.floor((now.getTime() - at.getTime()) / DAY_MS));
  const caveats = [
    "Not randomized: this shows a correlation. Anything else that changed on those days in this campaign alone (its leads, its inbox, a holiday in its market) is mixed into the estimate.",
    "Difference in differences assumes the campaign's reply rate would have moved like the other campaigns' without the change (parallel trends).",
    "A campaign's later steps reply less than its first: a campaign that moved from first emails to follow-ups around the date shows a drop that is not the change's.",
    "Replies arrive days after the send: the last days of the window are still incomplete.",
  ];
  if (afterDays < q.window_days) caveats.push(`Only ${Math.max(0, afterDays)} of the ${q.window_days} days after the change have passed.`);
  const base = {
    design: "difference_in_differences" as const,
    campaign_id: c.id,
    campaign_name: c.name,
    date: q.date,
    window_days: q.window_days,
    treated: { before: cell(cells.treated.before), after: cell(cells.treated.after) },
    comparison: {
      campaigns: cells.comparison.campaigns,
      before: cell(cells.comparison.before),
      after: cell(cells.comparison.after),
    },
    resamples: RESAMPLES,
    seed: DID_SEED,
    min_sends_per_cell: MIN_SENDS,
    caveats,
  };
  if (!enough) {
    return {
      ...base,
      uplift: null,
      low: null,
      high: null,
      p_value: null,
      enough_data: false,
      explanation: `Not enough data: each of the four groups needs at least ${MIN_SENDS} sends in the ${q.window_days} days either side of ${q.date} (this campaign ${sizes[0]} before, ${sizes[1]} after; the other campaigns ${sizes[2]} before, ${sizes[3]} after).`,
    };
  }
  const did = differenceInDifferences(cells, DID_SEED);
  const [u, lo, hi] = [pp(did.estimate), pp(did.low), pp(did.high)];
  return {
    ...base,
    uplift: u,
    low: lo,
    high: hi,
    p_value: Math.round(did.p * 10_000) / 10_000,
    enough_data: true,
    explanation:
      `This campaign's reply rate went from ${base.treated.before.rate}% to ${base.treated.after.rate}% while the other campaigns went from ${base.comparison.before.rate}% to ${base.comparison.after.rate}%: ` +
      `${signed(u)} points beyond the workspace's own trend (95 % bootstrap CI ${lo} to ${hi}). ` +
      ((lo as number) > 0 || (hi as number) < 0
        ? "The interval excludes 0, but the design is not randomized."
        : "The interval includes 0: no effect shown."),
  };
}
