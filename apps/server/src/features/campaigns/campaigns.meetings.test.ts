import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { helpers } from "./campaigns.test-helpers.ts";

describe("meetings booked", () => {
  let t: TestApp;
  let owner: TestUser;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const metrics = (id: string) => h.ok(owner, "POST", `/api/campaigns/${id}/metrics/refresh`);

  it("records a meeting once per campaign and lead, shows it on the lead's row and counts it in Meetings", async () => {
    const { campaign, lead } = await h.ready(owner);
    const other = await h.lead(owner);
    await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/leads`, { lead_ids: [other.id] });
    expect((await metrics(campaign.id)).meetings).toBe(0);

    // Marked at once by two team members (or a double click), then again later: one meeting, the first time kept.
    const [first, second] = await Promise.all([
      h.ok(owner, "POST", `/api/campaigns/${campaign.id}/leads/${lead.id}/meeting`),
      h.ok(owner, "POST", `/api/campaigns/${campaign.id}/leads/${lead.id}/meeting`),
    ]);
    expect(first).toMatchObject({ campaign_id: campaign.id, lead_id: lead.id });
    expect(second.meeting_booked_at).toBe(first.meeting_booked_at);
    const again = await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/leads/${lead.id}/meeting`);
    expect(again.meeting_booked_at).toBe(first.meeting_booked_at);
    expect((await metrics(campaign.id)).meetings).toBe(1);

    const list = await h.ok(owner, "GET", `/api/campaigns/${campaign.id}/leads`);
    const byId = new Map(list.leads.map((l: { lead_id: string; meeting_booked_at: string | null }) => [l.lead_id, l.meeting_booked_at]));
    expect(byId.get(lead.id)).toBe(first.meeting_booked_at);
    expect(byId.get(other.id)).toBeNull();

    const today = new Date().toISOString().slice(0, 10);
    const trends = await h.ok(owner, "GET", `/api/campaigns/${campaign.id}/trends?days=1`);
    expect(trends.series.find((p: { date: string }) => p.date === today)?.meetings).toBe(1);
    const summary = await h.ok(owner, "GET", "/api/campaigns/analytics/summary");
    expect(summary.meetings).toBeGreaterThanOrEqual(1);
    const activity = await h.ok(owner, "GET", `/api/campaigns/${campaign.id}/activity`);
    expect(activity.map((e: { kind: string }) => e.kind)).toContain("meeting");
  });

  it("takes a mistaken mark back", async () => {
    const { campaign, lead } = await h.ready(owner);
    await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/leads/${lead.id}/meeting`);
    expect((await metrics(campaign.id)).meetings).toBe(1);
    await h.ok(owner, "DELETE", `/api/campaigns/${campaign.id}/leads/${lead.id}/meeting`, undefined, 204);
    expect((await metrics(campaign.id)).meetings).toBe(0);
    const list = await h.ok(owner, "GET", `/api/campaigns/${campaign.id}/leads`);
    expect(list.leads[0].meeting_booked_at).toBeNull();
  });

  it("refuses a lead outside the campaign, another workspace's campaign, and readers without campaigns:update", async () => {
    const { campaign, lead } = await h.ready(owner);
    const outsider = await h.lead(owner);
    const res = await h.call(owner, "POST", `/api/campaigns/${campaign.id}/leads/${outsider.id}/meeting`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("CAMPAIGN_LEAD_NOT_MEMBER");
    expect((await h.call(owner, "POST", `/api/campaigns/${campaign.id}/leads/not-a-uuid/meeting`)).statusCode).toBe(404);

    const stranger = await createUser(t.app.ctx.db);
    const foreign = await h.call(stranger, "POST", `/api/campaigns/${campaign.id}/leads/${lead.id}/meeting`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("CAMPAIGN_NOT_FOUND");

    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    expect((await h.call(viewer, "POST", `/api/campaigns/${campaign.id}/leads/${lead.id}/meeting`)).statusCode).toBe(403);
    expect((await metrics(campaign.id)).meetings).toBe(0);
  });
});
