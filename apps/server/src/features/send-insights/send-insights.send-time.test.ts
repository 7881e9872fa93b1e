/**
 * GET /api/send-insights/send-time and apply-to-campaign: sends placed in their recipients' zones
 * (inferred from the lead, else the campaign's), human opens and replies per send (bots left out),
 * the best block, the preview and the apply with its refusals, permissions and tenancy.
 */
import type { SendTimeInsights, SendTimePreview } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { helpers } from "../campaigns/campaigns.test-helpers.ts";
import { localInstant, type Send, seedSends } from "./send-insights.test-helpers.ts";

const URL = "/api/send-insights/send-time";

describe("send-time optimizer", () => {
  let t: TestApp;
  const h = helpers(() => t);
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  const now = new Date();
  const leads: Record<string, string> = {};
  let source: { id: string };
  let target: { id: string };

  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
    const db = t.app.ctx.db;
    owner = await createUser(db);
    viewer = await addMember(db, owner, "viewer");
    stranger = await createUser(db);
    leads.berlin = (await h.lead(owner, { country: "Germany", city: "Berlin" })).id;
    leads.berlin2 = (await h.lead(owner, { country: "DE" })).id;
    leads.austin = (await h.lead(owner, { country: "US", city: "Austin, TX" })).id;
    leads.nowhere = (await h.lead(owner, {})).id;
    leads.usa = (await h.lead(owner, { country: "United States" })).id;
    leads.kolkata = (await h.lead(owner, { custom_fields: { timezone: "Asia/Kolkata" } })).id;
    // The sends come from a finished campaign scheduled in Tokyo; the target is a new draft.
    source = await h.campaign(owner, {
      name: "Spring",
      schedule: { timezone: "Asia/Tokyo", days: [1, 2, 3, 4, 5], start: "08:00", end: "18:00" },
    });
    target = await h.campaign(owner, {
      name: "Autumn",
      schedule: { timezone: "UTC", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
    });
    await h.ok(owner, "POST", `/api/campaigns/${target.id}/leads`, { lead_ids: [leads.berlin, leads.berlin2, leads.austin] });

    const week = new Date(now.getTime() - 86_400_000);
    const sends: Send[] = [];
    // Berlin, Tuesdays and Wednesdays: 20 sends at 10:00 local with 10 replies, 20 at 15:00 with 1.
    for (const weekday of [2, 3]) {
      for (let i = 0; i < 20; i++) {
        const lead = i % 2 ? leads.berlin! : leads.berlin2!;
        sends.push({
          leadId: lead,
          at: localInstant("Europe/Berlin", weekday, 10, week),
          events: i < 5 ? [{ type: "open" }, { type: "reply" }] : [{ type: "open", bot: true }],
        });
        sends.push({ leadId: lead, at: localInstant("Europe/Berlin", weekday, 15, week), events: i === 0 ? [{ type: "reply" }] : [] });
      }
    }
    // One each elsewhere: Austin (Chicago time), no location and the United States without a state (the campaign's Tokyo), Kolkata.
    sends.push({ leadId: leads.austin!, at: localInstant("America/Chicago", 4, 8, week), events: [{ type: "open" }] });
    sends.push({ leadId: leads.nowhere!, at: localInstant("Asia/Tokyo", 4, 17, week) });
    sends.push({ leadId: leads.usa!, at: localInstant("Asia/Tokyo", 4, 17, week) });
    sends.push({ leadId: leads.kolkata!, at: localInstant("Asia/Kolkata", 5, 11, week) });
    // Outside the window (200 days ago), a bounce and a queued row: none of them counts.
    sends.push({ leadId: leads.berlin!, at: new Date(now.getTime() - 200 * 86_400_000), events: [{ type: "reply" }] });
    sends.push({ leadId: leads.berlin!, at: localInstant("Europe/Berlin", 2, 10, week), status: "bounced" });
    await seedSends(t, owner, source.id, sends);
    await db.execute(sql`update campaigns set status = 'completed' where id = ${source.id}`);
  });
  afterAll(() => t.close());

  const cell = (r: SendTimeInsights, weekday: number, hour: number) => r.cells.find((c) => c.weekday === weekday && c.hour === hour)!;

  it("buckets delivered sends by the recipient's local weekday and hour, human opens and replies per send", async () => {
    const r: SendTimeInsights = await h.ok(owner, "GET", `${URL}?metric=reply&block_hours=1`);
    expect(r.totals).toEqual({ sends: 84, opened: 11, replied: 12, bot_opens_excluded: 30 });
    expect(cell(r, 2, 10)).toMatchObject({ sends: 20, opened: 5, replied: 5, enough: true });
    expect(cell(r, 2, 10).reply.rate).toBe(0.25);
    expect(cell(r, 2, 10).reply.low).toBeGreaterThan(0.1);
    expect(cell(r, 2, 10).reply.high).toBeLessThan(0.5);
    expect(cell(r, 3, 15)).toMatchObject({ sends: 20, replied: 1 });
    expect(cell(r, 2, 15).replied).toBe(1);
    // Austin is Chicago time; no location and "United States" alone fall back to the campaign's Tokyo.
    expect(cell(r, 4, 8)).toMatchObject({ sends: 1, opened: 1, enough: false });
    expect(cell(r, 4, 17).sends).toBe(2);
    expect(cell(r, 5, 11).sends).toBe(1);
    const ten = r.hours.find((x) => x.hour === 10)!;
    expect(ten).toMatchObject({ sends: 40, replied: 10, enough: true });
    // Events land in the hour they happened (30 minutes after a 10:10 send is still 10:00).
    expect(ten.replies_in_hour).toBe(10);
    expect(r.weekdays[2]).toMatchObject({ sends: 40, replied: 6 });
    expect(r.zones).toMatchObject({ leads: 6, inferred: 4, fallback: 2, sends_without_lead: 0 });
    expect(r.zones.fallback_reasons).toEqual(
      expect.arrayContaining([
        { reason: "no_location", leads: 1 },
        { reason: "country_spans_zones", leads: 1 },
      ]),
    );
    expect(r.zones.zones[0]).toEqual({ zone: "Europe/Berlin", leads: 2 });
  });

  it("picks the best block by rate per send, not by volume, and says why", async () => {
    const r: SendTimeInsights = await h.ok(owner, "GET", `${URL}?metric=reply&block_hours=1`);
    expect(r.best).toMatchObject({ metric: "reply", days: [2, 3], start_hour: 10, end_hour: 11, sends: 40, successes: 10 });
    expect(r.best!.basis).toContain("10 replies on 40 sends");
    const opens: SendTimeInsights = await h.ok(owner, "GET", `${URL}?metric=open&block_hours=2`);
    expect(opens.best).toMatchObject({ metric: "open", start_hour: 9, end_hour: 11 });
  });

  it("says 'not enough data' for one campaign's few sends and refuses nonsense", async () => {
    const few: SendTimeInsights = await h.ok(owner, "GET", `${URL}?campaign_id=${target.id}`);
    expect(few.totals.sends).toBe(0);
    expect(few.best).toBeNull();
    expect(few.best_missing).toContain("at least 20");
    expect(few.cells.every((c) => !c.enough)).toBe(true);
    const bad = await h.call(owner, "GET", `${URL}?days=3&block_hours=30`);
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["block_hours", "days"]);
  });

  it("previews the change, applies the best block to the campaign's window in its leads' zone, and refuses a stale preview", async () => {
    const body = { campaign_id: target.id, metric: "reply", block_hours: 1 };
    const preview: SendTimePreview = await h.ok(owner, "POST", `${URL}/preview`, body);
    expect(preview.editable).toBe(true);
    expect(preview.proposed).toEqual({ timezone: "Europe/Berlin", days: [2, 3], start: "10:00", end: "11:00" });
    expect(preview.changes).toEqual([
      { field: "timezone", from: "UTC", to: "Europe/Berlin" },
      { field: "days", from: "Mon, Tue, Wed, Thu, Fri", to: "Tue, Wed" },
      { field: "start", from: "09:00", to: "10:00" },
      { field: "end", from: "17:00", to: "11:00" },
    ]);
    expect(preview.zone_share).toBeCloseTo(2 / 3, 3);
    // The preview changed nothing.
    expect((await h.ok(owner, "GET", `/api/campaigns/${target.id}`)).schedule.start).toBe("09:00");

    const stale = await h.call(owner, "POST", `${URL}/apply`, { ...body, expected: { ...preview.proposed, start: "08:00" } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe("SEND_TIME_CHANGED");
    expect((await h.ok(owner, "GET", `/api/campaigns/${target.id}`)).schedule.start).toBe("09:00");

    const applied = await h.ok(owner, "POST", `${URL}/apply`, { ...body, expected: preview.proposed });
    expect(applied.applied_at).toBeTruthy();
    const campaign = await h.ok(owner, "GET", `/api/campaigns/${target.id}`);
    expect(campaign.schedule).toEqual({ timezone: "Europe/Berlin", days: [2, 3], start: "10:00", end: "11:00" });

    // Keeping the campaign's zone changes only days and hours.
    const keep: SendTimePreview = await h.ok(owner, "POST", `${URL}/preview`, { ...body, timezone_mode: "campaign", block_hours: 2 });
    expect(keep.proposed.timezone).toBe("Europe/Berlin");
    // Two 2-hour blocks tie (09–11 and 10–12 hold the same sends): the earlier one.
    expect(keep.changes).toEqual([{ field: "start", from: "10:00", to: "09:00" }]);
  });

  it("refuses a campaign whose schedule cannot change, with the reason, and changes nothing", async () => {
    const body = { campaign_id: source.id, metric: "reply", block_hours: 1 };
    const preview: SendTimePreview = await h.ok(owner, "POST", `${URL}/preview`, body);
    expect(preview.editable).toBe(false);
    expect(preview.not_editable_reason).toContain("completed");
    const res = await h.call(owner, "POST", `${URL}/apply`, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "SEND_TIME_CAMPAIGN_NOT_EDITABLE" });
    expect(res.json().detail).toContain("completed");
    expect((await h.ok(owner, "GET", `/api/campaigns/${source.id}`)).schedule.timezone).toBe("Asia/Tokyo");
  });

  it("refuses to apply without enough data", async () => {
    const lonely = await createUser(t.app.ctx.db);
    const c = await h.campaign(lonely);
    const res = await h.call(lonely, "POST", `${URL}/apply`, { campaign_id: c.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("SEND_TIME_NOT_ENOUGH_DATA");
  });

  it("lets a viewer read but not apply; another workspace sees nothing of this one", async () => {
    const r: SendTimeInsights = await h.ok(viewer, "GET", URL);
    expect(r.totals.sends).toBe(84);
    expect((await h.call(viewer, "POST", `${URL}/apply`, { campaign_id: target.id })).statusCode).toBe(403);

    const theirs: SendTimeInsights = await h.ok(stranger, "GET", URL);
    expect(theirs.totals.sends).toBe(0);
    expect(theirs.zones.leads).toBe(0);
    for (const res of [
      await h.call(stranger, "GET", `${URL}?campaign_id=${source.id}`),
      await h.call(stranger, "POST", `${URL}/preview`, { campaign_id: target.id }),
      await h.call(stranger, "POST", `${URL}/apply`, { campaign_id: target.id }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("SEND_TIME_CAMPAIGN_NOT_FOUND");
    }
  });
});
