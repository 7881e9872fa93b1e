import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { work: false });
});
afterAll(() => t.close());

describe("jobs.queueStats", () => {
  it("lists every defined queue with zero figures when nothing ran", async () => {
    const stats = await t.app.ctx.jobs.queueStats();
    const names = stats.map((s) => s.name);
    for (const name of t.app.ctx.jobs.names()) expect(names).toContain(name);
  });

  it("counts queued, deferred and the age of the oldest ready job per queue", async () => {
    const name = t.app.ctx.jobs.names()[0]!;
    const before = (await t.app.ctx.jobs.queueStats()).find((s) => s.name === name)!;
    await t.app.ctx.jobs.send(name, { probe: 1 });
    await t.app.ctx.jobs.send(name, { probe: 2 }, { startAfter: new Date(Date.now() + 3600_000) });
    const after = (await t.app.ctx.jobs.queueStats({ windowSeconds: 60 })).find((s) => s.name === name)!;
    expect(after.queued).toBe(before.queued + 2);
    expect(after.deferred).toBe(before.deferred + 1);
    expect(after.active).toBe(0);
    expect(after.oldestQueuedSeconds).toEqual(expect.any(Number));
    expect(after.oldestQueuedSeconds!).toBeGreaterThanOrEqual(0);
    expect(after.oldestQueuedSeconds!).toBeLessThan(60);
    expect(after.avgStartLatencySeconds).toBeNull();
  });

  it("counts failed and completed jobs within the window and the mean start latency", async () => {
    const name = t.app.ctx.jobs.names()[1]!;
    // Finished jobs as pg-boss leaves them: started 2 s after their start time; one an hour ago (outside a 10-minute window).
    await t.database.db.execute(sql`
      insert into pgboss.job (name, state, start_after, started_on, completed_on) values
        (${name}, 'completed', now() - interval '3 seconds', now() - interval '1 second', now()),
        (${name}, 'failed', now() - interval '4 seconds', now() - interval '2 seconds', now()),
        (${name}, 'completed', now() - interval '62 minutes', now() - interval '61 minutes', now() - interval '61 minutes')`);
    const stat = (await t.app.ctx.jobs.queueStats({ windowSeconds: 600 })).find((s) => s.name === name)!;
    expect(stat).toMatchObject({ completed: 1, failed: 1, active: 0 });
    expect(stat.avgStartLatencySeconds).toBeCloseTo(2, 1);
    const wide = (await t.app.ctx.jobs.queueStats({ windowSeconds: 7200 })).find((s) => s.name === name)!;
    expect(wide.completed).toBe(2);
  });
});
