/**
 * What the product records by itself: a one-off send from /compose and a person's reply to it
 * become one email interaction each (a reply processed twice is still one), on the lead, its
 * customer and that customer's open deal; a meeting booked from the CRM and marked in the
 * campaign, in either order, is one interaction and one meeting in the campaign's Meetings figure;
 * a task reminder notifies its assignee (or creator) once.
 */

import { and, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { campaignMessages } from "../campaigns/campaigns.table.ts";
import { helpers } from "../campaigns/campaigns.test-helpers.ts";
import { processInbound } from "../replies/replies.service.ts";
import { runSendingPass } from "../sending/sending.service.ts";
import { tomorrowAt } from "../sending/sending.test-helpers.ts";
import { crmCustomers, crmDeals, crmStages } from "./crm.table.ts";
import { sendDueReminders } from "./crm-activity.reminders.ts";

describe("interactions the product records, and task reminders", () => {
  let t: TestApp;
  let owner: TestUser;
  const h = helpers(() => t);

  beforeAll(async () => {
    // No sender loop: the test runs the reminder sweep and the sender's tick itself.
    t = await createTestApp({ JOBS: "off" }, { work: false });
    owner = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const interactions = (user: TestUser, query: string) => h.ok(user, "GET", `/api/crm/interactions?${query}`);
  const metrics = async (campaignId: string) => (await h.ok(owner, "POST", `/api/campaigns/${campaignId}/metrics/refresh`)).meetings;

  /** The lead's customer (converted from it) with an open deal, and a won deal that must not be picked. */
  const convert = async (leadId: string, name: string) => {
    const db = t.app.ctx.db;
    const [customer] = await db.insert(crmCustomers).values({ workspaceId: owner.workspaceId, name, leadId }).returning();
    const stages = await db
      .insert(crmStages)
      .values([
        { workspaceId: owner.workspaceId, name: `Open ${name}`, position: 50, probability: 40 },
        { workspaceId: owner.workspaceId, name: `Won ${name}`, position: 51, probability: 100, isWon: true },
      ])
      .returning();
    const [open] = await db
      .insert(crmDeals)
      .values({ workspaceId: owner.workspaceId, name: `${name} pilot`, stageId: stages[0]!.id, customerId: customer!.id })
      .returning();
    await db
      .insert(crmDeals)
      .values({ workspaceId: owner.workspaceId, name: `${name} won`, stageId: stages[1]!.id, customerId: customer!.id });
    return { customerId: customer!.id, dealId: open!.id };
  };

  it("records a one-off send and the reply to it once each, on the lead, its customer and its open deal", async () => {
    const lead = await h.lead(owner, { first_name: "Rita" });
    const { customerId, dealId } = await convert(lead.id, "Rita's shop");
    const inboxId = await h.localInbox(owner);
    const sent = await h.ok(owner, "POST", "/api/compose/send", {
      inbox_id: inboxId,
      to: lead.email,
      subject: "A quick idea",
      body: "Hi, worth a call?",
      lead_id: lead.id,
    });
    expect(sent.status).toBe("local");

    const [send] = await interactions(owner, `lead_id=${lead.id}&source=compose`);
    expect(send).toMatchObject({
      type: "email",
      source: "compose",
      subject: "A quick idea",
      lead_id: lead.id,
      customer_id: customerId,
      deal_id: dealId,
      created_by: owner.id,
    });

    const raw = [
      `From: Rita <${lead.email}>`,
      "To: someone@local.test",
      "Subject: Re: A quick idea",
      `Message-ID: <reply-${Date.now()}@shop.test>`,
      `In-Reply-To: ${sent.message_id}`,
      `Date: ${new Date().toUTCString()}`,
      "",
      "Yes, let's talk on Tuesday.",
    ].join("\r\n");
    const inbox = { id: inboxId, workspaceId: owner.workspaceId };
    const first = await processInbound(t.app.ctx, inbox, await simpleParser(raw), null);
    expect(first).toMatchObject({ source: "compose", inbound: { kind: "reply" } });
    // The same message read again (a cursor reset, a second poller): still one interaction.
    await processInbound(t.app.ctx, inbox, await simpleParser(raw), null);

    const replies = await interactions(owner, `lead_id=${lead.id}&source=reply`);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      type: "email",
      subject: "Re: A quick idea",
      description: "Yes, let's talk on Tuesday.",
      customer_id: customerId,
      deal_id: dealId,
      related_label: "Rita's shop pilot",
    });
    expect(await interactions(owner, `lead_id=${lead.id}`)).toHaveLength(2);
  });

  it("records a reply to campaign mail with its campaign, and a send to a customer's address on that customer", async () => {
    const { campaign, lead } = await h.ready(owner);
    await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/launch`);
    await runSendingPass(t.app.ctx.sending, campaign.id, tomorrowAt(12));
    const [message] = await t.app.ctx.db
      .select()
      .from(campaignMessages)
      .where(and(eq(campaignMessages.campaignId, campaign.id), eq(campaignMessages.leadId, lead.id)));
    expect(message?.messageId).toBeTruthy();
    const raw = [`From: <${lead.email}>`, "Subject: Re: Hello", `In-Reply-To: ${message!.messageId}`, "", "Tell me more."].join("\r\n");
    const inbox = { id: await h.localInbox(owner), workspaceId: owner.workspaceId };
    expect((await processInbound(t.app.ctx, inbox, await simpleParser(raw), null)).source).toBe("campaign");
    expect(await interactions(owner, `campaign_id=${campaign.id}&source=reply`)).toMatchObject([
      { lead_id: lead.id, campaign_id: campaign.id, description: "Tell me more.", type: "email" },
    ]);

    const email = `buyer-${Date.now()}@hooli.test`;
    const [customer] = await t.app.ctx.db.insert(crmCustomers).values({ workspaceId: owner.workspaceId, name: "Hooli", email }).returning();
    await h.ok(owner, "POST", "/api/compose/send", { inbox_id: inbox.id, to: email, subject: "Your renewal", body: "Hi" });
    expect(await interactions(owner, `customer_id=${customer!.id}`)).toMatchObject([
      { source: "compose", subject: "Your renewal", lead_id: null, customer_id: customer!.id },
    ]);
  });

  it("counts a meeting booked from the CRM and marked in the campaign once, whichever comes first", async () => {
    const { campaign, lead } = await h.ready(owner);
    const before = Number((await h.call(owner, "GET", "/api/crm/interactions?type=meeting")).headers["x-total-count"]);

    // Booked from the CRM with the lead only: the campaign it is in is marked.
    const booked = await h.ok(
      owner,
      "POST",
      "/api/crm/meetings",
      { lead_id: lead.id, date: "2026-07-01T15:00:00Z", subject: "Demo", notes: "Bring the pricing" },
      201,
    );
    expect(booked.campaign_meeting).toMatchObject({ campaign_id: campaign.id, lead_id: lead.id });
    expect(booked.interaction).toMatchObject({
      type: "meeting",
      source: "meeting",
      subject: "Demo",
      notes: "Bring the pricing",
      date: "2026-07-01T15:00:00.000Z",
      campaign_id: campaign.id,
      lead_id: lead.id,
    });
    const marked = await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/leads/${lead.id}/meeting`);
    expect(marked.meeting_booked_at).toBe(booked.campaign_meeting.meeting_booked_at);
    await h.ok(owner, "POST", "/api/crm/meetings", { lead_id: lead.id, campaign_id: campaign.id, date: "2026-07-01T15:00:00Z" }, 201);
    expect(await metrics(campaign.id)).toBe(1);
    expect(await interactions(owner, `lead_id=${lead.id}&type=meeting`)).toHaveLength(1);

    // Marked in the campaign first, then booked from the CRM: one interaction carrying the booking's details.
    const second = await h.lead(owner);
    await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/leads`, { lead_ids: [second.id] });
    await h.ok(owner, "POST", `/api/campaigns/${campaign.id}/leads/${second.id}/meeting`);
    const [fromCampaign] = await interactions(owner, `lead_id=${second.id}&type=meeting`);
    expect(fromCampaign).toMatchObject({ source: "meeting", campaign_id: campaign.id, created_by: owner.id });
    const rebooked = await h.ok(
      owner,
      "POST",
      "/api/crm/meetings",
      { lead_id: second.id, campaign_id: campaign.id, date: "2026-07-02", subject: "Pricing call" },
      201,
    );
    expect(rebooked.interaction).toMatchObject({ id: fromCampaign.id, subject: "Pricing call", date: "2026-07-02T00:00:00.000Z" });
    expect(await interactions(owner, `lead_id=${second.id}&type=meeting`)).toHaveLength(1);
    expect(await metrics(campaign.id)).toBe(2);
    expect(Number((await h.call(owner, "GET", "/api/crm/interactions?type=meeting")).headers["x-total-count"])).toBe(before + 2);
  });

  it("books a meeting on a deal without a campaign, and refuses what cannot be booked, writing nothing", async () => {
    const lead = await h.lead(owner);
    const { customerId, dealId } = await convert(lead.id, "Umbrella");
    const res = await h.ok(owner, "POST", "/api/crm/meetings", { deal_id: dealId, date: "2026-08-01T10:00:00+02:00" }, 201);
    expect(res.campaign_meeting).toBeNull();
    expect(res.interaction).toMatchObject({
      deal_id: dealId,
      customer_id: customerId,
      lead_id: lead.id,
      campaign_id: null,
      date: "2026-08-01T08:00:00.000Z",
      subject: "Meeting booked",
    });

    const count = async () => Number((await h.call(owner, "GET", "/api/crm/interactions?type=meeting")).headers["x-total-count"]);
    const before = await count();
    const nothing = await h.call(owner, "POST", "/api/crm/meetings", { date: "2026-08-01" });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors[0].field).toBe("lead_id");
    expect((await h.call(owner, "POST", "/api/crm/meetings", { lead_id: lead.id, date: "2026-02-30" })).json().errors[0].field).toBe(
      "date",
    );
    const { campaign } = await h.ready(owner);
    const outsider = await h.call(owner, "POST", "/api/crm/meetings", { lead_id: lead.id, campaign_id: campaign.id, date: "2026-08-01" });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().code).toBe("CAMPAIGN_LEAD_NOT_MEMBER");
    const stranger = await createUser(t.app.ctx.db);
    const foreign = await h.call(stranger, "POST", "/api/crm/meetings", { deal_id: dealId, date: "2026-08-01" });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].field).toBe("deal_id");
    expect(await count()).toBe(before);
    expect(await metrics(campaign.id)).toBe(0);
  });

  it("reminds the assignee, or the creator, once when remind_at passes", async () => {
    const mate = await addMember(t.app.ctx.db, owner, "sales_rep");
    const past = new Date(Date.now() - 60_000).toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const task = await h.ok(owner, "POST", "/api/crm/tasks", { title: "Call Rita back", assignee_id: mate.id, remind_at: past }, 201);
    const mine = await h.ok(owner, "POST", "/api/crm/tasks", { title: "Write the recap", remind_at: past }, 201);
    await h.ok(owner, "POST", "/api/crm/tasks", { title: "Not yet", assignee_id: mate.id, remind_at: later }, 201);
    await h.ok(owner, "POST", "/api/crm/tasks", { title: "Already done", assignee_id: mate.id, remind_at: past, status: "done" }, 201);

    expect(await sendDueReminders(t.app.ctx)).toBe(2);
    expect(await sendDueReminders(t.app.ctx)).toBe(0);
    const forMate = (await h.ok(mate, "GET", "/api/notifications")).notifications;
    expect(forMate.map((n: { title: string }) => n.title)).toEqual(["Reminder: Call Rita back"]);
    expect(forMate[0].link).toBe(`/crm/tasks?selected=${task.id}`);
    const forOwner = (await h.ok(owner, "GET", "/api/notifications")).notifications;
    expect(forOwner.filter((n: { title: string }) => n.title.startsWith("Reminder:")).map((n: { title: string }) => n.title)).toEqual([
      "Reminder: Write the recap",
    ]);
    expect((await h.ok(owner, "GET", `/api/crm/tasks/${mine.id}`)).reminded_at).not.toBeNull();

    // A new reminder time is a new reminder.
    await h.ok(owner, "PUT", `/api/crm/tasks/${task.id}`, { remind_at: new Date(Date.now() - 1000).toISOString() });
    expect(await sendDueReminders(t.app.ctx)).toBe(1);
    expect((await h.ok(mate, "GET", "/api/notifications")).notifications).toHaveLength(2);

    // Where jobs run, the sender's tick sends them.
    await h.ok(owner, "POST", "/api/crm/tasks", { title: "Send the contract", assignee_id: mate.id, remind_at: past }, 201);
    await t.app.ctx.hooks.run("sending.tick", { now: new Date() });
    expect((await h.ok(mate, "GET", "/api/notifications")).notifications[0].title).toBe("Reminder: Send the contract");
  });
});
