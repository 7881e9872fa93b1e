/**
 * Which variant of a step a claimed lead gets (docs/ab-testing.md). By default an even,
 * deterministic split over the step itself (0) and its variants; a step in bandit mode shifts
 * traffic toward the better variant by Thompson sampling on its metric, each variant keeping an
 * exploration floor; a declared winner takes all of the step's traffic. The claim asks once per
 * batch (variantChooser: one query, the weights recomputed and, when they moved, recorded) and then
 * per lead (choose), which hashes the lead into the cumulative weights: no query per lead, and the
 * same lead gets the same variant for the same weights.
 */
import { createHash } from "node:crypto";
import type { ExperimentMetric, TrafficReason } from "@prospector/contracts";
import { seededRandom } from "../../platform/seeded-random.ts";
import * as repo from "./ab.repository.ts";
import type { Tx } from "./sending.repository.ts";
import type { CampaignRow } from "./sending.types.ts";

const leadHash = (leadId: string, step: number) => createHash("sha256").update(`${leadId}:${step}`).digest().readUInt32BE(0);

/** Deterministic per lead and step, evenly spread over the step itself (0) and its variants. */
export function variantFor(leadId: string, step: number, options: number): number {
  if (options <= 1) return 0;
  return leadHash(leadId, step) % options;
}

/** The variant whose slice of [0, 1) (cumulative weights) the lead's hash falls in. */
export function weightedVariantFor(leadId: string, step: number, weights: readonly number[]): number {
  const u = leadHash(leadId, step) / 2 ** 32;
  const total = weights.reduce((s, w) => s + w, 0);
  let acc = 0;
  for (let i = 0; i < weights.length; i++) {
    acc += (weights[i] as number) / total;
    if (u < acc) return i;
  }
  return weights.length - 1;
}

// --- Thompson sampling ------------------------------------------------------------------------

/** The same counts give the same weights in every process. */
export { seededRandom };

function normal(rand: () => number): number {
  let u = 0;
  while (u === 0) u = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** Gamma(shape, 1) by Marsaglia & Tsang (shape ≥ 1; smaller shapes via the boost u^(1/shape)). */
function gamma(shape: number, rand: () => number): number {
  if (shape < 1) return gamma(shape + 1, rand) * rand() ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(rand);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rand();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

function beta(a: number, b: number, rand: () => number): number {
  const x = gamma(a, rand);
  return x / (x + gamma(b, rand));
}

export interface Arm {
  sent: number;
  successes: number;
}

/** Draws per recomputation: the share estimates move by well under a point between two runs on the same data. */
const DRAWS = 4000;

/** Each arm's probability of having the best rate, under Beta(1 + successes, 1 + failures) posteriors. */
export function probabilityBest(arms: readonly Arm[], rand: () => number, draws = DRAWS): number[] {
  const wins = arms.map(() => 0);
  for (let d = 0; d < draws; d++) {
    let best = 0;
    let bestValue = -1;
    arms.forEach((arm, i) => {
      const s = Math.min(arm.successes, arm.sent);
      const value = beta(1 + s, 1 + arm.sent - s, rand);
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    });
    wins[best] = (wins[best] as number) + 1;
  }
  return wins.map((w) => w / draws);
}

/** The floor each variant keeps: the asked share, but never more than an even split. */
export const effectiveFloor = (minShare: number, arms: number) => Math.min(Math.max(0, minShare), 1 / arms);

/** Traffic shares from Thompson sampling with an exploration floor per arm, rounded to 0.1 %; sum 1. */
export function banditWeights(arms: readonly Arm[], minShare: number, seed: string): number[] {
  const k = arms.length;
  if (k <= 1) return [1];
  const floor = effectiveFloor(minShare, k);
  const rand = seededRandom(createHash("sha256").update(seed).digest().readUInt32BE(0));
  const p = probabilityBest(arms, rand);
  return roundShares(p.map((x) => floor + (1 - k * floor) * x));
}

/** Rounded to 0.1 % with the rounding error on the largest share, so they still sum to exactly 1. */
export function roundShares(w: readonly number[]): number[] {
  const r = w.map((x) => Math.round(x * 1000) / 1000);
  const diff = Math.round((1 - r.reduce((s, x) => s + x, 0)) * 1000) / 1000;
  const top = r.indexOf(Math.max(...r));
  r[top] = Math.round(((r[top] as number) + diff) * 1000) / 1000;
  return r;
}

export const evenShares = (k: number) => roundShares(Array.from({ length: k }, () => 1 / k));

export const winnerShares = (k: number, winner: number) => Array.from({ length: k }, (_, i) => (i === winner ? 1 : 0));

/** Successes on the metric for one step and variant, from the counted leads. */
export const successesOf = (c: { opened: number; clicked: number; replied: number }, metric: ExperimentMetric) =>
  metric === "open" ? c.opened : metric === "click" ? c.clicked : c.replied;

/** A recomputation moves the recorded shares only when one changed by at least half a point. */
const moved = (a: readonly number[] | null, b: readonly number[]) =>
  !a || a.length !== b.length || a.some((x, i) => Math.abs(x - (b[i] as number)) >= 0.005);

export interface VariantChooser {
  /** The variant (0 = the step itself) for this lead at this step, out of `options`. */
  choose(leadId: string, step: number, options: number): number;
}

/**
 * The campaign's traffic rules now: one query reads its experiments and, for steps in bandit mode,
 * the sends and successes per variant; the bandit's weights are recomputed and, when they moved
 * (or `force` names a reason), stored and added to the history. Returns each step's shares.
 */
export async function refreshTraffic(
  db: Tx,
  campaign: Pick<CampaignRow, "id" | "workspaceId" | "steps">,
  now = new Date(),
  force: TrafficReason | null = null,
): Promise<Map<number, number[]>> {
  const state = await repo.trafficState(db, campaign.id);
  const shares = new Map<number, number[]>();
  for (const e of state.experiments) {
    const k = 1 + (campaign.steps[e.step]?.variants.length ?? 0);
    if (k <= 1) continue;
    if (e.winner !== null && e.winner < k) {
      shares.set(e.step, winnerShares(k, e.winner));
      continue;
    }
    if (e.mode !== "bandit") continue;
    const arms: Arm[] = Array.from({ length: k }, (_, v) => {
      const c = state.counts.get(`${e.step}:${v}`);
      return { sent: c?.sent ?? 0, successes: c ? successesOf(c, e.metric) : 0 };
    });
    const weights = banditWeights(arms, e.minShare, `${campaign.id}:${e.step}:${e.metric}:${e.minShare}:${JSON.stringify(arms)}`);
    shares.set(e.step, weights);
    if (force || moved(e.weights, weights)) {
      await repo.storeWeights(db, {
        workspaceId: campaign.workspaceId,
        campaignId: campaign.id,
        step: e.step,
        weights,
        at: now,
        reason: force ?? "bandit",
      });
    }
  }
  return shares;
}

/** The chooser for one claim of one campaign; `db` may be the claim's transaction. */
export async function variantChooser(db: Tx, campaign: CampaignRow): Promise<VariantChooser> {
  const shares = await refreshTraffic(db, campaign);
  return {
    choose(leadId, step, options) {
      const w = shares.get(step);
      return w && w.length === options ? weightedVariantFor(leadId, step, w) : variantFor(leadId, step, options);
    },
  };
}
