/**
 * Significance for A/B tests: the two-proportion z-test (pooled standard error) of a variant's
 * rate against the control's, with a two-sided p-value from the normal distribution.
 */

export { normalCdf, twoProportionZTest, type ZTest } from "../../platform/stats.ts";

import { twoProportionZTest, type ZTest } from "../../platform/stats.ts";

const Z_ALPHA = 1.959964; // two-sided 95 %
const Z_BETA = 0.841621; // 80 % power

/** Smallest lift worth detecting: 20 % relative to the baseline rate. */
export const MIN_RELATIVE_LIFT = 0.2;

/**
 * Sends per arm for an 80 %-power, 95 % two-sided test to tell rate p1 from p2 (the textbook
 * normal approximation for two proportions). Infinite when the rates are equal.
 */
export function requiredPerArm(p1: number, p2: number): number {
  if (p1 === p2) return Number.POSITIVE_INFINITY;
  const pBar = (p1 + p2) / 2;
  const num = Z_ALPHA * Math.sqrt(2 * pBar * (1 - pBar)) + Z_BETA * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil((num * num) / ((p1 - p2) * (p1 - p2)));
}

export interface ArmFigures {
  sent: number;
  successes: number;
}

export interface Verdict {
  status: "collecting" | "winner" | "no_clear_winner";
  winner: number | null;
  p_value: number | null;
  lift: number | null;
  sends_needed: number | null;
  tests: ZTest[];
}

const rateOf = (a: ArmFigures) => (a.sent > 0 ? Math.min(a.successes, a.sent) / a.sent : 0);

/**
 * An experiment's verdict on one metric (docs/ab-testing.md): a declared winner decides; else the
 * best variant that beats A at 95 %, or A when it beats every variant; else "no clear winner" once
 * every arm has the sends to detect a 20 % lift, else still collecting, with the further sends (all
 * arms together) the power estimate asks for: to confirm the lift seen so far when it is at least
 * 20 %, else to detect a 20 % lift.
 */
export function judge(arms: readonly ArmFigures[], declared: number | null): Verdict {
  const a = arms[0] as ArmFigures;
  const tests = arms.map((arm, j) =>
    j === 0
      ? { z: null, p_value: null, significant: false }
      : twoProportionZTest(a.successes, a.sent, Math.min(arm.successes, arm.sent), arm.sent),
  );
  const pA = rateOf(a);
  const liftOf = (j: number) => (pA > 0 ? Math.round(((rateOf(arms[j] as ArmFigures) - pA) / pA) * 1000) / 10 : null);
  const others = arms.map((_, j) => j).filter((j) => j > 0);
  const best = others.reduce((b, j) => (rateOf(arms[j] as ArmFigures) > rateOf(arms[b] as ArmFigures) ? j : b), others[0] ?? 0);
  const decided = (winner: number, p: number | null): Verdict => ({
    status: "winner",
    winner,
    p_value: p,
    lift: winner === 0 ? null : liftOf(winner),
    sends_needed: 0,
    tests,
  });
  if (declared !== null && declared < arms.length)
    return decided(declared, declared === 0 ? (tests[best]?.p_value ?? null) : (tests[declared]?.p_value ?? null));
  const better = others.filter((j) => tests[j]?.significant && (tests[j]?.z ?? 0) > 0);
  if (better.length > 0) {
    const w = better.reduce((b, j) => (rateOf(arms[j] as ArmFigures) > rateOf(arms[b] as ArmFigures) ? j : b));
    return decided(w, tests[w]?.p_value ?? null);
  }
  if (others.length > 0 && others.every((j) => tests[j]?.significant && (tests[j]?.z ?? 0) < 0)) {
    return decided(0, Math.max(...others.map((j) => tests[j]?.p_value ?? 0)));
  }
  const totalSent = arms.reduce((s, x) => s + x.sent, 0);
  const totalSuccess = arms.reduce((s, x) => s + Math.min(x.successes, x.sent), 0);
  const open = { winner: null, p_value: tests[best]?.p_value ?? null, lift: liftOf(best), tests };
  if (totalSuccess === 0) return { status: "collecting", sends_needed: null, ...open };
  const base = pA > 0 ? pA : totalSuccess / totalSent;
  const target = base * (1 + MIN_RELATIVE_LIFT) < 1 ? base * (1 + MIN_RELATIVE_LIFT) : base * (1 - MIN_RELATIVE_LIFT);
  const nMde = requiredPerArm(base, target);
  if (arms.every((x) => x.sent >= nMde)) return { status: "no_clear_winner", sends_needed: 0, ...open };
  const observed = Math.abs(rateOf(arms[best] as ArmFigures) - pA);
  let n = nMde;
  if (pA > 0 && observed >= Math.abs(target - base)) {
    const nObs = requiredPerArm(pA, rateOf(arms[best] as ArmFigures));
    if (!arms.every((x) => x.sent >= nObs)) n = nObs;
  }
  return { status: "collecting", sends_needed: arms.reduce((s, x) => s + Math.max(0, n - x.sent), 0), ...open };
}
