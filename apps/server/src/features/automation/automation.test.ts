/**
 * Automation rules end to end on a real database: each trigger fires its actions once (replies
 * through the replies hook, opens/clicks/bounces/unsubscribes as campaign events, memberships and
 * meetings through the campaigns API), conditions filter, loops are refused when saved (direct and
 * A → B → A) and stopped at run time by the depth guard, the dry run changes nothing, the run log
 * pages, and another workspace sees none of it.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember } from "../../../test/factories.ts";
import { expectTenantIsolation } from "../../../test/tenant-isolation.ts";
import { campaignLeads } from "../campaigns/campaigns.table.ts";
import { automationTriggers } from "./automation.table.ts";
import { automationWorld } from "./automation.test-helpers.ts";

describe("automation rules", () => {
  const w = automationWorld();
  const { h, run, event } = w;

  const rule = (body: Record<string, unknown>, user = w.owner, status = 201) =>
    h.ok(user, "POST", "/api/automation/rules", { name: "Rule", conditions: [], ...body }, status);
  const runs = (query = "") => h.ok(w.owner, "GET", `/api/automation/runs?${query}`);
  const leadOf = (id: string) => h.ok(w.owner, "GET", `/api/leads/${id}`);
  /** A campaign with the lead in it. */
  const inCampaign = async (lead?: { id: string }) => {
    const c = await h.campaign(w.owner, { name: `C ${Math.random().toString(36).slice(2, 7)}` });
    const l = lead ?? (await h.lead(w.owner));
    await h.ok(w.owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: [l.id] });
    return { campaign: c, lead: l };
  };
  const reply = (leadId: string, campaignId: string | null, ref: string) =>
    w.t.app.ctx.hooks.run("replies.received", {
      workspaceId: w.owner.workspaceId,
      replyRef: ref,
      answered: "campaign",
      leadId,
      campaignId,
      from: "someone@acme.test",
      subject: "Re: hello",
      snippet: "Interested",
      occurredAt: new Date(),
    });

  it("a reply creates a CRM task with placeholders and notifies, once however often the reply is read", async () => {
    const { campaign, lead } = await inCampaign();
    const r = await rule({
      name: "Reply → task",
      trigger: { type: "reply_received" },
      actions: [
        { type: "create_task", title: "Call {{first_name}} at {{company}}", due_in_days: 2 },
        { type: "notify", target: "user", message: "{{first_name}} replied" },
      ],
    });
    await reply(lead.id, campaign.id, "<reply-1@acme.test>");
    await reply(lead.id, campaign.id, "<reply-1@acme.test>");
    await run();
    await run();
    const tasks = await h.ok(w.owner, "GET", `/api/crm/tasks?lead_id=${lead.id}`);
    const list = Array.isArray(tasks) ? tasks : tasks.tasks;
    expect(list).toHaveLength(1);
    expect(list[0].title).toBe(`Call ${lead.first_name} at Acme`);
    const notes = await h.ok(w.owner, "GET", "/api/notifications");
    const items = Array.isArray(notes) ? notes : (notes.notifications ?? notes.items);
    expect(items.filter((n: { message: string }) => n.message === `${lead.first_name} replied`)).toHaveLength(1);
    const log = await runs(`rule_id=${r.id}`);
    expect(log.total).toBe(1);
    expect(log.runs[0]).toMatchObject({ status: "succeeded", trigger_type: "reply_received", lead_id: lead.id, rule_name: "Reply → task" });
    expect(log.runs[0].actions.map((a: { ok: boolean }) => a.ok)).toEqual([true, true]);
    const after = await h.ok(w.owner, "GET", `/api/automation/rules/${r.id}`);
    expect(after.runs).toBe(1);
    expect(after.last_run_at).not.toBeNull();
    await h.ok(w.owner, "DELETE", `/api/automation/rules/${r.id}`, undefined, 204);
  });

  it("opened 3× within the window without a reply adds a tag once; bots and other companies do not count", async () => {
    const { campaign, lead } = await inCampaign();
    const other = await h.lead(w.owner, { company_name: "Globex" });
    await h.ok(w.owner, "POST", `/api/campaigns/${campaign.id}/leads`, { lead_ids: [other.id] });
    const r = await rule({
      name: "Hot lead",
      trigger: { type: "email_opened", campaign_id: campaign.id, min_opens: 3, within_days: 7 },
      conditions: [{ field: "company", op: "is", value: "acme" }],
      actions: [{ type: "add_tag", tag: "hot" }],
    });
    await event(campaign.id, lead.id, "open");
    await event(campaign.id, lead.id, "open");
    await event(campaign.id, lead.id, "open", true);
    for (let i = 0; i < 3; i++) await event(campaign.id, other.id, "open");
    await run();
    expect((await leadOf(lead.id)).tags).not.toContain("hot");
    await event(campaign.id, lead.id, "open");
    await run();
    expect((await leadOf(lead.id)).tags).toContain("hot");
    expect((await leadOf(other.id)).tags).not.toContain("hot");
    await event(campaign.id, lead.id, "open");
    await run();
    expect((await runs(`rule_id=${r.id}`)).total).toBe(1);
    await h.ok(w.owner, "POST", `/api/automation/rules/${r.id}/enabled`, { enabled: false });
  });

  it("clicks, bounces and unsubscribes each fire their rule once", async () => {
    const { campaign, lead } = await inCampaign();
    const clicked = await rule({
      name: "Clicked",
      trigger: { type: "link_clicked" },
      actions: [{ type: "set_status", status: "interested" }],
    });
    const bounced = await rule({ name: "Bounced", trigger: { type: "bounced" }, actions: [{ type: "add_tag", tag: "bounced-mail" }] });
    const unsub = await rule({ name: "Unsub", trigger: { type: "unsubscribed" }, actions: [{ type: "add_tag", tag: "gone" }] });
    await event(campaign.id, lead.id, "click", true);
    await run();
    expect((await leadOf(lead.id)).status).not.toBe("interested");
    await event(campaign.id, lead.id, "click");
    await event(campaign.id, lead.id, "click");
    await event(campaign.id, lead.id, "bounce");
    await event(campaign.id, lead.id, "unsubscribe");
    await run();
    const l = await leadOf(lead.id);
    expect(l.status).toBe("interested");
    expect(l.tags).toEqual(expect.arrayContaining(["bounced-mail", "gone"]));
    for (const r of [clicked, bounced, unsub]) {
      expect((await runs(`rule_id=${r.id}`)).total).toBe(1);
      await h.ok(w.owner, "DELETE", `/api/automation/rules/${r.id}`, undefined, 204);
    }
  });

  it("a lead added to a campaign, finishing it, and a meeting booked each trigger their rules", async () => {
    const target = await h.campaign(w.owner, { name: "Target" });
    const added = await rule({
      name: "Joined",
      trigger: { type: "lead_added_to_campaign", campaign_id: target.id },
      actions: [{ type: "add_tag", tag: "joined" }],
    });
    const finished = await rule({
      name: "Finished",
      trigger: { type: "campaign_finished" },
      actions: [{ type: "add_tag", tag: "finished" }],
    });
    const meeting = await rule({
      name: "Met",
      trigger: { type: "meeting_booked" },
      actions: [{ type: "set_status", status: "interested" }],
    });
    const lead = await h.lead(w.owner);
    await h.ok(w.owner, "POST", `/api/campaigns/${target.id}/leads`, { lead_ids: [lead.id] });
    await run();
    expect((await leadOf(lead.id)).tags).toContain("joined");
    await w.t.app.ctx.db
      .update(campaignLeads)
      .set({ state: "completed", finishedAt: new Date() })
      .where(and(eq(campaignLeads.campaignId, target.id), eq(campaignLeads.leadId, lead.id)));
    await run();
    expect((await leadOf(lead.id)).tags).toContain("finished");
    await h.ok(w.owner, "POST", `/api/campaigns/${target.id}/leads/${lead.id}/meeting`);
    await run();
    expect((await leadOf(lead.id)).status).toBe("interested");
    for (const r of [added, finished, meeting]) {
      expect((await runs(`rule_id=${r.id}`)).total).toBe(1);
      await h.ok(w.owner, "DELETE", `/api/automation/rules/${r.id}`, undefined, 204);
    }
  });

  it("refuses a rule that would trigger itself, directly or through another enabled rule, naming the cycle", async () => {
    const x = await h.campaign(w.owner, { name: "Loop campaign" });
    const direct = await h.call(w.owner, "POST", "/api/automation/rules", {
      name: "Self add",
      trigger: { type: "lead_added_to_campaign", campaign_id: x.id },
      actions: [{ type: "add_to_campaign", campaign_id: x.id }],
    });
    expect(direct.statusCode).toBe(409);
    expect(direct.json()).toMatchObject({ code: "AUTOMATION_RULE_LOOPS" });
    expect(direct.json().detail).toContain('rule "Self add" → rule "Self add"');
    const tag = await h.call(w.owner, "POST", "/api/automation/rules", {
      name: "Tag A",
      trigger: { type: "lead_tagged", tag: "a" },
      actions: [{ type: "add_tag", tag: "A" }],
    });
    expect(tag.statusCode).toBe(409);
    // "campaign is not X" breaks the cycle: saved.
    const guarded = await rule({
      name: "Guarded",
      trigger: { type: "lead_added_to_campaign" },
      conditions: [{ field: "campaign", op: "is_not", value: x.id }],
      actions: [{ type: "add_to_campaign", campaign_id: x.id }],
    });
    await h.ok(w.owner, "DELETE", `/api/automation/rules/${guarded.id}`, undefined, 204);

    const a = await rule({ name: "A", trigger: { type: "lead_tagged", tag: "a" }, actions: [{ type: "add_tag", tag: "b" }] });
    const b = await h.call(w.owner, "POST", "/api/automation/rules", {
      name: "B",
      trigger: { type: "lead_tagged", tag: "b" },
      actions: [{ type: "add_tag", tag: "a" }],
    });
    expect(b.statusCode).toBe(409);
    expect(b.json().detail).toContain('rule "B" → rule "A" → rule "B"');
    // Saved disabled, it cannot be enabled while A is.
    const bOff = await rule({
      name: "B",
      enabled: false,
      trigger: { type: "lead_tagged", tag: "b" },
      actions: [{ type: "add_tag", tag: "a" }],
    });
    const enable = await h.call(w.owner, "POST", `/api/automation/rules/${bOff.id}/enabled`, { enabled: true });
    expect(enable.statusCode).toBe(409);
    for (const id of [a.id, bOff.id]) await h.ok(w.owner, "DELETE", `/api/automation/rules/${id}`, undefined, 204);
  });

  it("stops a chain at run time past the depth limit, with the reason in the run log", async () => {
    const lead = await h.lead(w.owner);
    const r = await rule({ name: "Deep", trigger: { type: "lead_tagged", tag: "deep" }, actions: [{ type: "add_tag", tag: "deeper" }] });
    await w.t.app.ctx.db.insert(automationTriggers).values({
      workspaceId: w.owner.workspaceId,
      type: "lead_tagged",
      ref: `deep:${lead.id}`,
      leadId: lead.id,
      tag: "deep",
      depth: 5,
      occurredAt: new Date(),
    });
    await run();
    const log = await runs(`rule_id=${r.id}`);
    expect(log.runs[0]).toMatchObject({ status: "failed", depth: 5 });
    expect(log.runs[0].error).toContain("limit is 5");
    expect((await leadOf(lead.id)).tags).not.toContain("deeper");
    await h.ok(w.owner, "DELETE", `/api/automation/rules/${r.id}`, undefined, 204);
  });

  it("a dry run tells what would happen for a lead and changes nothing", async () => {
    const { campaign, lead } = await inCampaign();
    const r = await rule({
      name: "Dry",
      trigger: { type: "email_opened", campaign_id: campaign.id, min_opens: 2, within_days: 3 },
      conditions: [
        { field: "company", op: "contains", value: "acm" },
        { field: "score", op: "gte", value: "50" },
      ],
      actions: [{ type: "create_task", title: "Follow up {{first_name}}", due_in_days: 1 }],
    });
    await event(campaign.id, lead.id, "open");
    const dry = await h.ok(w.owner, "POST", `/api/automation/rules/${r.id}/dry-run`, { lead_id: lead.id });
    expect(dry.would_run).toBe(false);
    expect(dry.trigger).toMatchObject({ passed: false, note: "1 of 2 human opens within 3 days" });
    expect(dry.conditions.map((c: { passed: boolean }) => c.passed)).toEqual([true, false]);
    expect(dry.conditions[1].actual).toBe("(no score)");
    expect(dry.actions[0].description).toBe(`Create the task "Follow up ${lead.first_name}", due in 1 day`);
    expect((await runs(`rule_id=${r.id}`)).total).toBe(0);
    const bad = await h.call(w.owner, "POST", `/api/automation/rules/${r.id}/dry-run`, { lead_id: "0190a000-0000-7000-8000-000000000000" });
    expect(bad.statusCode).toBe(404);
    await h.ok(w.owner, "DELETE", `/api/automation/rules/${r.id}`, undefined, 204);
  });

  it("pages and filters the run log, and refuses bad input with the field named", async () => {
    const r = await rule({ name: "Pager", trigger: { type: "reply_received" }, actions: [{ type: "add_tag", tag: "replied" }] });
    const leads = [await h.lead(w.owner), await h.lead(w.owner), await h.lead(w.owner)];
    for (const [i, l] of leads.entries()) await reply(l.id, null, `<pager-${i}@acme.test>`);
    await run();
    const p1 = await runs(`rule_id=${r.id}&per_page=2`);
    const p2 = await runs(`rule_id=${r.id}&per_page=2&page=2`);
    expect(p1.total).toBe(3);
    expect(p1.runs).toHaveLength(2);
    expect(p2.runs).toHaveLength(1);
    expect(new Set([...p1.runs, ...p2.runs].map((x: { lead_id: string }) => x.lead_id))).toEqual(new Set(leads.map((l) => l.id)));
    expect((await runs(`rule_id=${r.id}&status=failed`)).total).toBe(0);
    expect((await runs(`lead_id=${leads[0]!.id}`)).total).toBe(1);

    const invalid = await h.call(w.owner, "POST", "/api/automation/rules", {
      name: "",
      trigger: { type: "email_opened", min_opens: 0 },
      actions: [],
    });
    expect(invalid.statusCode).toBe(422);
    const fields = invalid.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["name", "trigger.min_opens", "actions"]));
    const foreign = await h.campaign(w.outsider);
    const link = await h.call(w.owner, "POST", "/api/automation/rules", {
      name: "Foreign",
      trigger: { type: "reply_received" },
      actions: [{ type: "add_to_campaign", campaign_id: foreign.id }],
    });
    expect(link.statusCode).toBe(404);
    expect(link.json()).toMatchObject({ code: "AUTOMATION_LINK_NOT_FOUND", errors: [{ field: "actions.0.campaign_id" }] });
    expect((await h.ok(w.owner, "GET", "/api/automation/rules?per_page=100")).rules.map((x: { name: string }) => x.name)).not.toContain(
      "Foreign",
    );
  });

  it("another workspace sees none of it (404), and editing needs campaigns:update", async () => {
    const r = await rule({ name: "Mine", trigger: { type: "reply_received" }, actions: [{ type: "add_tag", tag: "x" }] });
    const lead = await h.lead(w.outsider);
    await expectTenantIsolation(w.t.app, w.outsider, [
      { method: "GET", url: `/api/automation/rules/${r.id}` },
      {
        method: "PUT",
        url: `/api/automation/rules/${r.id}`,
        payload: { name: "Theirs", trigger: { type: "reply_received" }, actions: [{ type: "add_tag", tag: "y" }] },
      },
      { method: "POST", url: `/api/automation/rules/${r.id}/enabled`, payload: { enabled: false } },
      { method: "POST", url: `/api/automation/rules/${r.id}/dry-run`, payload: { lead_id: lead.id } },
      { method: "DELETE", url: `/api/automation/rules/${r.id}` },
    ]);
    expect((await h.ok(w.outsider, "GET", "/api/automation/rules")).total).toBe(0);
    expect((await h.ok(w.outsider, "GET", "/api/automation/runs")).total).toBe(0);
    const viewer = await addMember(w.t.app.ctx.db, w.owner, "viewer");
    expect((await h.call(viewer, "GET", "/api/automation/rules")).statusCode).toBe(200);
    const refused = await h.call(viewer, "POST", "/api/automation/rules", {
      name: "V",
      trigger: { type: "reply_received" },
      actions: [{ type: "add_tag", tag: "v" }],
    });
    expect(refused.statusCode).toBe(403);
    expect((await h.call(viewer, "DELETE", `/api/automation/rules/${r.id}`)).statusCode).toBe(403);
  });
});
