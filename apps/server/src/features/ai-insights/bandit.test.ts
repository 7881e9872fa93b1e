/**
 * /api/ai/bandit over real sends: each variant's posterior parameters equal the sends and replies
 * counted directly in the database, P(best) sums to 1 and favours the better arm, the credible
 * interval holds the mean; even-mode steps stay out; the Beta maths against closed forms.
 */
import type { BanditList } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { betaCdf, betaPdf, betaQuantile } from "./experiments.math.ts";
import { call, draftCampaign, seedSends } from "./experiments.test-helpers.ts";

describe("the Beta distribution", () => {
  it("matches closed forms", () => {
    // Beta(1, 1) is uniform; Beta(2, 1) has CDF x² and density 2x.
    expect(betaQuantile(0.025, 1, 1)).toBeCloseTo(0.025, 9);
    expect(betaQuantile(0.81, 2, 1)).toBeCloseTo(0.9, 9);
    expect(betaCdf(0.3, 2, 1)).toBeCloseTo(0.09, 9);
    expect(betaPdf(0.3, 2, 1)).toBeCloseTo(0.6, 9);
    // Beta(3, 5) at 0.4: I = 0.580096 (tabulated).
    expect(betaCdf(0.4, 3, 5)).toBeCloseTo(0.580096, 5);
    expect(betaCdf(betaQuantile(0.975, 41, 161), 41, 161)).toBeCloseTo(0.975, 9);
  });
});

describe("GET /api/ai/bandit", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let bandit: string;
  let even: string;

  beforeAll(async () => {
    t = await createTestApp({ JOBS: "off" }, { work: false });
    owner = await createUser(t.app.ctx.db);
    other = await createUser(t.app.ctx.db);
    bandit = await draftCampaign(t, owner, "Bandit", 2);
    even = await draftCampaign(t, owner, "Even", 1);
    await seedSends(t, owner, bandit, [
      { variant: 0, sent: 120, replied: 6 },
      { variant: 1, sent: 150, replied: 24 },
      { variant: 2, sent: 90, replied: 9 },
    ]);
    await seedSends(t, owner, even, [{ variant: 1, sent: 40, replied: 4 }]);
    const put = await call(t, owner, "PUT", `/api/experiments/${bandit}/1`, { mode: "bandit", min_share: 0.1 });
    expect(put.statusCode, put.body).toBe(200);
  }, 60_000);
  afterAll(() => t?.close());

  it("shows each bandit step's posteriors from the counted sends and replies", async () => {
    const res = await call(t, owner, "GET", "/api/ai/bandit");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BanditList>();
    expect(body.total).toBe(1);
    const step = body.steps[0];
    expect(step?.campaign_id).toBe(bandit);
    const counted = (
      (await t.app.ctx.db.execute(sql`select m.variant, count(*)::int as sent,
        count(*) filter (where exists (select 1 from campaign_events e where e.campaign_id = m.campaign_id and e.lead_id = m.lead_id
          and e.step = m.step and e.type = 'reply'))::int as replied
        from campaign_messages m where m.campaign_id = ${bandit} group by 1 order by 1`)) as unknown as {
        rows: { variant: number; sent: number; replied: number }[];
      }
    ).rows;
    expect(counted).toHaveLength(3);
    for (const row of counted) {
      const arm = step?.arms[Number(row.variant)];
      expect(arm).toMatchObject({ alpha: 1 + Number(row.replied), beta: 1 + Number(row.sent) - Number(row.replied) });
      expect(arm?.low).toBeLessThan(arm?.mean as number);
      expect(arm?.high).toBeGreaterThan(arm?.mean as number);
    }
    const pBest = step?.arms.map((a) => a.p_best) ?? [];
    expect(pBest.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 3);
    // B (16 %) leads C (10 %, fewer sends) and A (5 %).
    expect(pBest[1]).toBeGreaterThan(0.85);
    expect(pBest[2]).toBeGreaterThan(pBest[0] as number);
    const shares = step?.arms.map((a) => a.share) ?? [];
    expect(shares.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 6);
    expect(Math.min(...shares)).toBeGreaterThanOrEqual(step?.floor as number);
    expect(step?.floor).toBe(0.1);
    expect(step?.density.y).toHaveLength(3);
    expect(step?.density.x).toHaveLength(101);
    expect(step?.history.at(-1)?.reason).toBe("mode");
    // The same counts give the same answer (seeded draws).
    expect((await call(t, owner, "GET", "/api/ai/bandit")).json<BanditList>().steps[0]?.arms).toEqual(step?.arms);
  });

  it("is empty for another workspace and refuses a bad page size", async () => {
    expect((await call(t, other, "GET", "/api/ai/bandit")).json<BanditList>()).toMatchObject({ steps: [], total: 0 });
    const bad = await call(t, owner, "GET", "/api/ai/bandit?per_page=500");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toContain("per_page");
  });
});
