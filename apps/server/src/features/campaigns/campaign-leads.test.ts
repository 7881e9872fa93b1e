import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { inboxes } from "../inboxes/inboxes.table.ts";
import { organizations } from "../organizations/organizations.table.ts";
import { campaignMessages, campaigns } from "./campaigns.table.ts";
import { helpers } from "./campaigns.test-helpers.ts";

describe("campaign leads and validate-launch", () => {
  let t: TestApp;
  let owner: TestUser;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  it("adds leads, skipping with a reason those that must not be emailed; the lead's campaign_id shows it", async () => {
    const c = await h.campaign(owner);
    const good = await h.lead(owner);
    const noEmail = await h.ok(owner, "POST", "/api/leads/", { first_name: "No", company_name: "Mail Ltd" }, 201);
    const invalid = await h.lead(owner);
    await h.ok(owner, "PUT", `/api/leads/${invalid.id}`, { email_status: "invalid" });
    const unsub = await h.lead(owner, { status: "unsubscribed" });
    const bounced = await h.lead(owner, { status: "bounced" });
    const missing = "0193a0c4-0000-7000-8000-0000000000ff";
    const res = await h.ok(owner, "POST", `/api/campaigns/${c.id}/leads`, {
      lead_ids: [good.id, good.id, noEmail.id, invalid.id, unsub.id, bounced.id, missing],
    });
    expect(res.added).toEqual([good.id]);
    expect(res.total_leads).toBe(1);
    expect(res.skipped).toEqual([
      { id: noEmail.id, reason: "No email address" },
      { id: invalid.id, reason: "Email address is invalid" },
      { id: unsub.id, reason: "Unsubscribed" },
      { id: bounced.id, reason: "Email bounced before" },
      { id: missing, reason: "Lead not found" },
    ]);
    expect((await h.ok(owner, "GET", `/api/leads/${good.id}`)).campaign_id).toBe(c.id);
    expect((await h.ok(owner, "GET", `/api/leads/${unsub.id}`)).campaign_id).toBeNull();
    const again = await h.ok(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: [good.id] });
    expect(again).toEqual({ added: [], skipped: [{ id: good.id, reason: "Already in this campaign" }], total_leads: 1 });
    expect((await h.ok(owner, "GET", `/api/campaigns/${c.id}`)).total_leads).toBe(1);
  });

  it("does not put a lead into two running campaigns at once", async () => {
    // Two steps: the lead is still running after the first email (which the launch may send at once).
    const body = "Hi\n\n<a href='{{unsubscribe_url}}'>Unsubscribe</a>";
    const { campaign, lead } = await h.ready(owner, {
      steps: [
        { delay_days: 0, subject: "Hello", body, variants: [] },
        { delay_days: 3, subject: "Following up", body, variants: [] },
      ],
    });
    await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/launch`);
    const other = await h.campaign(owner, { name: "Other" });
    const res = await h.ok(owner, "POST", `/api/campaigns/${other.id}/leads`, { lead_ids: [lead.id] });
    expect(res.skipped).toEqual([{ id: lead.id, reason: `Already running in campaign "${campaign.name}"` }]);
    // Once the first campaign is stopped, the lead is free again. (The stop waits for the launch's
    // sending pass: this test is about membership, not about a stop racing a pass.)
    await expect
      .poll(async () => (await t.app.ctx.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, campaign.id))).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await t.app.ctx.sending.pass(campaign.id);
    await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/stop`);
    expect((await h.ok(owner, "POST", `/api/campaigns/${other.id}/leads`, { lead_ids: [lead.id] })).added).toEqual([lead.id]);
  });

  it("bounds a batch and validates ids", async () => {
    const c = await h.campaign(owner);
    const many = Array.from({ length: 1001 }, (_, i) => `0193a0c4-0000-7000-8000-${String(i).padStart(12, "0")}`);
    const res = await h.call(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: many });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe("At most 1000 leads per call");
    expect((await h.call(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: ["nope"] })).json().detail).toBe("Not a valid lead id");
    expect((await h.call(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: [] })).json().detail).toBe("Select at least one lead");
  });

  it("removes leads and lists members with their per-lead state, paged", async () => {
    const c = await h.campaign(owner);
    const leads = [];
    for (let i = 0; i < 5; i++) leads.push(await h.lead(owner, { first_name: `Member${i}` }));
    await h.ok(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: leads.map((l) => l.id) });
    const page1 = await h.ok(owner, "GET", `/api/campaigns/${c.id}/leads?per_page=2`);
    expect(page1).toMatchObject({ total: 5, page: 1, per_page: 2, total_pages: 3, states: { queued: 5, stopped: 0 } });
    expect(page1.leads[0]).toMatchObject({
      lead_id: leads[0].id,
      first_name: "Member0",
      state: "queued",
      current_step: 0,
      next_send_at: null,
    });
    const page3 = await h.ok(owner, "GET", `/api/campaigns/${c.id}/leads?per_page=2&page=3`);
    expect(page3.leads.map((l: { lead_id: string }) => l.lead_id)).toEqual([leads[4].id]);
    const removed = await h.ok(owner, "DELETE", `/api/campaigns/${c.id}/leads`, {
      lead_ids: [leads[0].id, leads[0].id, "0193a0c4-0000-7000-8000-0000000000ee"],
    });
    expect(removed).toEqual({
      removed: [leads[0].id],
      skipped: [{ id: "0193a0c4-0000-7000-8000-0000000000ee", reason: "Not in this campaign" }],
      total_leads: 4,
    });
    expect((await h.ok(owner, "GET", `/api/leads/${leads[0].id}`)).campaign_id).toBeNull();
    expect((await h.ok(owner, "GET", `/api/campaigns/${c.id}/leads?state=stopped`)).total).toBe(0);
    expect((await h.ok(owner, "GET", `/api/campaigns/${c.id}/leads?state=queued,stopped`)).total).toBe(4);
  });

  it("validate-launch lists blockers for an empty campaign and warns about what only may hurt", async () => {
    const c = await h.campaign(owner, {
      body: "Hi {{ frist_name }}",
      steps: [
        { subject: "x", body: "y" },
        { delay_days: 2, subject: "", body: "" },
      ],
      schedule: { timezone: "UTC", days: [], start: "09:00", end: "17:00" },
    });
    const res = await h.ok(owner, "GET", `/api/campaigns/${c.id}/validate-launch`);
    expect(res.can_launch).toBe(false);
    expect(res.launch_status).toBeNull();
    expect(res.blockers.map((b: { code: string }) => b.code)).toEqual([
      "no_leads",
      "empty_subject",
      "empty_body",
      "no_inbox",
      "invalid_schedule",
    ]);
    expect(res.blockers).toContainEqual({ code: "empty_subject", message: "Step 2 has no subject" });
    expect(res.warnings.map((w: { code: string }) => w.code)).toEqual(["unknown_variable", "no_unsubscribe_link"]);
    expect(res.warnings[0].message).toContain("{{frist_name}}");
    expect(res.estimate).toMatchObject({ messages: 0, finish_at: null });
    // Earlier tests' launches may already have sent mail this month; the count itself is tested with billing.
    expect(res.plan).toEqual({ plan: "trial", emails_per_month: 5000, emails_sent_this_month: expect.any(Number) });
  });

  it("a ready campaign can launch; custom fields count as known variables; the finish is estimated", async () => {
    const { campaign } = await h.ready(owner, {
      body: "Hi {{first_name}}, about {{ favourite_tool }} — {{unsubscribe_url}}",
      steps: [
        { subject: "s", body: "b" },
        { delay_days: 3, subject: "Follow up", body: "Again {{unsubscribe_url}}" },
      ],
      schedule: { timezone: "UTC", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
    });
    const l = await h.lead(owner, { custom_fields: { favourite_tool: "Excel" } });
    await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/leads`, { lead_ids: [l.id] });
    const res = await h.ok(owner, "GET", `/api/campaigns/${campaign.id}/validate-launch`);
    expect(res).toMatchObject({ can_launch: true, blockers: [], warnings: [], launch_status: "active" });
    // 2 leads × 2 steps through the local test inbox (1,000 a day): one sending day, then the 3-day follow-up.
    expect(res.estimate).toMatchObject({ messages: 4, daily_capacity: 1000, sending_days: 1 });
    const finish = new Date(res.estimate.finish_at);
    expect(finish.getUTCHours()).toBe(17);
    expect([1, 2, 3, 4, 5]).toContain(finish.getUTCDay());
    expect(finish.getTime() - Date.now()).toBeGreaterThan(3 * 86_400_000 - 86_400_000);
  });

  it("blocks a launch once the plan's monthly emails are used up, and warns when only part fits", async () => {
    const user = await createUser(t.app.ctx.db);
    await t.app.ctx.db.update(organizations).set({ plan: "trial" }).where(eq(organizations.id, user.organizationId));
    const { campaign } = await h.ready(user);
    const seedSent = async (n: number) => {
      const [c] = await t.app.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
      await t.app.ctx.db.insert(campaignMessages).values(
        Array.from({ length: n }, (_, i) => ({
          workspaceId: c!.workspaceId,
          campaignId: c!.id,
          leadId: null,
          step: 1000 + i,
          status: "sent" as const,
          sentAt: new Date(),
        })),
      );
    };
    await seedSent(4999);
    const second = await h.lead(user);
    await h.ok(user, "POST", `/api/campaigns/${campaign.id}/leads`, { lead_ids: [second.id] });
    const partial = await h.ok(user, "GET", `/api/campaigns/${campaign.id}/validate-launch`);
    expect(partial.can_launch).toBe(true);
    expect(partial.plan.emails_sent_this_month).toBe(4999);
    expect(partial.warnings).toContainEqual({
      code: "plan_limit",
      message: "Only 1 of this campaign's 2 emails fit in this month's plan allowance; the rest wait for next month",
    });
    await seedSent(1);
    const full = await h.ok(user, "GET", `/api/campaigns/${campaign.id}/validate-launch`);
    expect(full.can_launch).toBe(false);
    expect(full.blockers).toContainEqual({ code: "plan_limit", message: "The trial plan's 5,000 emails for this month are used up" });
    const launch = await h.call(user, "POST", `/api/campaigns/${campaign.id}/launch`);
    expect(launch.statusCode).toBe(400);
    expect(launch.json().detail).toContain("5,000 emails for this month are used up");
  });
  it("validate-launch blocks on inboxes that no longer exist or are all paused", async () => {
    const gone = await h.ready(owner, { inbox_ids: ["0193a0c4-0000-7000-8000-000000000001"] });
    const missing = await h.ok(owner, "GET", `/api/campaigns/${gone.campaign.id}/validate-launch`);
    expect(missing.can_launch).toBe(false);
    expect(missing.blockers).toContainEqual({ code: "no_inbox", message: expect.stringContaining("no longer exist") });

    const { campaign } = await h.ready(owner);
    await t.app.ctx.db.update(inboxes).set({ status: "paused" }).where(eq(inboxes.id, campaign.inbox_ids[0]));
    const paused = await h.ok(owner, "GET", `/api/campaigns/${campaign.id}/validate-launch`);
    expect(paused.can_launch).toBe(false);
    expect(paused.blockers.map((b: { code: string }) => b.code)).toContain("no_healthy_inbox");
    await t.app.ctx.db.update(inboxes).set({ status: "healthy" }).where(eq(inboxes.id, campaign.inbox_ids[0]));
  });
  it("refuses leads whose address is on the suppression list, saying why", async () => {
    const c = await h.campaign(owner);
    const l = await h.lead(owner);
    await h.call(owner, "POST", "/api/suppression", { emails: [l.email], reason: "manual" });
    const res = await h.ok(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: [l.id] });
    expect(res.added).toEqual([]);
    expect(res.skipped).toEqual([{ id: l.id, reason: "On the suppression list (manual)" }]);
  });
});
