/**
 * What the scheduler lets out and when: the campaign's window in its own time zone, each inbox's
 * daily limit, minimum gap and warm-up ramp, rotation across inboxes, paused inboxes, and the
 * queue route that says why every waiting message waits and when the campaign should finish.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { campaignMessages } from "../campaigns/campaigns.table.ts";
import { inWindow, nextWindowOpen } from "./send-window.ts";
import { runSendingPass } from "./sending.service.ts";
import { type SmtpSink, sendingHelpers, startSmtpSink, tomorrowAt } from "./sending.test-helpers.ts";

let t: TestApp;
let sink: SmtpSink;
let owner: TestUser;
const h = sendingHelpers(() => t);

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ JOBS: "off", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
  owner = await createUser(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const sentPerInbox = async (campaignId: string) => {
  const rows = await t.database.db
    .select({ inboxId: campaignMessages.inboxId })
    .from(campaignMessages)
    .where(and(eq(campaignMessages.campaignId, campaignId), inArray(campaignMessages.status, ["sent", "sending"])));
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.inboxId as string, (out.get(r.inboxId as string) ?? 0) + 1);
  return out;
};

describe("sending window in the campaign's time zone", () => {
  const berlinMornings = { timezone: "Europe/Berlin", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" };

  it("is open on a weekday at 09:30 Berlin time and closed at 08:30, at 17:00 and on Saturday", () => {
    // 2026-01-14 is a Wednesday; Berlin is UTC+1 in winter, UTC+2 in summer.
    expect(inWindow(berlinMornings, new Date("2026-01-14T08:30:00Z"))).toBe(true);
    expect(inWindow(berlinMornings, new Date("2026-01-14T07:30:00Z"))).toBe(false);
    expect(inWindow(berlinMornings, new Date("2026-01-14T16:00:00Z"))).toBe(false);
    expect(inWindow(berlinMornings, new Date("2026-07-15T07:30:00Z"))).toBe(true);
    expect(inWindow(berlinMornings, new Date("2026-01-17T10:00:00Z"))).toBe(false);
  });

  it("finds the next opening: Friday evening waits for Monday 09:00 local", () => {
    const fridayEvening = new Date("2026-01-16T18:00:00Z");
    expect(nextWindowOpen(berlinMornings, fridayEvening)?.toISOString()).toBe("2026-01-19T08:00:00.000Z");
  });

  it("sends nothing outside the window and says so in the queue; sends once it opens", async () => {
    const inbox = await h.inbox(owner, sink.port);
    const leads = await h.leads(owner, 2);
    const tokyo = { timezone: "Asia/Tokyo", days: [0, 1, 2, 3, 4, 5, 6], start: "09:00", end: "10:00" };
    const c = await h.launched(owner, { inboxIds: [inbox.id], leadIds: leads.map((l) => l.id), body: { schedule: tokyo } });
    // 12:00 UTC is 21:00 in Tokyo.
    const closed = await runSendingPass(h.engine(), c.id, tomorrowAt(12));
    expect(closed).toMatchObject({ sent: 0, waiting: "outside_window" });
    const queue = await h.ok(owner, "GET", `/api/campaigns/${c.id}/queue`);
    expect(queue.total).toBe(2);
    expect(queue.items.map((i: { reason: string }) => i.reason)).not.toContain("due");
    // 00:30 UTC is 09:30 in Tokyo.
    const open = await runSendingPass(h.engine(), c.id, new Date(tomorrowAt(0, 30).getTime() + 86_400_000));
    expect(open.sent).toBe(2);
  });
});

describe("inbox caps", () => {
  it("stops at the daily limit and reports daily_cap for the rest", async () => {
    const inbox = await h.inbox(owner, sink.port, { daily_limit: 3, min_gap_seconds: 0 });
    const leads = await h.leads(owner, 5);
    const c = await h.launched(owner, { inboxIds: [inbox.id], leadIds: leads.map((l) => l.id) });
    const noon = tomorrowAt(12);
    expect((await runSendingPass(h.engine(), c.id, noon)).sent).toBe(3);
    expect(await runSendingPass(h.engine(), c.id, new Date(noon.getTime() + 60_000))).toMatchObject({ sent: 0, waiting: "daily_cap" });
    const queue = await h.ok(owner, "GET", `/api/campaigns/${c.id}/queue`);
    expect(queue.reasons).toEqual({ daily_cap: 2 });
    expect(queue.items[0].reason_text).toBe("The inboxes' daily limits are reached");
    const detail = await h.ok(owner, "GET", `/api/inboxes/${inbox.id}`);
    expect(detail.health).toMatchObject({ sent_today: 3, effective_daily_limit: 3 });
    // A day later the limit has room again.
    expect((await runSendingPass(h.engine(), c.id, new Date(noon.getTime() + 86_400_000 + 120_000))).sent).toBe(2);
  });

  it("keeps the minimum gap between two sends of one inbox", async () => {
    const inbox = await h.inbox(owner, sink.port, { daily_limit: 50, min_gap_seconds: 120 });
    const leads = await h.leads(owner, 3);
    const c = await h.launched(owner, { inboxIds: [inbox.id], leadIds: leads.map((l) => l.id) });
    const noon = tomorrowAt(12);
    expect((await runSendingPass(h.engine(), c.id, noon)).sent).toBe(1);
    expect(await runSendingPass(h.engine(), c.id, new Date(noon.getTime() + 60_000))).toMatchObject({ sent: 0, waiting: "min_gap" });
    expect((await runSendingPass(h.engine(), c.id, new Date(noon.getTime() + 121_000))).sent).toBe(1);
  });

  it("ramps up under warm-up: the first day allows start_per_day", async () => {
    const inbox = await h.inbox(owner, sink.port, {
      daily_limit: 50,
      min_gap_seconds: 0,
      warmup: { enabled: true, start_per_day: 2, increase_per_day: 3 },
    });
    const leads = await h.leads(owner, 4);
    const c = await h.launched(owner, { inboxIds: [inbox.id], leadIds: leads.map((l) => l.id) });
    // Still the inbox's first day (tomorrow noon is a day after it when this runs before noon UTC).
    const soon = new Date(Date.now() + 60_000);
    expect((await runSendingPass(h.engine(), c.id, soon)).sent).toBe(2);
    expect(await runSendingPass(h.engine(), c.id, new Date(soon.getTime() + 1000))).toMatchObject({ sent: 0, waiting: "warming_up" });
    const detail = await h.ok(owner, "GET", `/api/inboxes/${inbox.id}`);
    expect(detail.warmup).toMatchObject({ enabled: true, start_per_day: 2, increase_per_day: 3 });
    expect(detail.health.effective_daily_limit).toBe(2);
  });

  it("rotates across the campaign's inboxes and skips a paused one", async () => {
    const a = await h.inbox(owner, sink.port, { daily_limit: 100, min_gap_seconds: 0 });
    const b = await h.inbox(owner, sink.port, { daily_limit: 100, min_gap_seconds: 0 });
    const paused = await h.inbox(owner, sink.port, { daily_limit: 100, min_gap_seconds: 0 });
    await h.ok(owner, "PUT", `/api/inboxes/${paused.id}`, { paused: true });
    const leads = await h.leads(owner, 6);
    const c = await h.launched(owner, { inboxIds: [a.id, b.id, paused.id], leadIds: leads.map((l) => l.id) });
    expect((await runSendingPass(h.engine(), c.id, tomorrowAt(12))).sent).toBe(6);
    const per = await sentPerInbox(c.id);
    expect(per.get(a.id)).toBe(3);
    expect(per.get(b.id)).toBe(3);
    expect(per.has(paused.id)).toBe(false);
  });

  it("waits with inbox_paused when every inbox is paused, and estimates no finish without capacity", async () => {
    const only = await h.inbox(owner, sink.port);
    const [lead] = await h.leads(owner, 1);
    const c = await h.launched(owner, { inboxIds: [only.id], leadIds: [lead!.id] });
    await h.ok(owner, "PUT", `/api/inboxes/${only.id}`, { paused: true });
    expect(await runSendingPass(h.engine(), c.id, tomorrowAt(12))).toMatchObject({ sent: 0, waiting: "inbox_paused" });
    const queue = await h.ok(owner, "GET", `/api/campaigns/${c.id}/queue`);
    expect(queue.reasons).toEqual({ inbox_paused: 1 });
    expect(queue.estimate).toMatchObject({ daily_capacity: 0, finish_at: null });
  });

  it("estimates the finish from the inboxes' daily limits and the step delays", async () => {
    const inbox = await h.inbox(owner, sink.port, { daily_limit: 2 });
    const leads = await h.leads(owner, 3);
    const c = await h.launched(owner, {
      inboxIds: [inbox.id],
      leadIds: leads.map((l) => l.id),
      body: {
        steps: [
          { delay_days: 0, subject: "One", body: "1 {{unsubscribe_url}}", variants: [] },
          { delay_days: 3, subject: "Two", body: "2", variants: [] },
        ],
        subject_line: "One",
      },
    });
    const queue = await h.ok(owner, "GET", `/api/campaigns/${c.id}/queue`);
    expect(queue.remaining_messages).toBe(6);
    expect(queue.estimate.daily_capacity).toBe(2);
    expect(queue.estimate.sending_days).toBe(3);
    // Three sending days for the volume, then the 3-day follow-up delay: at least five days out.
    expect(Date.parse(queue.estimate.finish_at)).toBeGreaterThan(Date.now() + 4 * 86_400_000);
  });
});
