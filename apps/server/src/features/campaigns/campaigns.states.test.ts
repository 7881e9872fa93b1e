import { CAMPAIGN_ACTION_STATES, type CampaignAction, type CampaignStatus } from "@prospector/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import type { Envelope } from "../../platform/realtime.ts";
import { organizations } from "../organizations/organizations.table.ts";
import { campaignLeads, campaignMessages, campaigns } from "./campaigns.table.ts";
import { helpers } from "./campaigns.test-helpers.ts";

const STATES: CampaignStatus[] = ["draft", "scheduled", "active", "paused", "stopped", "completed"];
const ACTIONS: CampaignAction[] = ["launch", "pause", "resume", "stop", "delete"];
const WRONG_STATE_TEXT: Record<Exclude<CampaignAction, "delete">, string> = {
  launch: "Campaign cannot be launched in current state",
  pause: "Campaign cannot be paused in current state",
  resume: "Campaign cannot be resumed in current state",
  stop: "Campaign cannot be stopped in current state",
};
/** Where each allowed action leads (launch of a campaign with no future start). */
const RESULT: Record<Exclude<CampaignAction, "delete">, CampaignStatus> = {
  launch: "active",
  pause: "paused",
  resume: "active",
  stop: "stopped",
};

describe("campaign state machine", () => {
  let t: TestApp;
  let owner: TestUser;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
    // The table alone makes 30 campaigns; the trial's 50 a month is tested in campaigns.crud.test.ts.
    await t.app.ctx.db.update(organizations).set({ plan: "unlimited" }).where(eq(organizations.id, owner.organizationId));
  });
  afterAll(() => t.close());

  const setStatus = (id: string, status: CampaignStatus) => t.app.ctx.db.update(campaigns).set({ status }).where(eq(campaigns.id, id));

  describe.each(STATES)("in state %s", (state) => {
    it.each(ACTIONS)("%s is allowed exactly where the table says, else 400 with the spec's text", async (action) => {
      const { campaign } = await h.ready(owner);
      await setStatus(campaign.id, state);
      const allowed = CAMPAIGN_ACTION_STATES[action].includes(state);
      const res =
        action === "delete"
          ? await h.call(owner, "DELETE", `/api/campaigns/${campaign.id}`)
          : await h.call(owner, "POST", `/api/campaigns/${campaign.id}/${action}`);
      const after = await t.app.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
      if (allowed) {
        expect(res.statusCode, res.body).toBe(action === "delete" ? 204 : 200);
        if (action === "delete") expect(after).toEqual([]);
        else {
          expect(res.json().status).toBe(RESULT[action]);
          expect(after[0]!.status).toBe(RESULT[action]);
        }
      } else {
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toBe(action === "delete" ? "Cannot delete active campaign" : WRONG_STATE_TEXT[action]);
        expect(after[0]!.status).toBe(state);
      }
    });
  });

  it("refuses a launch that validate-launch blocks, listing every blocker, and changes nothing", async () => {
    const c = await h.campaign(owner, { body: "" });
    const check = await h.ok(owner, "GET", `/api/campaigns/${c.id}/validate-launch`);
    expect(check.can_launch).toBe(false);
    const res = await h.call(owner, "POST", `/api/campaigns/${c.id}/launch`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("CAMPAIGN_LAUNCH_BLOCKED");
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(check.blockers.map((b: { code: string }) => b.code));
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(["no_leads", "no_inbox", "empty_body"]),
    );
    expect((await h.ok(owner, "GET", `/api/campaigns/${c.id}`)).status).toBe("draft");
  });

  it("launches: leads become due, the team hears of it, and the scheduling pass queues the first message at once", async () => {
    const events: Envelope[] = [];
    await t.app.ctx.realtime.join(`ws:${owner.workspaceId}`, "test-listener", (e) => events.push(e));
    const { campaign, lead } = await h.ready(owner);
    const launched = await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/launch`);
    expect(launched).toMatchObject({ status: "active", launched_at: expect.any(String) });
    // The lead is due at once: either still waiting for the first step, or the immediate pass (the
    // job wakes on LISTEN/NOTIFY) has already sent it.
    const [member] = await t.app.ctx.db.select().from(campaignLeads).where(eq(campaignLeads.leadId, lead.id));
    if (member!.currentStep === 0 && member!.state === "queued") expect(member!.nextSendAt!.getTime()).toBeLessThanOrEqual(Date.now());
    else expect(await t.app.ctx.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, campaign.id))).not.toEqual([]);
    await expect
      .poll(() => events.find((e) => e.type === "campaign.updated" && (e.payload as { action: string }).action === "launch"))
      .toBeTruthy();
    expect(events.find((e) => (e.payload as { action?: string }).action === "launch")!.payload).toEqual({
      workspace_id: owner.workspaceId,
      campaign_id: campaign.id,
      status: "active",
      action: "launch",
    });
    // The campaign.schedule job ran in this process (work: true) and made a sending pass at once.
    await expect
      .poll(async () => (await t.app.ctx.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, campaign.id))).length, {
        timeout: 15_000,
        interval: 250,
      })
      .toBeGreaterThan(0);
    await t.app.ctx.realtime.leave(`ws:${owner.workspaceId}`, "test-listener");
  });

  it("launching with a future start schedules the campaign; the job activates it once the time has come", async () => {
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const { campaign, lead } = await h.ready(owner, { starts_at: startsAt });
    const check = await h.ok(owner, "GET", `/api/campaigns/${campaign.id}/validate-launch`);
    expect(check.launch_status).toBe("scheduled");
    const res = await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/launch`);
    expect(res).toMatchObject({ status: "scheduled", starts_at: startsAt });
    const [member] = await t.app.ctx.db.select().from(campaignLeads).where(eq(campaignLeads.leadId, lead.id));
    expect(member!.nextSendAt!.toISOString()).toBe(startsAt);
    // Editing is still allowed while scheduled; moving the start into the past starts it.
    await h.ok(owner, "PUT", `/api/campaigns/${campaign.id}`, { starts_at: new Date(Date.now() - 1000).toISOString() });
    await expect
      .poll(async () => (await h.ok(owner, "GET", `/api/campaigns/${campaign.id}`)).status, { timeout: 15_000, interval: 250 })
      .toBe("active");
  });

  it("launching a scheduled campaign starts it now", async () => {
    const { campaign } = await h.ready(owner, { starts_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/launch`)).status).toBe("scheduled");
    const now = await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/launch`);
    expect(now.status).toBe("active");
    expect(Date.parse(now.starts_at)).toBeLessThanOrEqual(Date.now());
  });

  it("stop ends every waiting lead; a stopped campaign's leads and sequence no longer change", async () => {
    // Two steps: whether or not the first has gone out yet, the lead is still waiting when stopped.
    const body = "Hi\n\n<a href='{{unsubscribe_url}}'>Unsubscribe</a>";
    const { campaign, lead } = await h.ready(owner, {
      steps: [
        { delay_days: 0, subject: "Hello", body, variants: [] },
        { delay_days: 3, subject: "Following up", body, variants: [] },
      ],
    });
    await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/launch`);
    // The stop comes after the launch's sending pass: a stop racing a pass is not what this tests.
    await expect
      .poll(async () => (await t.app.ctx.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, campaign.id))).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await t.app.ctx.sending.pass(campaign.id);
    await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/stop`);
    const [member] = await t.app.ctx.db.select().from(campaignLeads).where(eq(campaignLeads.leadId, lead.id));
    expect(member).toMatchObject({ state: "stopped", nextSendAt: null });
    const edit = await h.call(owner, "PUT", `/api/campaigns/${campaign.id}`, { subject_line: "Changed" });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().code).toBe("CAMPAIGN_NOT_EDITABLE");
    expect((await h.ok(owner, "PUT", `/api/campaigns/${campaign.id}`, { name: "Renamed after stop" })).name).toBe("Renamed after stop");
    const l2 = await h.lead(owner);
    const add = await h.call(owner, "POST", `/api/campaigns/${campaign.id}/leads`, { lead_ids: [l2.id] });
    expect(add.statusCode).toBe(400);
    expect(add.json().code).toBe("CAMPAIGN_LEADS_LOCKED");
  });

  it("an active campaign's sequence can only change after a pause", async () => {
    const { campaign } = await h.ready(owner);
    await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/launch`);
    expect((await h.call(owner, "PUT", `/api/campaigns/${campaign.id}`, { body: "New body" })).statusCode).toBe(400);
    await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/pause`);
    expect((await h.ok(owner, "PUT", `/api/campaigns/${campaign.id}`, { body: "New body" })).body).toBe("New body");
    const resumed = await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/resume`);
    expect(resumed).toMatchObject({ status: "active", paused_at: null });
  });
});
