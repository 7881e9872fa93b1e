/**
 * Nurture sequences: an entry rule enrols a lead (it joins the sequence's campaign through the
 * campaigns service, with the reason), exit rules end it (replied, clicked, N days, a lead status)
 * with the reason recorded and its emails stopped; counts per sequence; a lead's history; a
 * sequence that would re-enter itself is refused; another workspace sees nothing.
 */
import { describe, expect, it } from "vitest";
import { expectTenantIsolation } from "../../../test/tenant-isolation.ts";
import { automationWorld } from "./automation.test-helpers.ts";
import { sweepExits } from "./nurture.engine.ts";

describe("nurture sequences", () => {
  const w = automationWorld();
  const { h, run, event } = w;

  const open = (campaignId: string, leadId: string, type: "open" | "click" = "open") => event(campaignId, leadId, type);
  const member = async (campaignId: string, leadId: string) => {
    const list = await h.ok(w.owner, "GET", `/api/campaigns/${campaignId}/leads?per_page=100`);
    return list.leads.find((l: { lead_id: string }) => l.lead_id === leadId);
  };

  it("enrols on the entry rule, exits on a click or after N days, with reasons and counts", async () => {
    const cold = await h.campaign(w.owner, { name: "Cold" });
    const nurture = await h.campaign(w.owner, { name: "Nurture drip" });
    const [a, b, c] = [await h.lead(w.owner), await h.lead(w.owner), await h.lead(w.owner, { company_name: "Initech" })];
    await h.ok(w.owner, "POST", `/api/campaigns/${cold.id}/leads`, { lead_ids: [a.id, b.id, c.id] });
    const seq = await h.ok(
      w.owner,
      "POST",
      "/api/nurture/sequences",
      {
        name: "Warm openers",
        campaign_id: nurture.id,
        entry: {
          trigger: { type: "email_opened", campaign_id: cold.id, min_opens: 1 },
          conditions: [{ field: "company", op: "is", value: "Acme" }],
        },
        exits: [{ type: "clicked" }, { type: "after_days", days: 3 }],
      },
      201,
    );
    expect(seq).toMatchObject({ campaign_name: "Nurture drip", entered: 0, active: 0 });
    for (const l of [a, b, c]) await open(cold.id, l.id);
    await run();
    expect((await member(nurture.id, a.id))?.state).toBe("queued");
    // Entering moved it out of the cold campaign, which was still to email it.
    expect((await member(cold.id, a.id))?.state).toBe("stopped");
    expect((await member(cold.id, c.id))?.state).toBe("queued");
    expect(await member(nurture.id, c.id)).toBeUndefined();
    let enrolments = await h.ok(w.owner, "GET", `/api/nurture/enrollments?sequence_id=${seq.id}`);
    expect(enrolments.total).toBe(2);
    const entered = enrolments.enrollments.map((e: { entry_reason: string }) => e.entry_reason);
    expect(entered).toContain('1 human open within 7 days, no reply in "Cold" (moved out of "Cold")');

    await open(nurture.id, a.id, "click");
    await run();
    expect((await member(nurture.id, a.id))?.state).toBe("stopped");
    const history = await h.ok(w.owner, "GET", `/api/nurture/enrollments?lead_id=${a.id}`);
    expect(history.enrollments[0]).toMatchObject({ status: "exited", exit_reason: "Clicked a link", sequence_name: "Warm openers" });
    // A lead enters a sequence once: opening again does not bring it back.
    await open(cold.id, a.id);
    await run();
    expect((await h.ok(w.owner, "GET", `/api/nurture/enrollments?lead_id=${a.id}`)).total).toBe(1);

    await sweepExits(w.t.app.ctx, new Date(Date.now() + 4 * 86_400_000));
    expect((await member(nurture.id, b.id))?.state).toBe("stopped");
    enrolments = await h.ok(w.owner, "GET", `/api/nurture/enrollments?lead_id=${b.id}`);
    expect(enrolments.enrollments[0]).toMatchObject({ status: "exited", exit_reason: "3 days passed" });
    const counted = await h.ok(w.owner, "GET", `/api/nurture/sequences/${seq.id}`);
    expect(counted).toMatchObject({ entered: 2, active: 0, exited: 2, exit_reasons: { "Clicked a link": 1, "3 days passed": 1 } });
    const runs = await h.ok(w.owner, "GET", `/api/automation/runs?sequence_id=${seq.id}`);
    expect(runs.total).toBe(2);
  });

  it("a reply ends the sequence; a rule can enrol into it; a status exit applies", async () => {
    const nurture = await h.campaign(w.owner, { name: "Reply drip" });
    const seq = await h.ok(
      w.owner,
      "POST",
      "/api/nurture/sequences",
      {
        name: "Taggers",
        campaign_id: nurture.id,
        entry: { trigger: { type: "lead_tagged", tag: "nurture-me" } },
        exits: [{ type: "replied" }, { type: "lead_status", status: "interested" }],
      },
      201,
    );
    const viaRule = await h.ok(
      w.owner,
      "POST",
      "/api/automation/rules",
      { name: "Enrol on reply", trigger: { type: "reply_received" }, actions: [{ type: "enroll_in_sequence", sequence_id: seq.id }] },
      201,
    );
    const [a, b] = [await h.lead(w.owner), await h.lead(w.owner)];
    await w.t.app.ctx.hooks.run("replies.received", {
      workspaceId: w.owner.workspaceId,
      replyRef: "<n-1@acme.test>",
      answered: "campaign",
      leadId: a.id,
      campaignId: null,
      from: a.email,
      subject: "Re",
      snippet: "hi",
      occurredAt: new Date(),
    });
    await run();
    const hist = await h.ok(w.owner, "GET", `/api/nurture/enrollments?lead_id=${a.id}`);
    expect(hist.enrollments[0]).toMatchObject({ status: "active", entry_reason: expect.stringContaining("Enrol on reply") });
    // A later reply exits.
    await w.t.app.ctx.hooks.run("replies.received", {
      workspaceId: w.owner.workspaceId,
      replyRef: "<n-2@acme.test>",
      answered: "campaign",
      leadId: a.id,
      campaignId: nurture.id,
      from: a.email,
      subject: "Re",
      snippet: "stop",
      occurredAt: new Date(Date.now() + 1000),
    });
    await run();
    expect((await h.ok(w.owner, "GET", `/api/nurture/enrollments?lead_id=${a.id}`)).enrollments[0]).toMatchObject({
      status: "exited",
      exit_reason: "Replied",
    });

    // Tag b through a rule that tags; the sequence's entry is "tagged nurture-me".
    await h.ok(
      w.owner,
      "POST",
      "/api/automation/rules",
      { name: "Tagger", trigger: { type: "meeting_booked" }, actions: [{ type: "add_tag", tag: "nurture-me" }] },
      201,
    );
    await h.ok(w.owner, "POST", `/api/campaigns/${nurture.id}/leads`, { lead_ids: [b.id] });
    await h.ok(w.owner, "POST", `/api/campaigns/${nurture.id}/leads/${b.id}/meeting`);
    await run();
    await run();
    expect((await h.ok(w.owner, "GET", `/api/nurture/enrollments?lead_id=${b.id}`)).enrollments[0]).toMatchObject({ status: "active" });
    await h.ok(w.owner, "PUT", `/api/leads/${b.id}`, { status: "interested" });
    await sweepExits(w.t.app.ctx);
    expect((await h.ok(w.owner, "GET", `/api/nurture/enrollments?lead_id=${b.id}`)).enrollments[0]).toMatchObject({
      status: "exited",
      exit_reason: "Lead status became interested",
    });
    await h.ok(w.owner, "DELETE", `/api/automation/rules/${viaRule.id}`, undefined, 204);
  });

  it("refuses a sequence that re-enters itself, a taken campaign, and another workspace's campaign", async () => {
    const drip = await h.campaign(w.owner, { name: "Self drip" });
    const loop = await h.call(w.owner, "POST", "/api/nurture/sequences", {
      name: "Self",
      campaign_id: drip.id,
      entry: { trigger: { type: "lead_added_to_campaign", campaign_id: drip.id } },
      exits: [{ type: "replied" }],
    });
    expect(loop.statusCode).toBe(409);
    expect(loop.json()).toMatchObject({ code: "AUTOMATION_RULE_LOOPS" });
    expect(loop.json().detail).toContain('sequence "Self" → sequence "Self"');
    const body = {
      name: "One",
      campaign_id: drip.id,
      entry: { trigger: { type: "reply_received" } },
      exits: [{ type: "after_days", days: 10 }],
    };
    const first = await h.ok(w.owner, "POST", "/api/nurture/sequences", body, 201);
    const second = await h.call(w.owner, "POST", "/api/nurture/sequences", { ...body, name: "Two" });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("NURTURE_CAMPAIGN_TAKEN");
    const noDays = await h.call(w.owner, "POST", "/api/nurture/sequences", { ...body, exits: [{ type: "after_days" }] });
    expect(noDays.statusCode).toBe(422);
    expect(noDays.json().errors[0].field).toBe("exits.0.days");
    const foreign = await h.campaign(w.outsider);
    const other = await h.call(w.owner, "POST", "/api/nurture/sequences", { ...body, campaign_id: foreign.id });
    expect(other.statusCode).toBe(404);

    await expectTenantIsolation(w.t.app, w.outsider, [
      { method: "GET", url: `/api/nurture/sequences/${first.id}` },
      { method: "PUT", url: `/api/nurture/sequences/${first.id}`, payload: { ...body, campaign_id: foreign.id } },
      { method: "DELETE", url: `/api/nurture/sequences/${first.id}` },
      { method: "GET", url: `/api/nurture/enrollments?sequence_id=${first.id}` },
    ]);
    expect((await h.ok(w.outsider, "GET", "/api/nurture/sequences")).total).toBe(0);
    expect((await h.ok(w.outsider, "GET", "/api/nurture/enrollments")).total).toBe(0);
  });
});
