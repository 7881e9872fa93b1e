/**
 * Causal analytics on generated data with a known effect (the interval covers it) and with none
 * (the interval covers 0), and both designs over real sends through the API: the randomized A/B
 * uplift with its interval and p-value, the difference in differences against the workspace's other
 * campaigns, "not enough data", bad input and isolation.
 */
import type { CausalAbResult, CausalChangeResult, CausalOptions } from "@prospector/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { seededRandom } from "../../platform/seeded-random.ts";
import { DAY_MS, isoDay } from "../../platform/utc-days.ts";
import { differenceInDifferences } from "./causal.service.ts";
import { binomialDraw } from "./experiments.math.ts";
import { call, draftCampaign, seedSends } from "./experiments.test-helpers.ts";

/** Four cells whose replies are drawn send by send from the given true rates. */
function generated(rand: () => number, n: number, rates: [number, number, number, number]) {
  const draw = (p: number) => {
    let replied = 0;
    for (let i = 0; i < n; i++) if (rand() < p) replied++;
    return { sent: n, replied };
  };
  return {
    treated: { before: draw(rates[0]), after: draw(rates[1]) },
    comparison: { before: draw(rates[2]), after: draw(rates[3]), campaigns: 3 },
  };
}

describe("difference in differences on generated data", () => {
  it("covers a known effect of +6 points in about 95 % of simulated workspaces", () => {
    const rand = seededRandom(2026);
    let covered = 0;
    let excludesZero = 0;
    const runs = 40;
    for (let i = 0; i < runs; i++) {
      const did = differenceInDifferences(generated(rand, 1500, [0.1, 0.16, 0.08, 0.08]), 100 + i, 800);
      if (did.low <= 0.06 && did.high >= 0.06) covered++;
      if (did.low > 0) excludesZero++;
    }
    expect(covered).toBeGreaterThanOrEqual(34);
    expect(excludesZero).toBeGreaterThanOrEqual(34);
  });

  it("covers 0 when the campaign moved exactly like the others", () => {
    const rand = seededRandom(7);
    let covered = 0;
    const runs = 40;
    for (let i = 0; i < runs; i++) {
      // Both rise by 5 points: a workspace-wide trend, no effect of the change.
      const did = differenceInDifferences(generated(rand, 1500, [0.1, 0.15, 0.12, 0.17]), 300 + i, 800);
      if (did.low <= 0 && did.high >= 0) covered++;
    }
    expect(covered).toBeGreaterThanOrEqual(34);
  });

  it("draws binomial counts with the right mean on both of its paths", () => {
    const rand = seededRandom(1);
    const mean = (n: number, p: number) => Array.from({ length: 400 }, () => binomialDraw(n, p, rand)).reduce((s, x) => s + x, 0) / 400;
    expect(mean(200, 0.1)).toBeCloseTo(20, 0);
    expect(mean(200, 0.9)).toBeCloseTo(180, 0);
    expect(Math.abs(mean(100_000, 0.3) - 30_000)).toBeLessThan(30);
  });
});

describe("causal analytics API", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let ab: string;
  let thin: string;
  let changed: string;
  const day = isoDay(Date.now() - 30 * DAY_MS);
  const at = (offsetDays: number) => new Date(Date.parse(`${day}T12:00:00Z`) + offsetDays * DAY_MS);

  beforeAll(async () => {
    t = await createTestApp({ JOBS: "off" }, { work: false });
    owner = await createUser(t.app.ctx.db);
    other = await createUser(t.app.ctx.db);
    ab = await draftCampaign(t, owner, "Randomized", 1);
    thin = await draftCampaign(t, owner, "Thin", 1);
    changed = await draftCampaign(t, owner, "Changed", 0);
    const others = await draftCampaign(t, owner, "Others", 0);
    // A 10 %, B 20 % (200 sends each): +10 points, p = 0.0051.
    await seedSends(t, owner, ab, [
      { variant: 0, sent: 200, replied: 20, sentAt: at(40) },
      { variant: 1, sent: 200, replied: 40, sentAt: at(40) },
    ]);
    await seedSends(t, owner, thin, [
      { variant: 0, sent: 10, replied: 1, sentAt: at(40) },
      { variant: 1, sent: 12, replied: 3, sentAt: at(40) },
    ]);
    // The changed campaign goes 10 % → 30 %, the others 10 % → 10 %: +20 points beyond the trend.
    await seedSends(t, owner, changed, [
      { sent: 300, replied: 30, sentAt: at(-5) },
      { sent: 300, replied: 90, sentAt: at(5) },
    ]);
    await seedSends(t, owner, others, [
      { sent: 300, replied: 30, sentAt: at(-5) },
      { sent: 300, replied: 30, sentAt: at(5) },
    ]);
  }, 60_000);
  afterAll(() => t?.close());

  it("gives a randomized step's uplift with its interval and p-value", async () => {
    const res = await call(t, owner, "GET", `/api/ai/causal/ab?campaign_id=${ab}&step=1`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CausalAbResult>();
    expect(body.design).toBe("randomized_ab");
    expect(body.enough_data).toBe(true);
    const b = body.effects[0];
    expect(b).toMatchObject({ label: "B", uplift: 10, significant: true, cell: { sent: 200, replied: 40, rate: 20 } });
    // Wald: 0.1 ± 1.96·√(0.1·0.9/200 + 0.2·0.8/200) = 0.1 ± 0.0693.
    expect(b?.low).toBeCloseTo(3.07, 1);
    expect(b?.high).toBeCloseTo(16.93, 1);
    expect(b?.p_value).toBeCloseTo(0.0051, 4);
    expect(body.control.cell).toEqual({ sent: 200, replied: 20, rate: 10 });
    expect(body.explanation).toContain("excludes 0");
  });

  it("says not enough data below the minimum sends, and refuses a step without variants", async () => {
    const body = (await call(t, owner, "GET", `/api/ai/causal/ab?campaign_id=${thin}&step=1`)).json<CausalAbResult>();
    expect(body).toMatchObject({ enough_data: false });
    expect(body.effects[0]).toMatchObject({ uplift: null, low: null, high: null, p_value: null });
    expect(body.explanation).toMatch(/^Not enough data/);
    const flat = await call(t, owner, "GET", `/api/ai/causal/ab?campaign_id=${changed}&step=1`);
    expect(flat.statusCode).toBe(422);
    expect(flat.json().code).toBe("CAUSAL_STEP_NOT_RANDOMIZED");
    const bad = await call(t, owner, "GET", `/api/ai/causal/ab?campaign_id=${ab}&step=0`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toContain("step");
  });

  it("estimates a change at a date against the other campaigns over the same days", async () => {
    const res = await call(t, owner, "GET", `/api/ai/causal/change?campaign_id=${changed}&date=${day}&window_days=14`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CausalChangeResult>();
    expect(body.treated).toEqual({ before: { sent: 300, replied: 30, rate: 10 }, after: { sent: 300, replied: 90, rate: 30 } });
    // The other campaigns: "Others" before and after, plus the randomized ones after (day + 40 is outside the window).
    expect(body.comparison).toEqual({
      campaigns: 1,
      before: { sent: 300, replied: 30, rate: 10 },
      after: { sent: 300, replied: 30, rate: 10 },
    });
    expect(body.uplift).toBe(20);
    expect(body.low as number).toBeGreaterThan(10);
    expect(body.high as number).toBeLessThan(30);
    expect(body.low as number).toBeLessThan(20);
    expect(body.high as number).toBeGreaterThan(20);
    expect(body.caveats[0]).toMatch(/Not randomized/);
    const again = (await call(t, owner, "GET", `/api/ai/causal/change?campaign_id=${changed}&date=${day}&window_days=14`)).json();
    expect(again.low).toBe(body.low);
  });

  it("says not enough data for a window without sends, and refuses bad dates and other workspaces", async () => {
    const empty = (
      await call(t, owner, "GET", `/api/ai/causal/change?campaign_id=${changed}&date=${isoDay(Date.now() - 200 * DAY_MS)}`)
    ).json<CausalChangeResult>();
    expect(empty).toMatchObject({ enough_data: false, uplift: null, low: null });
    const future = await call(t, owner, "GET", `/api/ai/causal/change?campaign_id=${changed}&date=${isoDay(Date.now() + 3 * DAY_MS)}`);
    expect(future.json().code).toBe("CAUSAL_DATE_OUT_OF_RANGE");
    const bad = await call(t, owner, "GET", `/api/ai/causal/change?campaign_id=${changed}&date=2026-13-45`);
    expect(bad.statusCode).toBe(422);
    const wrong = await call(t, owner, "GET", `/api/ai/causal/change?campaign_id=${changed}&date=yesterday`);
    expect(wrong.json().errors[0].field).toContain("date");
    expect((await call(t, other, "GET", `/api/ai/causal/change?campaign_id=${changed}&date=${day}`)).statusCode).toBe(404);
    const options = (await call(t, owner, "GET", "/api/ai/causal/options")).json<CausalOptions>();
    expect(options.campaigns.find((c) => c.id === ab)?.ab_steps).toEqual([1]);
    expect(options.campaigns.find((c) => c.id === changed)?.ab_steps).toEqual([]);
    expect((await call(t, other, "GET", "/api/ai/causal/options")).json<CausalOptions>().campaigns).toEqual([]);
  });
});
