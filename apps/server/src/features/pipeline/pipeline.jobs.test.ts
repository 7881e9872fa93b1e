import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { seedDeal, seedStages, ymd } from "./pipeline.fixtures.ts";

describe("forecast precomputation", () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp({}, { work: true });
    owner = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const snapshot = async () => {
    const res = await t.app.ctx.db.execute(
      sql`select computed_at, stale_since, payload from pipeline_snapshots
          where workspace_id = ${owner.workspaceId} and kind = 'forecast' and scope = 'all' and params_key = 'monte_carlo:6'`,
    );
    return (res as unknown as { rows: { computed_at: Date; stale_since: Date | null; payload: { total: { expected: number } } }[] })
      .rows[0];
  };

  it("recomputes the default forecast in a job after deals change, and the API serves it from the cache", async () => {
    const st = await seedStages(t.app.ctx.db, owner.workspaceId);
    await seedDeal(t.app.ctx.db, owner.workspaceId, {
      name: "Job deal",
      value: 1000,
      stageId: st.proposal,
      expectedCloseDate: ymd(new Date()),
    });
    await t.app.ctx.hooks.run("crm.dealsChanged", { workspaceId: owner.workspaceId });
    const first = await waitFor(snapshot, { what: "the precomputed forecast", timeoutMs: 40_000, intervalMs: 250 });
    expect(first.stale_since).toBeNull();
    expect(first.payload.total.expected).toBe(600);

    const res = await t.app.inject({ method: "GET", url: "/api/pipeline/forecasts/precomputed", headers: owner.headers });
    expect(res.json()).toMatchObject({ from_cache: true, total: { expected: 600 } });

    // Another change: stale at once, fresh again after the job.
    await seedDeal(t.app.ctx.db, owner.workspaceId, {
      name: "Second",
      value: 500,
      stageId: st.proposal,
      expectedCloseDate: ymd(new Date()),
    });
    await t.app.ctx.hooks.run("crm.dealsChanged", { workspaceId: owner.workspaceId });
    expect((await snapshot())?.stale_since).not.toBeNull();
    const second = await waitFor(
      async () => {
        const s = await snapshot();
        return s && !s.stale_since ? s : undefined;
      },
      { what: "the recomputed forecast", timeoutMs: 40_000, intervalMs: 250 },
    );
    expect(second.payload.total.expected).toBe(900);
  });
});
