/**
 * GET /api/campaigns/analytics/trends: the workspace's daily series in the caller's time zone
 * (sent, delivered, human opens, clicks, replies, bounces, unsubscribes, meetings), the most
 * active campaigns' totals, the per-campaign trends' range rules, the cache, and tenancy.
 */
import type { CampaignEventType, MessageStatus } from "@prospector/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { campaignEvents, campaignMessages } from "./campaigns.table.ts";
import { helpers } from "./campaigns.test-helpers.ts";

const URL = "/api/campaigns/analytics/trends";

describe("workspace trends", () => {
  let t: TestApp;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Writes what the sender and tracker would: an outbox row per lead and events on it. */
  async function seed(user: TestUser, campaignId: string, sends: { at: string; status?: MessageStatus }[]) {
    const leads: string[] = [];
    for (const _ of sends) leads.push((await h.lead(user)).id);
    const rows = await t.app.ctx.db
      .insert(campaignMessages)
      .values(
        sends.map((s, i) => ({
          workspaceId: user.workspaceId,
          campaignId,
          leadId: leads[i]!,
          step: 0,
          status: s.status ?? "sent",
          sentAt: new Date(s.at),
        })),
      )
      .returning();
    return (i: number, type: CampaignEventType, at: string, isBot = false) =>
      t.app.ctx.db.insert(campaignEvents).values({
        workspaceId: user.workspaceId,
        campaignId,
        leadId: rows[i]!.leadId,
        messageId: rows[i]!.id,
        type,
        isBot,
        occurredAt: new Date(at),
      });
  }

  it("adds every campaign up day by day in the caller's time zone and ranks the campaigns", async () => {
    const user = await createUser(t.app.ctx.db);
    await h.ok(user, "PUT", "/api/user-settings/settings", { timezone: "America/New_York" });
    const a = await h.campaign(user, { name: "Alpha" });
    const b = await h.campaign(user, { name: "Beta" });
    const idle = await h.campaign(user, { name: "Idle" });
    // 2026-03-10 02:00 UTC is still 2026-03-09 in New York.
    const ea = await seed(user, a.id, [
      { at: "2026-03-10T02:00:00Z" },
      { at: "2026-03-10T15:00:00Z" },
      { at: "2026-03-10T15:00:00Z", status: "bounced" },
    ]);
    const eb = await seed(user, b.id, [{ at: "2026-03-10T16:00:00Z" }, { at: "2026-03-20T16:00:00Z" }]);
    await seed(user, idle.id, [{ at: "2026-02-01T12:00:00Z" }]);
    await ea(0, "open", "2026-03-10T16:00:00Z");
    await ea(0, "open", "2026-03-10T17:00:00Z");
    await ea(1, "open", "2026-03-10T16:30:00Z", true); // a privacy proxy: not an open
    await ea(0, "click", "2026-03-10T16:05:00Z");
    await ea(1, "click", "2026-03-10T15:00:05Z", true);
    await ea(2, "bounce", "2026-03-10T15:01:00Z");
    await ea(0, "reply", "2026-03-11T14:00:00Z");
    await ea(0, "meeting", "2026-03-11T15:00:00Z");
    await eb(0, "unsubscribe", "2026-03-11T03:00:00Z"); // 2026-03-10 in New York
    await eb(0, "reply", "2026-03-10T18:00:00Z");

    const tr = await h.ok(user, "GET", `${URL}?from=2026-03-08&to=2026-03-12`);
    expect(tr).toMatchObject({ timezone: "America/New_York", from: "2026-03-08", to: "2026-03-12", active_campaigns: 2 });
    const cols = ["sent", "delivered", "opens", "unique_opens", "clicks", "replies", "bounces", "unsubscribes", "meetings"] as const;
    expect(tr.series.map((p: Record<string, number>) => [p.date, ...cols.map((c) => p[c])])).toEqual([
      ["2026-03-08", 0, 0, 0, 0, 0, 0, 0, 0, 0],
      ["2026-03-09", 1, 1, 0, 0, 0, 0, 0, 0, 0],
      ["2026-03-10", 3, 2, 2, 1, 1, 1, 1, 1, 0],
      ["2026-03-11", 0, 0, 0, 0, 0, 1, 0, 0, 1],
      ["2026-03-12", 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ]);
    // Alpha sent most; Beta's later send is outside the range; Idle did nothing in it.
    expect(tr.campaigns).toHaveLength(2);
    expect(tr.campaigns[0]).toMatchObject({
      id: a.id,
      name: "Alpha",
      status: "draft",
      sent: 3,
      delivered: 2,
      bounces: 1,
      opens: 2,
      unique_opens: 1,
      bot_opens: 1,
      clicks: 1,
      bot_clicks: 1,
      replies: 1,
      meetings: 1,
      rates: { open_rate: 50, reply_rate: 50, bounce_rate: 33.3, meeting_rate: 50 },
    });
    expect(tr.campaigns[1]).toMatchObject({ id: b.id, name: "Beta", sent: 1, delivered: 1, replies: 1, unsubscribes: 1 });

    // days counts back from `to`, or on from `from`, as for one campaign.
    const week = await h.ok(user, "GET", `${URL}?days=7&to=2026-03-20`);
    expect(week).toMatchObject({ from: "2026-03-14", to: "2026-03-20" });
    expect(week.series).toHaveLength(7);
    expect(week.series.at(-1)).toMatchObject({ date: "2026-03-20", sent: 1 });
    expect(week.campaigns.map((c: { id: string }) => c.id)).toEqual([b.id]);
    expect(await h.ok(user, "GET", `${URL}?days=3&from=2026-03-09`)).toMatchObject({ from: "2026-03-09", to: "2026-03-11" });
    const recent = await h.ok(user, "GET", `${URL}?days=14`);
    expect(recent.series).toHaveLength(14);
    expect(recent.to).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date()));
  });

  it("refuses the ranges the per-campaign trends refuse", async () => {
    const user = await createUser(t.app.ctx.db);
    for (const q of ["from=2026-03-12&to=2026-03-01", "from=2025-01-01&to=2026-03-01", "from=yesterday", "days=0", "days=367"]) {
      const res = await h.call(user, "GET", `${URL}?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors?.length, q).toBeGreaterThan(0);
    }
  });

  it("lists at most 10 campaigns, most sent first", async () => {
    const user = await createUser(t.app.ctx.db);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const c = await h.campaign(user, { name: `C${i}` });
      ids.push(c.id);
      await seed(
        user,
        c.id,
        Array.from({ length: (i % 4) + 1 }, () => ({ at: "2026-05-05T12:00:00Z" })),
      );
    }
    const tr = await h.ok(user, "GET", `${URL}?from=2026-05-01&to=2026-05-07`);
    expect(tr.active_campaigns).toBe(12);
    expect(tr.campaigns).toHaveLength(10);
    const sent = tr.campaigns.map((c: { sent: number }) => c.sent);
    expect(sent).toEqual([...sent].sort((x, y) => y - x));
    expect(sent.slice(0, 3)).toEqual([4, 4, 4]);
    expect(tr.series.find((p: { date: string }) => p.date === "2026-05-05").sent).toBe(30);
  });

  it("is cached like the summary: a new event waits, a campaign change shows at once", async () => {
    const user = await createUser(t.app.ctx.db);
    const c = await h.campaign(user);
    const event = await seed(user, c.id, [{ at: "2026-04-02T12:00:00Z" }]);
    const q = `${URL}?from=2026-04-01&to=2026-04-03`;
    const day = async () => (await h.ok(user, "GET", q)).series[1];
    expect(await day()).toMatchObject({ sent: 1, replies: 0 });
    await event(0, "reply", "2026-04-02T13:00:00Z");
    expect((await day()).replies).toBe(0);
    await h.ok(user, "PUT", `/api/campaigns/${c.id}`, { name: "Renamed" });
    expect((await day()).replies).toBe(1);
    expect((await h.ok(user, "GET", q)).campaigns[0].name).toBe("Renamed");
  });

  it("shows only the caller's workspace, to analytics readers, and is never read as a campaign id", async () => {
    const owner = await createUser(t.app.ctx.db);
    const outsider = await createUser(t.app.ctx.db);
    const c = await h.campaign(owner, { name: "Private" });
    await seed(owner, c.id, [{ at: "2026-06-10T12:00:00Z" }]);
    const q = `${URL}?from=2026-06-09&to=2026-06-11`;
    const theirs = await h.ok(outsider, "GET", q);
    expect(theirs.campaigns).toEqual([]);
    expect(theirs.active_campaigns).toBe(0);
    expect(theirs.series.map((p: { sent: number }) => p.sent)).toEqual([0, 0, 0]);
    // An analyst (analytics:read, no campaigns:read) reads it; the per-campaign trends stay closed to them.
    const analyst = await addMember(t.app.ctx.db, owner, "analyst");
    const mine = await h.ok(analyst, "GET", q);
    expect(mine.campaigns.map((x: { name: string }) => x.name)).toEqual(["Private"]);
    expect((await h.call(analyst, "GET", `/api/campaigns/${c.id}/trends`)).statusCode).toBe(403);
    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    expect((await h.ok(viewer, "GET", q)).series[1].sent).toBe(1);
    const salesRep = await addMember(t.app.ctx.db, owner, "sales_rep");
    expect((await h.call(salesRep, "GET", q)).statusCode).toBe(403);
  });
});
