/**
 * Capacity planning: the simulation against finish dates worked out by hand for known caps,
 * windows, warm-up ramps, gaps, step delays and shared inboxes; then the API on real campaigns
 * (plan, holds, the deadline calculator, bad input, isolation).
 */
import type { CampaignSchedule } from "@prospector/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { type SimCampaign, type SimInbox, simulate } from "./capacity.simulate.ts";
import { raceHelpers } from "./sending.race.test-helpers.ts";

const ALWAYS: CampaignSchedule = { timezone: "UTC", days: [0, 1, 2, 3, 4, 5, 6], start: "00:00", end: "23:59" };
const WEEKDAYS_9_TO_5: CampaignSchedule = { timezone: "UTC", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" };
/** Monday 7 December 2026, midnight UTC. */
const MONDAY = new Date("2026-12-07T00:00:00Z");
const FRIDAY = new Date("2026-12-11T00:00:00Z");

const inbox = (id: string, o: Partial<SimInbox> & { cap?: number } = {}): SimInbox => ({
  id,
  dailyLimit: o.cap ?? 30,
  limitOn: () => o.cap ?? 30,
  minGapSeconds: 0,
  usable: true,
  sentToday: 0,
  ...o,
});
const campaign = (id: string, leads: number, o: Partial<SimCampaign> = {}, now = MONDAY): SimCampaign => ({
  id,
  schedule: ALWAYS,
  delays: [0],
  inboxIds: ["i1"],
  cohorts: [{ step: 0, due: now, count: leads }],
  blocked: null,
  ...o,
});
const run = (cs: SimCampaign[], is: SimInbox[], now = MONDAY) => simulate(cs, is, now, { horizonDays: 365, planDays: 30 });

describe("the day-by-day simulation", () => {
  it("fills whole days at the daily cap: 100 emails at 30 a day end on the fourth day", () => {
    const r = run([campaign("a", 100)], [inbox("i1")]).get("a");
    expect(r).toMatchObject({ finishDate: "2026-12-10", sendingDays: 4, bottleneck: "daily_cap", messages: 100 });
    expect(r?.plan.map((d) => d.messages)).toEqual([30, 30, 30, 10]);
  });

  it("what the inbox already sent in the last 24 hours comes off today", () => {
    const r = run([campaign("a", 40)], [inbox("i1", { sentToday: 25 })]).get("a");
    expect(r?.plan.map((d) => d.messages)).toEqual([5, 30, 5]);
    expect(r?.finishDate).toBe("2026-12-09");
  });

  it("sends only on the schedule's days: from a Friday, 50 at 20 a day on weekdays end on Tuesday", () => {
    const r = run([campaign("a", 50, { schedule: WEEKDAYS_9_TO_5 }, FRIDAY)], [inbox("i1", { cap: 20 })], FRIDAY).get("a");
    expect(r?.plan.map((d) => d.messages)).toEqual([20, 0, 0, 20, 10]);
    expect(r).toMatchObject({ finishDate: "2026-12-15", sendingDays: 3 });
  });

  it("follows the warm-up ramp day by day: 10, 15, 20, 25 a day send 60 on the fourth day", () => {
    const warming = inbox("i1", { dailyLimit: 100, limitOn: (day) => Math.min(100, 10 + 5 * day) });
    const r = run([campaign("a", 60)], [warming]).get("a");
    expect(r?.plan.map((d) => d.messages)).toEqual([10, 15, 20, 15]);
    expect(r).toMatchObject({ finishDate: "2026-12-10", bottleneck: "warming_up" });
  });

  it("applies the minimum gap inside the window: one per 10 minutes over 3 hours is 18 a day", () => {
    const schedule: CampaignSchedule = { ...ALWAYS, start: "09:00", end: "12:00" };
    const r = run([campaign("a", 40, { schedule })], [inbox("i1", { cap: 100, minGapSeconds: 600 })]).get("a");
    expect(r?.plan.map((d) => d.messages)).toEqual([18, 18, 4]);
    expect(r).toMatchObject({ finishDate: "2026-12-09", bottleneck: "min_gap" });
  });

  it("waits for the step delays: a 3-day follow-up ends on the fourth day whatever the capacity", () => {
    const r = run([campaign("a", 10, { delays: [0, 3] })], [inbox("i1", { cap: 1000 })]).get("a");
    expect(r?.plan.map((d) => d.messages)).toEqual([10, 0, 0, 10]);
    expect(r).toMatchObject({ finishDate: "2026-12-10", sendingDays: 2, bottleneck: "step_delay", messages: 20 });
  });

  it("shares an inbox evenly between campaigns, and gives the rest to whoever still has emails", () => {
    const results = run([campaign("a", 30), campaign("b", 90)], [inbox("i1")]);
    expect(results.get("a")?.plan.map((d) => d.messages)).toEqual([15, 15]);
    expect(results.get("b")?.plan.map((d) => d.messages)).toEqual([15, 15, 30, 30]);
    expect(results.get("a")).toMatchObject({ finishDate: "2026-12-08", bottleneck: "shared_inboxes" });
    expect(results.get("b")?.finishDate).toBe("2026-12-10");
  });

  it("a held or paused campaign, or one without a usable inbox, has no finish date and says why", () => {
    const results = run(
      [
        campaign("held", 10, { blocked: "held" }),
        campaign("paused", 10, { blocked: "paused" }),
        campaign("noinbox", 10, { inboxIds: ["i2"] }),
      ],
      [inbox("i1"), inbox("i2", { usable: false })],
    );
    expect(results.get("held")).toMatchObject({ finishDate: null, bottleneck: "held" });
    expect(results.get("paused")).toMatchObject({ finishDate: null, bottleneck: "paused" });
    expect(results.get("noinbox")).toMatchObject({ finishDate: null, bottleneck: "no_inbox" });
  });
});

describe("the capacity API on real campaigns", () => {
  let t: TestApp;
  let owner: TestUser;
  let inboxId: string;
  const { h, insertLeads, launched } = raceHelpers(() => ({ t, sink: undefined as never, owner, inboxId }));
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp({ JOBS: "off", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
    owner = await createUser(t.database.db);
    inboxId = (await h.inbox(owner, 2525, { daily_limit: 3 })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("has nothing to plan before a campaign runs", async () => {
    const plan = await h.ok(owner, "GET", "/api/capacity-planning");
    expect(plan.campaigns).toEqual([]);
    expect(plan.assumptions.length).toBeGreaterThan(3);
  });

  it("plans a launched campaign from its queued leads and its inbox's cap, and shows a hold", async () => {
    const id = await launched(
      "Seven leads",
      (await insertLeads(7, "Cap")).map((l) => l.id),
      1,
    );
    const plan = await h.ok(owner, "GET", "/api/capacity-planning");
    const c = plan.campaigns.find((x: { campaign_id: string }) => x.campaign_id === id);
    expect(c).toMatchObject({
      queued_messages: 7,
      per_step: [{ step: 1, messages: 7 }],
      inbox_count: 1,
      daily_capacity_today: 3,
      finish_date: day(2),
      sending_days: 3,
      bottleneck: "daily_cap",
    });
    expect(c.daily_plan.map((d: { messages: number }) => d.messages)).toEqual([3, 3, 1]);
    expect(plan.inboxes.find((i: { inbox_id: string }) => i.inbox_id === inboxId)).toMatchObject({
      daily_limit: 3,
      campaigns: 1,
      held: false,
    });

    const hold = await h.ok(owner, "POST", "/api/kill-switch/holds", { scope: "campaign", target_id: id, reason: "Check copy" }, 201);
    const held = (await h.ok(owner, "GET", "/api/capacity-planning")).campaigns.find((x: { campaign_id: string }) => x.campaign_id === id);
    expect(held).toMatchObject({ finish_date: null, bottleneck: "held" });
    await h.ok(owner, "POST", `/api/kill-switch/holds/${hold.id}/release`, {});
  });

  it("works out how many inboxes a deadline needs", async () => {
    const id = await launched(
      "Hundred",
      (await insertLeads(100, "Calc")).map((l) => l.id),
      1,
    );
    // Three sending days (today, tomorrow, the day after) at 10 a day per inbox: 4 inboxes (40, 40, 20); 3 would need a fourth day.
    const r = await h.ok(owner, "GET", `/api/capacity-planning/calculator?campaign_id=${id}&deadline=${day(2)}&cap=10`);
    expect(r).toMatchObject({ inboxes_needed: 4, finish_date: day(2), queued_messages: 100, inboxes_now: 1, earliest_possible: day(0) });
    expect(r.explanation).toContain("4 inboxes at 10 a day");
    const all = await h.ok(owner, "GET", `/api/capacity-planning/calculator?deadline=${day(2)}&cap=10`);
    expect(all.campaign_ids.length).toBeGreaterThanOrEqual(2);
    expect(all.queued_messages).toBeGreaterThanOrEqual(107);
  });

  it("says when no number of inboxes is enough, and refuses bad input", async () => {
    const c = await h.ok(
      owner,
      "POST",
      "/api/campaigns/",
      {
        name: "Slow sequence",
        subject_line: "Hi",
        inbox_ids: [inboxId],
        schedule: h.ALWAYS,
        steps: [
          { delay_days: 0, subject: "Hi", body: 'One <a href="{{unsubscribe_url}}">u</a>', variants: [] },
          { delay_days: 5, subject: "Re", body: 'Two <a href="{{unsubscribe_url}}">u</a>', variants: [] },
        ],
      },
      201,
    );
    await h.ok(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: (await insertLeads(2, "Slow")).map((l) => l.id) });
    await h.ok(owner, "POST", `/api/campaigns/${c.id}/launch`);
    const r = await h.ok(owner, "GET", `/api/capacity-planning/calculator?campaign_id=${c.id}&deadline=${day(3)}&cap=50`);
    expect(r).toMatchObject({ inboxes_needed: null, earliest_possible: day(5) });
    expect(r.explanation).toContain("Even with unlimited inboxes");

    const past = await h.call(owner, "GET", `/api/capacity-planning/calculator?deadline=${day(-1)}&cap=10`);
    expect(past.statusCode).toBe(422);
    expect(past.json().code).toBe("CAPACITY_DEADLINE_PASSED");
    const bad = await h.call(owner, "GET", "/api/capacity-planning/calculator?deadline=someday&cap=0");
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["cap", "deadline"]);
  });

  it("another workspace sees none of these campaigns and cannot plan them (404)", async () => {
    const stranger = await createUser(t.database.db);
    expect((await h.ok(stranger, "GET", "/api/capacity-planning")).campaigns).toEqual([]);
    const mine = (await h.ok(owner, "GET", "/api/capacity-planning")).campaigns[0].campaign_id;
    const res = await h.call(stranger, "GET", `/api/capacity-planning/calculator?campaign_id=${mine}&deadline=${day(5)}&cap=10`);
    expect(res.statusCode).toBe(404);
  });
});
