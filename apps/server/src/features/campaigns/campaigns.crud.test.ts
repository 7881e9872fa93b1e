import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { campaignActivity, campaigns } from "./campaigns.table.ts";
import { helpers } from "./campaigns.test-helpers.ts";

describe("campaign CRUD", () => {
  let t: TestApp;
  let owner: TestUser;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  it("creates a draft with defaults, reads it back, and records who created it", async () => {
    const c = await h.campaign(owner, { name: "  Launch week  ", body: "Hi {{first_name}}" });
    expect(c).toMatchObject({
      name: "Launch week",
      subject_line: "Hello {{first_name}}",
      body: "Hi {{first_name}}",
      status: "draft",
      steps: [{ delay_days: 0, subject: "Hello {{first_name}}", body: "Hi {{first_name}}", variants: [] }],
      inbox_ids: [],
      schedule: { timezone: "UTC", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
      track_opens: true,
      track_clicks: true,
      stop_on_reply: true,
      total_leads: 0,
      created_by: owner.id,
      launched_at: null,
    });
    expect(await h.ok(owner, "GET", `/api/campaigns/${c.id}`)).toEqual(c);
    const activity = await h.ok(owner, "GET", `/api/campaigns/${c.id}/activity`);
    expect(activity).toMatchObject([{ kind: "created", user_id: owner.id }]);
  });

  it("takes the creator's sending hours and time zone from their settings", async () => {
    const user = await createUser(t.app.ctx.db);
    await h.ok(user, "PUT", "/api/user-settings/settings", {
      timezone: "Europe/Berlin",
      default_sending_start: "08:30",
      default_sending_end: "16:00",
    });
    const c = await h.campaign(user);
    expect(c.schedule).toEqual({ timezone: "Europe/Berlin", days: [1, 2, 3, 4, 5], start: "08:30", end: "16:00" });
  });

  it("refuses a create without name or subject line with the spec's text, and saves nothing", async () => {
    const before = await t.app.ctx.db.select({ n: count() }).from(campaigns);
    for (const body of [{ subject_line: "Hi" }, { name: "X" }, { name: "  ", subject_line: "Hi" }, { name: "X", subject_line: "" }]) {
      const res = await h.call(owner, "POST", "/api/campaigns/", body);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe("Campaign name and subject line are required");
      expect(res.json().errors[0].field).toMatch(/^(name|subject_line)$/);
    }
    const after = await t.app.ctx.db.select({ n: count() }).from(campaigns);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("validates the schedule: IANA time zone, end after start", async () => {
    const bad = await h.call(owner, "POST", "/api/campaigns/", {
      name: "X",
      subject_line: "Y",
      schedule: { timezone: "Mars/Olympus", days: [1], start: "09:00", end: "17:00" },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toContainEqual({ field: "schedule.timezone", message: expect.stringContaining("Unknown time zone") });
    const backwards = await h.call(owner, "POST", "/api/campaigns/", {
      name: "X",
      subject_line: "Y",
      schedule: { timezone: "America/New_York", days: [1], start: "17:00", end: "09:00" },
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toContainEqual({ field: "schedule.end", message: "Sending end time must be after the start time" });
  });

  it("answers 400 'Invalid campaign data' naming the field and line of a broken template", async () => {
    const res = await h.call(owner, "POST", "/api/campaigns/", {
      name: "X",
      subject_line: "Hi",
      steps: [
        { subject: "Hi", body: "ok" },
        { delay_days: 2, subject: "Again", body: "line one\n{% if first_name %}unclosed" },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "CAMPAIGN_INVALID", detail: "Invalid campaign data" });
    expect(res.json().errors[0]).toMatchObject({ field: "steps.1.body", message: expect.stringMatching(/^Line 2: /) });
  });

  it("keeps subject_line/body and the first step as one: either can be edited", async () => {
    const c = await h.campaign(owner, {
      steps: [
        { subject: "ignored", body: "ignored" },
        { delay_days: 3, subject: "Follow up", body: "Bumping this", variants: [{ subject: "", body: "Another angle" }] },
      ],
    });
    expect(c.steps[0]).toMatchObject({ subject: "Hello {{first_name}}", body: "Hi there" });
    expect(c.steps[1]).toMatchObject({ delay_days: 3, variants: [{ subject: "", body: "Another angle" }] });
    const a = await h.ok(owner, "PUT", `/api/campaigns/${c.id}`, { subject_line: "New subject" });
    expect(a.steps).toHaveLength(2);
    expect(a).toMatchObject({ subject_line: "New subject", body: "Hi there" });
    const b = await h.ok(owner, "PUT", `/api/campaigns/${c.id}`, { steps: [{ subject: "From steps", body: "Body from steps" }] });
    expect(b).toMatchObject({ subject_line: "From steps", body: "Body from steps", steps: [{ subject: "From steps" }] });
    const renamed = await h.ok(owner, "PUT", `/api/campaigns/${c.id}`, { name: "Renamed", track_opens: false, inbox_ids: [] });
    expect(renamed).toMatchObject({ name: "Renamed", track_opens: false, subject_line: "From steps" });
  });

  it("answers 404 'Campaign not found' for unknown and malformed ids", async () => {
    for (const [method, url] of [
      ["GET", "/api/campaigns/0193a0c4-0000-7000-8000-00000000abcd"],
      ["GET", "/api/campaigns/not-a-uuid"],
      ["PUT", "/api/campaigns/not-a-uuid"],
      ["DELETE", "/api/campaigns/0193a0c4-0000-7000-8000-00000000abcd"],
    ] as const) {
      const res = await h.call(owner, method, url, method === "PUT" ? { name: "x" } : undefined);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: "Campaign not found", code: "CAMPAIGN_NOT_FOUND" });
    }
  });

  it("duplicates the sequence and settings as a new draft without leads", async () => {
    const { campaign } = await h.ready(owner, {
      steps: [
        { subject: "a", body: "b" },
        { delay_days: 2, subject: "c", body: "d" },
      ],
    });
    await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/launch`);
    const copy = await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/duplicate`, { new_name: "Copy of Q1" }, 201);
    expect(copy).toMatchObject({
      name: "Copy of Q1",
      status: "draft",
      total_leads: 0,
      steps: campaign.steps,
      inbox_ids: campaign.inbox_ids,
      schedule: campaign.schedule,
      launched_at: null,
    });
    expect(copy.id).not.toBe(campaign.id);
    const missing = await h.call(owner, "POST", `/api/campaigns/${campaign.id}/duplicate`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0]).toMatchObject({ field: "new_name", message: "Give the copy a name" });
  });

  it("deletes a campaign with its activity and frees its leads' campaign_id", async () => {
    const { campaign, lead } = await h.ready(owner);
    expect((await h.ok(owner, "GET", `/api/leads/${lead.id}`)).campaign_id).toBe(campaign.id);
    await h.ok(owner, "DELETE", `/api/campaigns/${campaign.id}`, undefined, 204);
    expect((await h.call(owner, "GET", `/api/campaigns/${campaign.id}`)).statusCode).toBe(404);
    expect((await h.ok(owner, "GET", `/api/leads/${lead.id}`)).campaign_id).toBeNull();
    const rows = await t.app.ctx.db.select().from(campaignActivity).where(eq(campaignActivity.campaignId, campaign.id));
    expect(rows).toEqual([]);
  });

  it("checks permissions per action: a viewer reads but cannot create, edit or delete", async () => {
    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    const c = await h.campaign(owner);
    expect((await h.call(viewer, "GET", `/api/campaigns/${c.id}`)).statusCode).toBe(200);
    expect((await h.call(viewer, "GET", "/api/campaigns/")).statusCode).toBe(200);
    for (const [method, url, body] of [
      ["POST", "/api/campaigns/", { name: "x", subject_line: "y" }],
      ["PUT", `/api/campaigns/${c.id}`, { name: "x" }],
      ["DELETE", `/api/campaigns/${c.id}`, undefined],
      ["POST", `/api/campaigns/${c.id}/launch`, undefined],
    ] as const) {
      const res = await h.call(viewer, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const marketing = await addMember(t.app.ctx.db, owner, "marketing");
    expect((await h.call(marketing, "POST", "/api/campaigns/", { name: "m", subject_line: "s" })).statusCode).toBe(201);
    expect((await h.call(marketing, "DELETE", `/api/campaigns/${c.id}`)).statusCode).toBe(403);
  });

  it("refuses a new campaign beyond the plan's monthly limit with 402", async () => {
    const user = await createUser(t.app.ctx.db);
    // The trial allows 50 a month (outreach-core §9); 50 made this month already.
    await t.app.ctx.db.insert(campaigns).values(
      Array.from({ length: 50 }, (_, i) => ({
        workspaceId: user.workspaceId,
        name: `Seed ${i}`,
        steps: [{ delay_days: 0, subject: "s", body: "b", variants: [] }],
        schedule: { timezone: "UTC", days: [1], start: "09:00", end: "17:00" },
      })),
    );
    const res = await h.call(user, "POST", "/api/campaigns/", { name: "one more", subject_line: "s" });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: "CAMPAIGN_LIMIT_REACHED", detail: expect.stringContaining("50 new campaigns per month") });
  });
});
