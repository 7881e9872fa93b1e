/**
 * The cached answers: the first read computes and stores, later reads serve the stored answer
 * (even after new data, marked stale), the change check sees new sends and events, the debounced
 * sweep queues the recompute job, Refresh queues it on demand with its state, and another
 * workspace neither sees nor refreshes this one's answers.
 */
import type { InsightsCache, ProviderInsights, SendTimeInsights } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { helpers } from "../campaigns/campaigns.test-helpers.ts";
import { checkForNewData, REFRESH_DEBOUNCE_MS, refreshDue, runSnapshotJob } from "./send-insights.freshness.ts";
import { getSnapshotById } from "./send-insights.snapshots.repository.ts";
import { runRefresh } from "./send-insights.snapshots.ts";
import { localInstant, type Send, seedSends } from "./send-insights.test-helpers.ts";

const ST = "/api/send-insights/send-time";
const PR = "/api/send-insights/providers";

describe("send-insights cached answers", () => {
  let t: TestApp;
  const h = helpers(() => t);
  let owner: TestUser;
  let stranger: TestUser;
  let campaign: { id: string };
  let lead: string;
  const week = new Date(Date.now() - 86_400_000);

  /** n sends on a Tuesday 10:00 in Berlin last week, or (recent) in the last hour as the sender makes them. */
  const sends = (n: number, replies: number, recent = false): Send[] =>
    Array.from({ length: n }, (_, i) => ({
      leadId: lead,
      at: recent ? new Date(Date.now() - 3_600_000) : localInstant("Europe/Berlin", 2, 10, week),
      events: i < replies ? [{ type: "open" as const }, { type: "reply" as const }] : [],
    }));
  const snapshotIds = async (kind: string) =>
    (
      (await t.app.ctx.db.execute(
        sql`select id from send_insights_snapshots where workspace_id = ${owner.workspaceId} and kind = ${kind} order by days`,
      )) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
    owner = await createUser(t.app.ctx.db);
    stranger = await createUser(t.app.ctx.db);
    lead = (await h.lead(owner, { country: "Germany", city: "Berlin", email: "ada@example.org" })).id;
    campaign = await h.campaign(owner, { name: "Spring" });
    await seedSends(t, owner, campaign.id, sends(20, 4));
  });
  afterAll(() => t.close());

  it("computes on the first read, then serves the stored answer with when it was computed", async () => {
    const first: SendTimeInsights = await h.ok(owner, "GET", `${ST}?metric=reply&block_hours=1`);
    expect(first.cache).toMatchObject({ fresh: true, stale: false, refresh: { status: "idle" } });
    expect(first.totals).toMatchObject({ sends: 20, replied: 4 });
    const again: SendTimeInsights = await h.ok(owner, "GET", `${ST}?metric=open&block_hours=2`);
    // Same stored counts; metric and block are applied when read.
    expect(again.cache).toMatchObject({ fresh: false, stale: false, computed_at: first.cache.computed_at });
    expect(again).toMatchObject({ metric: "open", block_hours: 2, totals: { sends: 20, opened: 4 } });
    // Another period is another stored answer.
    const short: SendTimeInsights = await h.ok(owner, "GET", `${ST}?days=30`);
    expect(short.cache.fresh).toBe(true);
    expect(await snapshotIds("send_time")).toHaveLength(2);

    const p1: ProviderInsights = await h.ok(owner, "GET", PR);
    const p2: ProviderInsights = await h.ok(owner, "GET", PR);
    expect([p1.cache.fresh, p2.cache.fresh]).toEqual([true, false]);
    expect(p2.totals.sent).toBe(20);
  });

  it("sees new sends and events, marks the answers stale, and recomputes them in the job (debounced)", async () => {
    const now = new Date();
    expect(await checkForNewData(t.app.ctx, now)).toBe(1); // the first check has nothing to compare with
    await runAll("send_time");
    await runAll("providers");
    const settled: SendTimeInsights = await h.ok(owner, "GET", ST);
    expect(settled.cache.stale).toBe(false);
    expect(await checkForNewData(t.app.ctx, new Date())).toBe(0);

    await seedSends(t, owner, campaign.id, sends(10, 6, true));
    expect(await checkForNewData(t.app.ctx, new Date())).toBe(1);
    const stale: SendTimeInsights = await h.ok(owner, "GET", ST);
    // Still the stored answer, now saying newer data exists.
    expect(stale.cache).toMatchObject({ fresh: false, stale: true });
    expect(stale.totals).toMatchObject({ sends: 20, replied: 4 });

    // Debounced: an answer computed less than REFRESH_DEBOUNCE_MS ago waits.
    expect(await refreshDue(t.app.ctx, new Date())).toBe(0);
    const later = new Date(Date.now() + REFRESH_DEBOUNCE_MS + 1000);
    expect(await refreshDue(t.app.ctx, later)).toBe(3);
    const queued: SendTimeInsights = await h.ok(owner, "GET", ST);
    expect(queued.cache.refresh.status).toBe("queued");
    expect(await refreshDue(t.app.ctx, later)).toBe(0); // already queued

    await runAll("send_time");
    await runAll("providers");
    const fresh: SendTimeInsights = await h.ok(owner, "GET", ST);
    expect(fresh.cache).toMatchObject({ fresh: false, stale: false, refresh: { status: "idle", progress: 100 } });
    expect(fresh.totals).toMatchObject({ sends: 30, replied: 10 });
    expect(Date.parse(fresh.cache.computed_at)).toBeGreaterThan(Date.parse(stale.cache.computed_at));
    const providers: ProviderInsights = await h.ok(owner, "GET", PR);
    expect(providers.totals).toMatchObject({ sent: 30, replied: 10 });
  });

  it("queues a recompute on demand once, and shows its state until it ran", async () => {
    const res = await h.call(owner, "POST", `${ST}/recompute`, { days: 180 });
    expect(res.statusCode).toBe(202);
    expect((res.json() as InsightsCache).refresh.status).toBe("queued");
    const twice = await h.call(owner, "POST", `${ST}/recompute`, { days: 180 });
    expect(twice.statusCode).toBe(200);
    expect((await h.call(owner, "POST", `${PR}/recompute`, {})).statusCode).toBe(202);
    await seedSends(t, owner, campaign.id, sends(5, 0, true));
    await runAll("send_time");
    await runAll("providers");
    const r: SendTimeInsights = await h.ok(owner, "GET", ST);
    expect(r.totals.sends).toBe(35);
    expect(r.cache.refresh).toMatchObject({ status: "idle", progress: 100, error: null });
    expect((await h.call(owner, "POST", `${ST}/recompute`, { days: 3 })).statusCode).toBe(422);
  });

  it("shows a recompute's progress on the row, and keeps the last answer when it fails", async () => {
    const before: SendTimeInsights = await h.ok(owner, "GET", `${ST}?days=30`);
    const [id] = await snapshotIds("send_time"); // ordered by days: the 30-day answer
    const row = (await getSnapshotById(t.app.ctx.db, id!))!;
    expect(row.days).toBe(30);
    let midway: Awaited<ReturnType<typeof getSnapshotById>>;
    await runRefresh(t.app.ctx, row, async (_now, step) => {
      await step(40, "Counting sends");
      midway = await getSnapshotById(t.app.ctx.db, id!);
      throw new Error("the database went away");
    });
    expect(midway!).toMatchObject({ refreshStatus: "running", refreshProgress: 40, refreshStep: "Counting sends" });
    const after: SendTimeInsights = await h.ok(owner, "GET", `${ST}?days=30`);
    expect(after.cache.refresh.status).toBe("failed");
    expect(after.cache.refresh.error).toContain("the last answer is kept");
    expect(after.totals).toEqual(before.totals);
    expect(after.cache.computed_at).toBe(before.cache.computed_at);
    // A failed refresh may be asked for again.
    expect((await h.call(owner, "POST", `${ST}/recompute`, { days: 30 })).statusCode).toBe(202);
  });

  it("keeps one campaign's answer apart and refuses another workspace's campaign", async () => {
    const mine: SendTimeInsights = await h.ok(owner, "GET", `${ST}?campaign_id=${campaign.id}`);
    expect(mine).toMatchObject({ campaign_id: campaign.id, totals: { sends: 35 }, cache: { fresh: true } });

    const theirs: SendTimeInsights = await h.ok(stranger, "GET", ST);
    expect(theirs.totals.sends).toBe(0);
    expect(theirs.cache.fresh).toBe(true);
    const theirProviders: ProviderInsights = await h.ok(stranger, "GET", PR);
    expect(theirProviders.totals.sent).toBe(0);
    for (const res of [
      await h.call(stranger, "GET", `${ST}?campaign_id=${campaign.id}`),
      await h.call(stranger, "GET", `${PR}?campaign_id=${campaign.id}`),
      await h.call(stranger, "POST", `${ST}/recompute`, { campaign_id: campaign.id }),
      await h.call(stranger, "POST", `${PR}/recompute`, { campaign_id: campaign.id }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("SEND_TIME_CAMPAIGN_NOT_FOUND");
    }
  });

  /** Runs the snapshot job for every stored answer of a kind that is queued (or all, as the job is idempotent). */
  async function runAll(kind: string) {
    for (const id of await snapshotIds(kind)) await runSnapshotJob(t.app.ctx, id);
  }
});
