import type { CampaignEventType } from "@prospector/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { campaignEvents, campaignMessages, campaigns } from "./campaigns.table.ts";
import { helpers } from "./campaigns.test-helpers.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("campaign analytics", () => {
  let t: TestApp;
  let owner: TestUser;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  /** Writes what the sender and tracker would: sent outbox rows and events. */
  async function seed(campaignId: string, leadIds: string[], at: (i: number) => Date) {
    const [c] = await t.app.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    const messages = await t.app.ctx.db
      .insert(campaignMessages)
      .values(
        leadIds.map((leadId, i) => ({ workspaceId: c!.workspaceId, campaignId, leadId, step: 0, status: "sent" as const, sentAt: at(i) })),
      )
      .returning();
    return {
      event: (i: number, type: CampaignEventType, opts: { isBot?: boolean; when?: Date } = {}) =>
        t.app.ctx.db.insert(campaignEvents).values({
          workspaceId: c!.workspaceId,
          campaignId,
          leadId: leadIds[i]!,
          messageId: messages[i]!.id,
          type,
          isBot: opts.isBot ?? false,
          occurredAt: opts.when ?? at(i),
        }),
    };
  }

  it("answers honest zeros before anything is sent", async () => {
    const c = await h.campaign(owner);
    const m = await h.ok(owner, "GET", `/api/campaigns/${c.id}/metrics`);
    expect(m).toMatchObject({ sent: 0, delivered: 0, opens: 0, replies: 0, rates: { open_rate: 0, reply_rate: 0 }, queued: 0 });
    const rt = await h.ok(owner, "GET", `/api/campaigns/${c.id}/real-time`);
    expect(rt).toMatchObject({ last_hour: { sent: 0 }, today: { sent: 0 }, last_sent_at: null });
    expect(rt.minutes).toHaveLength(12);
  });

  it("counts sends, human vs bot opens, unique opens and clicks, replies, bounces and rates; cached until refresh", async () => {
    const { campaign } = await h.ready(owner);
    const leads = [];
    for (let i = 0; i < 4; i++) leads.push((await h.lead(owner)).id);
    const s = await seed(campaign.id, leads, () => new Date(Date.now() - 2 * HOUR));
    await s.event(0, "open");
    await s.event(0, "open");
    await s.event(1, "open");
    await s.event(2, "open", { isBot: true });
    await s.event(0, "click");
    await s.event(3, "click", { isBot: true });
    await s.event(0, "reply");
    await s.event(0, "auto_reply");
    await s.event(3, "bounce");
    await s.event(1, "unsubscribe");
    await s.event(0, "meeting");
    const m = await h.ok(owner, "GET", `/api/campaigns/${campaign.id}/metrics`);
    expect(m).toMatchObject({
      sent: 4,
      delivered: 3,
      bounces: 1,
      opens: 3,
      unique_opens: 2,
      bot_opens: 1,
      clicks: 1,
      unique_clicks: 1,
      bot_clicks: 1,
      replies: 1,
      unsubscribes: 1,
      meetings: 1,
      rates: { open_rate: 66.7, click_rate: 33.3, reply_rate: 33.3, bounce_rate: 25, unsubscribe_rate: 33.3, meeting_rate: 33.3 },
      leads: { queued: 1 },
    });
    // Within 30 s a new event is not yet counted; refresh recomputes at once.
    await s.event(1, "reply");
    expect((await h.ok(owner, "GET", `/api/campaigns/${campaign.id}/metrics`)).replies).toBe(1);
    expect((await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/metrics/refresh`)).replies).toBe(2);
    expect((await h.ok(owner, "GET", `/api/campaigns/${campaign.id}/metrics`)).replies).toBe(2);
  });

  it("gives a zero-filled daily series in the campaign's time zone", async () => {
    const { campaign } = await h.ready(owner, {
      schedule: { timezone: "America/New_York", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
    });
    const leads = [(await h.lead(owner)).id, (await h.lead(owner)).id];
    // 2026-03-10 02:00 UTC is still 2026-03-09 in New York.
    const s = await seed(campaign.id, leads, (i) => new Date(i === 0 ? "2026-03-10T02:00:00Z" : "2026-03-11T15:00:00Z"));
    await s.event(0, "open", { when: new Date("2026-03-10T16:00:00Z") });
    await s.event(1, "reply", { when: new Date("2026-03-11T16:00:00Z") });
    const tr = await h.ok(owner, "GET", `/api/campaigns/${campaign.id}/trends?from=2026-03-08&to=2026-03-12`);
    expect(tr).toMatchObject({ timezone: "America/New_York", from: "2026-03-08", to: "2026-03-12" });
    expect(
      tr.series.map((p: { date: string; sent: number; opens: number; replies: number }) => [p.date, p.sent, p.opens, p.replies]),
    ).toEqual([
      ["2026-03-08", 0, 0, 0],
      ["2026-03-09", 1, 0, 0],
      ["2026-03-10", 0, 1, 0],
      ["2026-03-11", 1, 0, 1],
      ["2026-03-12", 0, 0, 0],
    ]);
    expect(tr.series[1]).toMatchObject({ sent: 1, delivered: 1, meetings: 0 });
    const recent = await h.ok(owner, "GET", `/api/campaigns/${campaign.id}/trends?days=7`);
    expect(recent.series).toHaveLength(7);
    const bad = await h.call(owner, "GET", `/api/campaigns/${campaign.id}/trends?from=2026-03-12&to=2026-03-01`);
    expect(bad.statusCode).toBe(422);
  });

  it("real-time splits the last hour into 5-minute buckets and counts today", async () => {
    const { campaign } = await h.ready(owner);
    const leads = [(await h.lead(owner)).id, (await h.lead(owner)).id, (await h.lead(owner)).id];
    const now = Date.now();
    const s = await seed(campaign.id, leads, (i) => new Date(now - [60_000, 20 * 60_000, 3 * HOUR][i]!));
    await s.event(0, "open", { when: new Date(now - 30_000) });
    await s.event(1, "click", { when: new Date(now - 2 * DAY) });
    const rt = await h.ok(owner, "GET", `/api/campaigns/${campaign.id}/real-time`);
    expect(rt.last_hour).toMatchObject({ sent: 2, opens: 1, clicks: 0 });
    // The bucket holding each moment, found from the buckets' own start times.
    const bucketOf = (ms: number) => rt.minutes.findLast((m: { at: string }) => Date.parse(m.at) <= ms);
    expect(bucketOf(now - 60_000).sent).toBeGreaterThanOrEqual(1);
    expect(bucketOf(now - 30_000).opens).toBe(1);
    expect(bucketOf(now - 20 * 60_000).sent).toBeGreaterThanOrEqual(1);
    expect(rt.minutes.reduce((a: number, m: { sent: number }) => a + m.sent, 0)).toBe(2);
    const sinceMidnightUtc = now - new Date(new Date(now).toISOString().slice(0, 10)).getTime();
    expect(rt.today.sent).toBe(sinceMidnightUtc > 3 * HOUR ? 3 : sinceMidnightUtc > 20 * 60_000 ? 2 : 1);
    expect(rt.last_sent_at).toBe(new Date(now - 60_000).toISOString());
  });

  it("summarizes across the workspace's campaigns for analytics readers", async () => {
    const user = await createUser(t.app.ctx.db);
    const a = await h.ready(user);
    const b = await h.ready(user);
    const sa = await seed(a.campaign.id, [a.lead.id], () => new Date(Date.now() - DAY));
    const sb = await seed(b.campaign.id, [b.lead.id], () => new Date(Date.now() - 40 * DAY));
    await sa.event(0, "reply");
    await sb.event(0, "reply");
    await h.ok(user, "POST", `/api/campaigns/${a.campaign.id}/launch`);
    const analyst = await addMember(t.app.ctx.db, user, "analyst");
    const sum = await h.ok(analyst, "GET", "/api/campaigns/analytics/summary");
    expect(sum).toMatchObject({
      days: 30,
      sent: 1,
      replies: 1,
      campaigns: { total: 2, by_status: { active: 1, draft: 1 } },
      rates: { reply_rate: 100 },
      top_campaigns: [{ id: a.campaign.id, sent: 1, replies: 1, status: "active" }],
    });
    const wide = await h.ok(user, "GET", "/api/campaigns/analytics/summary?days=60");
    expect(wide).toMatchObject({ sent: 2, replies: 2 });
    expect((await h.call(analyst, "GET", `/api/campaigns/${a.campaign.id}/metrics`)).statusCode).toBe(403);
  });
});
