/**
 * What the A/B bandit believes (/ai/reinforcement-learning, docs/ai/experiments.md): for every step
 * the sender runs in bandit mode, each variant's Beta posterior on the step's metric, its mean and
 * 95 % credible interval, its probability of being best (seeded Monte Carlo, so the same counts give
 * the same answer), the traffic shares now with the exploration floor, and the shares' history.
 * The sender's own allocation (sending/ab.bandit.ts) is read, never recomputed or changed here.
 */
import { createHash } from "node:crypto";
import type { BanditArm, BanditList, BanditQuery, BanditStep, Experiment } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { seededRandom } from "../../platform/seeded-random.ts";
import { effectiveFloor, listExperiments, probabilityBest, successesOf } from "../sending/index.ts";
import { betaPdf, betaQuantile } from "./experiments.math.ts";

/** Monte Carlo draws for P(best): its standard error is at most 0.5 / √20000 ≈ 0.35 points. */
export const P_BEST_DRAWS = 20_000;
const GRID = 101;
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** The seed of one step's draws: the same campaign, step and counts give the same P(best). */
export function banditSeed(campaignId: string, step: number, arms: readonly { sent: number; successes: number }[]): number {
  return createHash("sha256")
    .update(`${campaignId}:${step}:${JSON.stringify(arms)}`)
    .digest()
    .readUInt32BE(0);
}

export function banditStep(e: Experiment): BanditStep {
  const counts = e.variants.map((v) => ({ sent: v.sent, successes: Math.min(v.sent, successesOf(v, e.metric)) }));
  const pBest = probabilityBest(counts, seededRandom(banditSeed(e.campaign_id, e.step, counts)), P_BEST_DRAWS);
  const arms: BanditArm[] = e.variants.map((v, i) => {
    const c = counts[i] as { sent: number; successes: number };
    const alpha = 1 + c.successes;
    const beta = 1 + c.sent - c.successes;
    return {
      variant: v.variant,
      label: v.label,
      subject: v.subject,
      sent: c.sent,
      successes: c.successes,
      alpha,
      beta,
      mean: r4(alpha / (alpha + beta)),
      low: r4(betaQuantile(0.025, alpha, beta)),
      high: r4(betaQuantile(0.975, alpha, beta)),
      p_best: r4(pBest[i] ?? 0),
      share: v.share,
    };
  });
  // One grid for every arm, up to where the widest posterior has almost all its mass.
  const top = Math.min(1, Math.max(0.02, ...arms.map((a) => betaQuantile(0.9995, a.alpha, a.beta))) * 1.1);
  const x = Array.from({ length: GRID }, (_, i) => r4((top * i) / (GRID - 1)));
  const y = arms.map((a) => x.map((v) => Math.round(betaPdf(v, a.alpha, a.beta) * 1000) / 1000));
  return {
    campaign_id: e.campaign_id,
    campaign_name: e.campaign_name,
    step: e.step,
    metric: e.metric,
    min_share: e.min_share,
    floor: r4(effectiveFloor(e.min_share, arms.length)),
    declared_winner: e.declared_winner,
    arms,
    density: { x, y },
    draws: P_BEST_DRAWS,
    history: e.history,
    weights_at: e.weights_at,
  };
}

/** The workspace's steps in bandit mode, in the experiments list's order (newest campaign first). */
export async function banditSteps(ctx: Pick<AppContext, "db">, workspaceId: string, q: BanditQuery): Promise<BanditList> {
  const list = await listExperiments(ctx, workspaceId, { mode: "bandit", page: q.page, per_page: q.per_page });
  return { steps: list.experiments.map(banditStep), total: list.total, page: q.page, per_page: q.per_page };
}
