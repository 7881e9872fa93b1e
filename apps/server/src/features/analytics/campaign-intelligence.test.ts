/**
 * /api/campaign-intelligence: figures equal what was inserted (sends, events, memberships, runs,
 * holds), the verdicts (z-test, Wilson, weakest step, reply classes), keyset pages, 422s naming the
 * field, and workspace isolation. Data sits hours or days in the past, inside every window.
 */
import type {
  AgentsState,
  AttentionCenter,
  AutomationEffect,
  CiPerformancePage,
  CiReplyIntel,
  CiReplyLatestPage,
  CiSequenceReport,
} from "@prospector/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { automationRules, automationRuns } from "../automation/index.ts";
import { helpers } from "../campaigns/campaigns.test-helpers.ts";
import { campaignEvents, campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";
import { sendingHolds } from "../sending/index.ts";
import { compare } from "./campaign-intelligence.service.ts";

const H = 3_600_000;
const BASE = "/api/campaign-intelligence";

describe("compare", () => {
  it("says too few under 20 on either side, else the z-test's verdict", () => {
    expect(compare(5, 10, 10, 100).verdict).toBe("too_few");
    expect(compare(10, 100, 5, 10).verdict).toBe("too_few");
    expect(compare(30, 100, 10, 100).verdict).toBe("above");
    expect(compare(10, 100, 30, 100).verdict).toBe("below");
    expect(compare(12, 100, 10, 100)).toMatchObject({ verdict: "not_different", difference: 0.02 });
  });
});

describe("campaign intelligence", () => {
  let t: TestApp;
  const h = helpers(() => t);
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  const now = Date.now();
  const ids: Record<string, string> = {};

  const makeLeads = async (user: TestUser, n: number, tag: string) =>
    (
      await t.app.ctx.db
        .insert(leads)
        .values(
          Array.from({ length: n }, (_, i) => ({
            workspaceId: user.workspaceId,
            email: `${tag}${i}-${now}@acme.test`,
            firstName: `${tag}${i}`,
          })),
        )
        .returning({ id: leads.id })
    ).map((r) => r.id);

  const makeCampaign = async (
    user: TestUser,
    name: string,
    status: "active" | "paused" | "completed",
    extra: Record<string, unknown> = {},
  ) => {
    const c = await h.campaign(user, { name, ...extra });
    await t.app.ctx.db
      .update(campaigns)
      .set({ status, launchedAt: new Date(now - 48 * H) })
      .where(eq(campaigns.id, c.id));
    return c.id as string;
  };

  /** One message per lead at `step`, sent `hoursAgo`, with the given events for the first k leads. */
  const send = async (
    user: TestUser,
    campaignId: string,
    leadIds: string[],
    o: {
      step?: number;
      hoursAgo?: number;
      status?: "sent" | "bounced";
      events?: {
        type: "open" | "click" | "reply" | "bounce" | "unsubscribe" | "auto_reply" | "meeting" | "complaint";
        first: number;
        detail?: (i: number) => Record<string, unknown>;
      }[];
    },
  ) => {
    const at = new Date(now - (o.hoursAgo ?? 24) * H);
    const rows = await t.app.ctx.db
      .insert(campaignMessages)
      .values(
        leadIds.map((leadId) => ({
          workspaceId: user.workspaceId,
          campaignId,
          leadId,
          step: o.step ?? 0,
          status: o.status ?? "sent",
          sentAt: at,
        })),
      )
      .returning({ id: campaignMessages.id, leadId: campaignMessages.leadId });
    const events = (o.events ?? []).flatMap((e) =>
      rows.slice(0, e.first).map((r, i) => ({
        workspaceId: user.workspaceId,
        campaignId,
        leadId: r.leadId,
        messageId: e.type === "meeting" ? null : r.id,
        type: e.type,
        step: o.step ?? 0,
        variant: 0,
        detail: e.detail?.(i) ?? null,
        occurredAt: new Date(at.getTime() + H),
      })),
    );
    if (events.length) await t.app.ctx.db.insert(campaignEvents).values(events);
  };

  const member = (user: TestUser, campaignId: string, leadIds: string[], v: Partial<typeof campaignLeads.$inferInsert>) =>
    t.app.ctx.db.insert(campaignLeads).values(leadIds.map((leadId) => ({ workspaceId: user.workspaceId, campaignId, leadId, ...v })));

  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
    const db = t.app.ctx.db;
    owner = await createUser(db);
    viewer = await addMember(db, owner, "viewer");
    stranger = await createUser(db);

    // Alpha: 100 sent, 30 replies (20 of them positive, 10 declining), 40 opens. Beta: 100 sent, 2 replies, 10 bounced.
    ids.alpha = await makeCampaign(owner, "Alpha", "active");
    ids.beta = await makeCampaign(owner, "Beta", "active");
    const alphaLeads = await makeLeads(owner, 100, "a");
    const betaLeads = await makeLeads(owner, 100, "b");
    await member(owner, ids.alpha, alphaLeads, { state: "completed", currentStep: 1 });
    await member(owner, ids.beta, betaLeads, { state: "completed", currentStep: 1 });
    await send(owner, ids.alpha, alphaLeads, {
      hoursAgo: 30,
      events: [
        { type: "open", first: 40 },
        {
          type: "reply",
          first: 30,
          detail: (i) => ({
            from: `a${i}@acme.test`,
            subject: "Re: hello",
            snippet: i < 20 ? "Sounds good, let's talk on Tuesday" : "We are not interested, thanks",
          }),
        },
      ],
    });
    await send(owner, ids.beta, betaLeads.slice(0, 90), {
      hoursAgo: 30,
      events: [{ type: "reply", first: 2, detail: () => ({ subject: "Re: hi", snippet: "please remove me from your list" }) }],
    });
    await send(owner, ids.beta, betaLeads.slice(90), { hoursAgo: 30, status: "bounced" });
    await send(owner, ids.beta, betaLeads.slice(0, 3), {
      step: 1,
      hoursAgo: 20,
      events: [{ type: "auto_reply", first: 3, detail: () => ({ subject: "Out of office", why: "Auto-Submitted: auto-replied" }) }],
    });

    // Stalled: active, launched two days ago, 4 leads due waiting on the daily cap, nothing ever sent; held by the kill switch.
    ids.inbox = await h.localInbox(owner);
    ids.stalled = await makeCampaign(owner, "Stalled", "active", { inbox_ids: [ids.inbox] });
    const stalledLeads = await makeLeads(owner, 4, "s");
    await member(owner, ids.stalled, stalledLeads, { state: "queued", nextSendAt: new Date(now - 2 * H), waitReason: "daily_cap" });
    await db.insert(sendingHolds).values({
      workspaceId: owner.workspaceId,
      scope: "campaign",
      targetId: ids.stalled,
      targetLabel: "Stalled",
      reason: "Checking the copy",
    });

    // Sequence: step 1 sent to 40 leads, 12 replied (they left as replied); step 2 to the other 28, none replied, 3 unsubscribed.
    ids.seq = await makeCampaign(owner, "Sequence", "completed");
    const seqLeads = await makeLeads(owner, 40, "q");
    await member(owner, ids.seq, seqLeads.slice(0, 12), { state: "replied", currentStep: 1 });
    await member(owner, ids.seq, seqLeads.slice(12, 37), { state: "completed", currentStep: 2 });
    await member(owner, ids.seq, seqLeads.slice(37, 40), { state: "unsubscribed", currentStep: 2 });
    await send(owner, ids.seq, seqLeads, { hoursAgo: 200, events: [{ type: "reply", first: 12 }] });
    await send(owner, ids.seq, seqLeads.slice(37).concat(seqLeads.slice(12, 37)), {
      step: 1,
      hoursAgo: 100,
      events: [{ type: "unsubscribe", first: 3 }],
    });

    // Automation: a rule acted on 30 of Alpha's leads (the first 30: 20 replied… all 30 replied after? no: replies came at -29 h, runs at -40 h).
    const [rule] = await db
      .insert(automationRules)
      .values({
        workspaceId: owner.workspaceId,
        name: "Tag openers",
        triggerType: "email_opened",
        trigger: { type: "email_opened" } as never,
        conditions: [],
        actions: [],
      })
      .returning();
    ids.rule = rule!.id;
    await db.insert(automationRuns).values(
      alphaLeads.slice(0, 30).map((leadId, i) => ({
        workspaceId: owner.workspaceId,
        ruleId: rule!.id,
        owner: `rule:${rule!.id}`,
        runKey: `k${i}`,
        triggerType: "email_opened",
        triggerRef: `r${i}`,
        leadId,
        campaignId: ids.alpha,
        status: "succeeded",
        actions: [{ type: "add_tag", ok: true, detail: "tagged" }],
        createdAt: new Date(now - 40 * H),
      })),
    );

    // The stranger's workspace: one campaign with sends.
    ids.foreign = await makeCampaign(stranger, "Foreign", "active");
    await send(stranger, ids.foreign, await makeLeads(stranger, 30, "f"), {
      hoursAgo: 10,
      events: [{ type: "reply", first: 5, detail: () => ({ snippet: "interested" }) }],
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it("performance: rates with intervals, the z-test against the rest of the workspace, keyset pages", async () => {
    const p: CiPerformancePage = await h.ok(viewer, "GET", `${BASE}/performance?days=30&sort=reply_rate&limit=2`);
    expect(p.workspace.sent).toBe(100 + 103 + 40 + 28);
    expect(p.workspace.delivered).toBe(100 + 93 + 40 + 28);
    expect(p.total).toBe(3);
    const [first, second] = p.items;
    expect(first!.name).toBe("Alpha");
    expect(first!.reply).toMatchObject({ count: 30, n: 100, rate: 0.3 });
    expect(first!.reply.low!).toBeLessThan(0.3);
    expect(first!.open).toMatchObject({ count: 40, n: 100 });
    expect(first!.vs_workspace.reply.verdict).toBe("above");
    // Nobody clicked anywhere: enough messages on both sides, nothing differs.
    expect(first!.vs_workspace.click).toMatchObject({ verdict: "not_different", difference: 0 });
    expect(second!.name).toBe("Sequence");
    expect(p.next_cursor).not.toBeNull();
    const next: CiPerformancePage = await h.ok(
      viewer,
      "GET",
      `${BASE}/performance?days=30&sort=reply_rate&limit=2&cursor=${p.next_cursor}`,
    );
    expect(next.items.map((i) => i.name)).toEqual(["Beta"]);
    const beta = next.items[0]!;
    expect(beta.bounce).toMatchObject({ count: 10, n: 103 });
    // Reply rates are over delivered messages (sent and not bounced), as the analytics engine counts them.
    expect(beta.reply).toMatchObject({ count: 2, n: 93 });
    expect(beta.vs_workspace.reply.verdict).toBe("below");
    expect(beta.vs_workspace.bounce.verdict).toBe("above");
    expect(next.next_cursor).toBeNull();
  });

  it("performance refuses bad input naming the field", async () => {
    const res = await h.call(owner, "GET", `${BASE}/performance?days=0`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toContain("days");
    const bad = await h.call(owner, "GET", `${BASE}/performance?cursor=nonsense`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe("CI_INVALID_CURSOR");
  });

  it("center: each campaign's reasons with their evidence, ranked by score", async () => {
    const c: AttentionCenter = await h.ok(owner, "GET", `${BASE}/center`);
    expect(c.checked).toBe(3);
    const byName = Object.fromEntries(c.campaigns.map((x) => [x.name, x]));
    const stalled = byName.Stalled!;
    expect(stalled.reasons.map((r) => r.code).sort()).toEqual(["held", "stalled"]);
    expect(stalled.reasons.find((r) => r.code === "stalled")!.counts).toMatchObject({ due_now: 4, daily_cap: 4 });
    expect(stalled.score).toBe(6);
    const beta = byName.Beta!;
    const codes = beta.reasons.map((r) => r.code);
    expect(codes).toContain("high_bounce");
    expect(codes).toContain("low_reply");
    expect(beta.reasons.find((r) => r.code === "high_bounce")!.rate).toMatchObject({ count: 10, n: 103 });
    // Alpha's 30 replies got no email back from the team.
    expect(byName.Alpha!.reasons.find((r) => r.code === "unanswered_replies")!.counts.unanswered).toBe(30);
    expect(byName.Alpha!.reasons.map((r) => r.code)).not.toContain("low_reply");
    expect(c.campaigns[0]!.score).toBeGreaterThanOrEqual(c.campaigns.at(-1)!.score);
    // The other workspace sees only its own.
    const s: AttentionCenter = await h.ok(stranger, "GET", `${BASE}/center`);
    expect(s.campaigns.map((x) => x.name)).not.toContain("Beta");
    expect(s.checked).toBe(1);
  });

  it("sequences: per step reached, replies, exits, and the measurably weakest step", async () => {
    const s: CiSequenceReport = await h.ok(owner, "GET", `${BASE}/sequences?campaign_id=${ids.seq}`);
    expect(s.campaign!.name).toBe("Sequence");
    const [one, two] = s.steps;
    expect(one).toMatchObject({ step: 0, reached: 40, sent: 40, replies: 12 });
    expect(one!.left.replied).toBe(12);
    expect(two).toMatchObject({ step: 1, reached: 28, sent: 28, replies: 0, unsubscribes: 3 });
    expect(two!.left).toMatchObject({ finished: 25, unsubscribed: 3 });
    expect(s.weakest_step).toBe(1);
    const missing = await h.call(stranger, "GET", `${BASE}/sequences?campaign_id=${ids.seq}`);
    expect(missing.statusCode).toBe(404);
    const bad = await h.call(owner, "GET", `${BASE}/sequences?campaign_id=nope`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toContain("campaign_id");
  });

  it("replies: classes with shares and the rule that fired, latest of a class in keyset pages", async () => {
    const r: CiReplyIntel = await h.ok(owner, "GET", `${BASE}/replies?days=30`);
    const share = Object.fromEntries(r.classes.map((c) => [c.class, c.share]));
    expect(r.total).toBe(30 + 2 + 3 + 12 + 3);
    expect(share.interested).toMatchObject({ count: 20, n: 50 });
    expect(share.not_interested!.count).toBe(10);
    expect(share.unsubscribe_request!.count).toBe(2 + 3);
    expect(share.out_of_office!.count).toBe(3);
    expect(share.other_reply!.count).toBe(12);
    const alpha = r.by_campaign.find((b) => b.name === "Alpha")!;
    expect(alpha.total).toBe(30);
    const p1: CiReplyLatestPage = await h.ok(owner, "GET", `${BASE}/replies/latest?class=interested&limit=15`);
    expect(p1.items).toHaveLength(15);
    expect(p1.items[0]!.why).toContain("sounds good");
    const p2: CiReplyLatestPage = await h.ok(owner, "GET", `${BASE}/replies/latest?class=interested&limit=15&cursor=${p1.next_cursor}`);
    expect(p2.items).toHaveLength(5);
    expect(new Set([...p1.items, ...p2.items].map((i) => i.id)).size).toBe(20);
    expect(p2.next_cursor).toBeNull();
    const ooo: CiReplyLatestPage = await h.ok(owner, "GET", `${BASE}/replies/latest?class=out_of_office`);
    expect(ooo.items[0]!.why).toContain("Auto-Submitted: auto-replied");
    const bad = await h.call(owner, "GET", `${BASE}/replies/latest?class=happy`);
    expect(bad.statusCode).toBe(422);
    const s: CiReplyIntel = await h.ok(stranger, "GET", `${BASE}/replies?days=30`);
    expect(s.total).toBe(5);
  });

  it("automation: leads acted on and their replies against the campaign's other members", async () => {
    const a: AutomationEffect = await h.ok(owner, "GET", `${BASE}/automation?days=30`);
    expect(a.rules).toHaveLength(1);
    const r = a.rules[0]!;
    expect(r).toMatchObject({ kind: "rule", id: ids.rule, name: "Tag openers", runs: 30, leads_acted_on: 30, actions: { add_tag: 30 } });
    expect(r.acted_reply).toMatchObject({ count: 30, n: 30 });
    expect(r.comparison_reply).toMatchObject({ count: 0, n: 70 });
    expect(r.reply_effect.verdict).toBe("above");
    expect(r.acted_meeting.count).toBe(0);
    expect(r.meeting_effect.verdict).toBe("not_different");
    const s: AutomationEffect = await h.ok(stranger, "GET", `${BASE}/automation?days=30`);
    expect(s.rules).toEqual([]);
  });

  it("agents: the sender's state per campaign, the holds and the inboxes", async () => {
    const a: AgentsState = await h.ok(owner, "GET", `${BASE}/agents`);
    const stalled = a.campaigns.find((c) => c.name === "Stalled")!;
    expect(stalled.sender).toMatchObject({ in_sequence: 4, due_now: 4, wait_reasons: { daily_cap: 4 }, sent_today: 0 });
    expect(stalled.holds).toEqual([expect.objectContaining({ scope: "campaign", reason: "Checking the copy" })]);
    expect(a.campaigns.find((c) => c.name === "Alpha")!.automation_runs_24h).toBe(0);
    expect(a.holds).toHaveLength(1);
    expect(a.automation).toMatchObject({ rules_enabled: 1, rules_total: 1 });
    const inbox = a.inboxes.find((i) => i.id === ids.inbox)!;
    expect(inbox).toMatchObject({ kind: "local", campaigns: 1, sent_today: 0, poll_error: null });
    expect(inbox.daily_cap).toBeGreaterThan(0);
    const s: AgentsState = await h.ok(stranger, "GET", `${BASE}/agents`);
    expect(s.holds).toEqual([]);
    expect(s.campaigns.map((c) => c.name)).toEqual(["Foreign"]);
  });
});
