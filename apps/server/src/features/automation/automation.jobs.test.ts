/**
 * The job system runs the rules by itself: with job workers on (as in production), a reply and an
 * open are acted on without anyone calling the engine — the reply asks for the automation.process
 * job at once, the open is read by the scan the sender's tick asks for.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { campaignEvents } from "../campaigns/campaigns.table.ts";
import { helpers } from "../campaigns/campaigns.test-helpers.ts";

describe("automation on the job system", () => {
  let t: TestApp;
  let owner: TestUser;
  const h = helpers(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  it("runs a reply rule and an open rule in the background, each once", async () => {
    const c = await h.campaign(owner);
    const lead = await h.lead(owner);
    await h.ok(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: [lead.id] });
    await h.ok(
      owner,
      "POST",
      "/api/automation/rules",
      { name: "Replied", trigger: { type: "reply_received" }, actions: [{ type: "add_tag", tag: "replied" }] },
      201,
    );
    await h.ok(
      owner,
      "POST",
      "/api/automation/rules",
      { name: "Opened", trigger: { type: "email_opened", min_opens: 1 }, actions: [{ type: "add_tag", tag: "opened" }] },
      201,
    );
    await t.app.ctx.hooks.run("replies.received", {
      workspaceId: owner.workspaceId,
      replyRef: "<bg-1@acme.test>",
      answered: "campaign",
      leadId: lead.id,
      campaignId: c.id,
      from: lead.email,
      subject: "Re",
      snippet: "yes",
      occurredAt: new Date(),
    });
    await t.app.ctx.db
      .insert(campaignEvents)
      .values({ workspaceId: owner.workspaceId, campaignId: c.id, leadId: lead.id, type: "open", isBot: false });
    const tags = await waitFor(
      async () => {
        const l = await h.ok(owner, "GET", `/api/leads/${lead.id}`);
        return l.tags.includes("replied") && l.tags.includes("opened") ? l.tags : null;
      },
      { what: "the replied and opened tags", timeoutMs: 40_000, intervalMs: 500 },
    );
    expect(tags).toEqual(expect.arrayContaining(["replied", "opened"]));
    const runs = await h.ok(owner, "GET", "/api/automation/runs");
    expect(runs.total).toBe(2);
  }, 60_000);
});
