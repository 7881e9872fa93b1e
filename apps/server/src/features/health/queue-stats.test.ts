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
});
