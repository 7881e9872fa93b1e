/**
 * The executive pages on real rows: today's counts in the workspace's zone against a fixed clock,
 * what needs a human (unanswered replies, overdue tasks, paused campaigns, failing inboxes, holds,
 * reputation alerts), the boardroom (monthly figures, deltas, the PDF), team performance
 * (attribution, keyset paging), user success (first-done dates, team:read), and tenancy.
 */
import type { Boardroom, CommandCenter, TeamPerformance, UserSuccess } from "@prospector/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { helpers } from "../campaigns/campaigns.test-helpers.ts";
import { campaignEvents, campaignMessages, campaigns } from "../campaigns/index.ts";
import { composeMessages } from "../compose/index.ts";
import { crmDeals, crmTasks, stageRows } from "../crm/index.ts";
import { inboxes } from "../inboxes/index.ts";
import { leads } from "../leads/index.ts";
import { workspaces } from "../organizations/index.ts";
import { reputationAlerts } from "../reputation/index.ts";
import { sendingHolds } from "../sending/index.ts";
import { commandCenter } from "./executive.service.ts";

let t: TestApp;
const h = helpers(() => t);
let owner: TestUser;
let rep: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let campaignId: string;
let repCampaignId: string;

const auth = (u: TestUser): AuthContext => ({
  userId: u.id,
  email: u.email,
  name: u.name,
  organizationId: u.organizationId,
  workspaceId: u.workspaceId,
  role: u.role,
  isInstanceAdmin: false,
  sessionId: null,
  via: "session",
  scopes: null,
});

let stepSeq = 100;
async function send(
  user: TestUser,
  campaign: string,
  leadId: string | null,
  at: Date,
  events: { type: "reply" | "bounce" | "meeting" | "unsubscribe"; at: Date; bot?: boolean }[] = [],
) {
  const db = t.app.ctx.db;
  const [m] = await db
    .insert(campaignMessages)
    .values({ workspaceId: user.workspaceId, campaignId: campaign, leadId, step: stepSeq++, status: "sent", sentAt: at })
    .returning({ id: campaignMessages.id });
  for (const e of events)
    await db.insert(campaignEvents).values({
      workspaceId: user.workspaceId,
      campaignId: campaign,
      leadId,
      messageId: m!.id,
      type: e.type,
      isBot: e.bot ?? false,
      occurredAt: e.at,
    });
  return m!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app.ctx.db, { name: "Olivia Owner" });
  rep = await addMember(t.app.ctx.db, owner, "manager");
  viewer = await addMember(t.app.ctx.db, owner, "viewer");
  stranger = await createUser(t.app.ctx.db, { name: "Stranger" });
  campaignId = (await h.campaign(owner, { name: "Owner campaign" })).id;
  repCampaignId = (await h.campaign(rep, { name: "Rep campaign" })).id;
});
afterAll(async () => t?.close());

describe("command center: today", () => {
  // 15:00 UTC on 10 March 2026; Los Angeles is on PDT (UTC−7) since 8 March: 08:00 local.
  const now = new Date("2026-03-10T15:00:00Z");

  it("counts today, yesterday and the 7-day average in UTC when the workspace has no zone", async () => {
    const l = await h.lead(owner);
    await send(owner, campaignId, l.id, new Date("2026-03-10T01:00:00Z"), [
      { type: "reply", at: new Date("2026-03-10T02:00:00Z") },
      // A mail-privacy proxy is not a person.
      { type: "reply", at: new Date("2026-03-10T02:05:00Z"), bot: true },
    ]);
    await send(owner, campaignId, l.id, new Date("2026-03-09T12:00:00Z"), [{ type: "bounce", at: new Date("2026-03-09T12:01:00Z") }]);
    await send(owner, campaignId, l.id, new Date("2026-03-05T12:00:00Z"));
    // Outside the 8 days: not counted anywhere.
    await send(owner, campaignId, l.id, new Date("2026-03-01T12:00:00Z"));
    // Another workspace's sends never show.
    const other = (await h.campaign(stranger)).id;
    await send(stranger, other, null, new Date("2026-03-10T03:00:00Z"));

    const cc = await commandCenter(t.app.ctx, auth(owner), now);
    expect(cc.timezone).toBe("UTC");
    expect(cc.timezone_source).toBe("default");
    expect(cc.today).toBe("2026-03-10");
    const fig = Object.fromEntries(cc.figures.map((f) => [f.key, f]));
    expect(fig.sent).toMatchObject({ today: 1, yesterday: 1, avg_7d: Math.round((2 / 7) * 10) / 10 });
    expect(fig.replied).toMatchObject({ today: 1, yesterday: 0 });
    expect(fig.bounced).toMatchObject({ today: 0, yesterday: 1 });
    expect(cc.reply_pace).toMatchObject({ value: 1, n: 1 });
    expect(fig.sent!.source).toMatch(/SMTP/);
  });

  it("counts days in the workspace's time zone when it has one", async () => {
    await t.app.ctx.db
      .update(workspaces)
      .set({ settings: sql`jsonb_set(${workspaces.settings}, '{timezone}', '"America/Los_Angeles"')` })
      .where(eq(workspaces.id, owner.workspaceId));
    const cc = await commandCenter(t.app.ctx, auth(owner), now);
    expect(cc.timezone).toBe("America/Los_Angeles");
    expect(cc.timezone_source).toBe("workspace");
    expect(cc.today).toBe("2026-03-10");
    const fig = Object.fromEntries(cc.figures.map((f) => [f.key, f]));
    // 01:00 UTC on the 10th is 18:00 on the 9th in Los Angeles: yesterday there.
    expect(fig.sent).toMatchObject({ today: 0, yesterday: 2 });
    expect(fig.replied).toMatchObject({ today: 0, yesterday: 1 });
    await t.app.ctx.db
      .update(workspaces)
      .set({ settings: sql`jsonb_set(${workspaces.settings}, '{timezone}', '"UTC"')` })
      .where(eq(workspaces.id, owner.workspaceId));
  });
});

describe("command center: what needs a human", () => {
  let cc: CommandCenter;
  let hot: { id: string };
  let cold: { id: string };
  let answered: { id: string };

  beforeAll(async () => {
    const db = t.app.ctx.db;
    const now = Date.now();
    hot = await h.lead(owner, { first_name: "Hot" });
    cold = await h.lead(owner, { first_name: "Cold" });
    answered = await h.lead(owner, { first_name: "Answered" });
    await db.update(leads).set({ status: "interested" }).where(eq(leads.id, hot.id));
    await send(owner, campaignId, cold.id, new Date(now - 5 * 3600_000), [{ type: "reply", at: new Date(now - 2 * 3600_000) }]);
    await send(owner, campaignId, hot.id, new Date(now - 5 * 3600_000), [{ type: "reply", at: new Date(now - 4 * 3600_000) }]);
    await send(owner, campaignId, answered.id, new Date(now - 5 * 3600_000), [{ type: "reply", at: new Date(now - 3 * 3600_000) }]);
    await db.insert(composeMessages).values({
      workspaceId: owner.workspaceId,
      leadId: answered.id,
      sentBy: owner.id,
      fromAddress: "me@acme.test",
      toAddress: "answered@acme.test",
      subject: "Re: hello",
      status: "sent",
      sentAt: new Date(now - 3600_000),
    });
    await db.insert(crmTasks).values([
      { workspaceId: owner.workspaceId, title: "Rep's call", assigneeId: rep.id, dueAt: new Date(now - 3 * 86400_000) },
      { workspaceId: owner.workspaceId, title: "My follow-up", assigneeId: owner.id, dueAt: new Date(now - 86400_000) },
      { workspaceId: owner.workspaceId, title: "Not due yet", assigneeId: owner.id, dueAt: new Date(now + 86400_000) },
      { workspaceId: owner.workspaceId, title: "Done late", assigneeId: owner.id, status: "done", dueAt: new Date(now - 86400_000) },
      { workspaceId: stranger.workspaceId, title: "Stranger's task", dueAt: new Date(now - 86400_000) },
    ]);
    await db
      .update(campaigns)
      .set({ status: "paused", pausedAt: new Date(now - 3600_000) })
      .where(eq(campaigns.id, repCampaignId));
    await db.insert(inboxes).values({
      workspaceId: owner.workspaceId,
      email: "sales@acme.test",
      status: "paused",
      statusReason: "Bounce rate 9 % over the last 200 sends",
    });
    await db.insert(sendingHolds).values({
      workspaceId: owner.workspaceId,
      scope: "workspace",
      targetId: owner.workspaceId,
      targetLabel: "Workspace",
      reason: "Checking a complaint",
    });
    await db.insert(reputationAlerts).values({
      workspaceId: owner.workspaceId,
      subjectKind: "domain",
      subjectId: "acme.test",
      subjectLabel: "acme.test",
      kind: "bounce_rate",
      alertKey: "bounce_rate",
      level: "warning",
      message: "Bounce rate above 3 %",
    } as typeof reputationAlerts.$inferInsert);
    const res = await h.ok(owner, "GET", "/api/analytics/command-center");
    cc = res as CommandCenter;
  });

  it("lists unanswered replies, the interested lead first, and leaves out one answered since", () => {
    const ids = cc.replies.items.map((r) => r.lead_id);
    expect(ids.slice(0, 2)).toEqual([hot.id, cold.id]);
    expect(ids).not.toContain(answered.id);
    expect(cc.replies.items[0]).toMatchObject({ positive: true, campaign_name: "Owner campaign", link: `/campaigns/${campaignId}` });
  });

  it("lists overdue open tasks, mine first, and nothing done, not yet due or of another workspace", () => {
    expect(cc.tasks.items.map((x) => x.title)).toEqual(["My follow-up", "Rep's call"]);
    expect(cc.tasks.total).toBe(2);
    expect(cc.tasks.items[0]).toMatchObject({ mine: true, link: "/crm/tasks" });
  });

  it("lists the paused campaign, the paused inbox and the alerts with where to act", () => {
    expect(cc.campaigns.items).toEqual([
      expect.objectContaining({ id: repCampaignId, state: "paused", link: `/campaigns/${repCampaignId}` }),
    ]);
    expect(cc.inboxes.items).toEqual([
      expect.objectContaining({ email: "sales@acme.test", status: "paused", reason: expect.stringMatching(/Bounce rate/) }),
    ]);
    const kinds = cc.alerts.map((a) => `${a.kind}:${a.severity}:${a.link}`);
    expect(kinds).toEqual(
      expect.arrayContaining(["hold:critical:/kill-switch", "reputation:warning:/reputation-center", "inbox:critical:/inboxes"]),
    );
  });

  it("shows another workspace none of it", async () => {
    const other = (await h.ok(stranger, "GET", "/api/analytics/command-center")) as CommandCenter;
    expect(other.replies.total).toBe(0);
    expect(other.tasks.items.map((x) => x.title)).toEqual(["Stranger's task"]);
    expect(other.alerts).toEqual([]);
    expect(other.campaigns.total).toBe(0);
    expect(other.inboxes.total).toBe(0);
  });

  it("needs analytics:read", async () => {
    const support = await addMember(t.app.ctx.db, owner, "support");
    expect((await h.call(support, "GET", "/api/analytics/command-center")).statusCode).toBe(403);
  });
});

describe("boardroom", () => {
  beforeAll(async () => {
    const db = t.app.ctx.db;
    // A manager cannot create leads through the API (leads:create); the rep's lead is written as an import would.
    const [l] = await db
      .insert(leads)
      .values({ workspaceId: owner.workspaceId, email: "rep-lead@acme.test", createdBy: rep.id })
      .returning();
    if (!l) throw new Error("no lead");
    // Rep's campaign: 3 sends in January 2026 (1 reply, 1 meeting), 2 in February (no reply).
    await send(rep, repCampaignId, l.id, new Date("2026-01-10T10:00:00Z"), [
      { type: "reply", at: new Date("2026-01-10T12:00:00Z") },
      { type: "meeting", at: new Date("2026-01-11T12:00:00Z") },
    ]);
    await send(rep, repCampaignId, l.id, new Date("2026-01-12T10:00:00Z"));
    await send(rep, repCampaignId, l.id, new Date("2026-01-13T10:00:00Z"));
    await send(rep, repCampaignId, l.id, new Date("2026-02-02T10:00:00Z"));
    await send(rep, repCampaignId, l.id, new Date("2026-02-03T10:00:00Z"));
    const stages = await stageRows(t.app.ctx, owner.workspaceId);
    const won = stages.find((s) => s.isWon)!;
    const open = stages.find((s) => !s.isWon && !s.isLost)!;
    await db.insert(crmDeals).values([
      {
        workspaceId: owner.workspaceId,
        name: "Won deal",
        value: 1200,
        stageId: won.id,
        ownerId: rep.id,
        createdBy: rep.id,
        createdAt: new Date("2026-01-20T10:00:00Z"),
        closedAt: new Date("2026-02-05T10:00:00Z"),
      },
      { workspaceId: owner.workspaceId, name: "Open deal", value: 800, stageId: open.id, ownerId: owner.id, createdBy: owner.id },
      { workspaceId: owner.workspaceId, name: "Open deal 2", value: 200.5, stageId: open.id, ownerId: owner.id, createdBy: owner.id },
    ]);
  });

  it("answers month by month with rates, intervals, deltas and the open pipeline", async () => {
    const b = (await h.ok(owner, "GET", "/api/analytics/boardroom?from=2026-01&to=2026-02")) as Boardroom;
    expect(b.months.map((m) => m.month)).toEqual(["2026-01", "2026-02"]);
    expect(b.to_is_partial).toBe(false);
    const [jan, feb] = b.months;
    expect(jan).toMatchObject({ sent: 3, replied: 1, meetings: 1, deals_created: 1, deals_won: 0 });
    expect(jan!.reply_rate.n).toBe(3);
    expect(jan!.reply_rate.low).toBeLessThan(1 / 3);
    expect(jan!.reply_rate.high).toBeGreaterThan(1 / 3);
    expect(feb).toMatchObject({ sent: 2, replied: 0, deals_won: 1, revenue_won: 1200 });
    const sent = b.kpis.find((k) => k.key === "sent")!;
    expect(sent).toMatchObject({ month: "2026-02", value: 2, mom: { month: "2026-01", value: 3, significant: false } });
    expect(sent.mom.change).toBeCloseTo(-1 / 3, 3);
    const rr = b.kpis.find((k) => k.key === "reply_rate")!;
    // 1 of 3 against 0 of 2 is well within chance.
    expect(rr.mom.significant).toBe(false);
    expect(rr.yoy).toMatchObject({ month: "2025-02", value: null, change: null });
    expect(b.pipeline_open).toMatchObject({ value: 1000.5, deals: 2 });
    expect(Object.keys(b.sources)).toEqual(expect.arrayContaining(["sent", "replied", "reply_rate"]));
  });

  it("refuses a bad or reversed range naming the field", async () => {
    const bad = await h.call(owner, "GET", "/api/analytics/boardroom?from=2026-13");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toMatch(/from/);
    const reversed = await h.call(owner, "GET", "/api/analytics/boardroom?from=2026-03&to=2026-01");
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors[0].field).toBe("from");
    expect((await h.call(owner, "GET", "/api/analytics/boardroom?from=2023-01&to=2026-01")).statusCode).toBe(422);
  });

  it("exports a PDF", async () => {
    const res = await h.call(owner, "GET", "/api/analytics/boardroom.pdf?from=2026-01&to=2026-02");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/application\/pdf/);
    expect(res.headers["content-disposition"]).toMatch(/boardroom-2026-01-to-2026-02\.pdf/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(res.rawPayload.length).toBeGreaterThan(2000);
  });

  it("shows another workspace its own, empty months", async () => {
    const b = (await h.ok(stranger, "GET", "/api/analytics/boardroom?from=2026-01&to=2026-02")) as Boardroom;
    expect(b.months.map((m) => m.sent)).toEqual([0, 0]);
    expect(b.pipeline_open.deals).toBe(0);
  });
});

describe("team performance", () => {
  it("attributes mail to the campaign's creator, deals to their owner, tasks to the assignee", async () => {
    const tp = (await h.ok(owner, "GET", "/api/analytics/team-performance?from=2026-01-01&to=2026-02-28")) as TeamPerformance;
    expect(tp.total).toBe(4);
    const byId = Object.fromEntries(tp.rows.map((r) => [r.user_id, r]));
    expect(byId[rep.id]).toMatchObject({
      campaigns_owned: 1,
      sent: 5,
      replied: 1,
      meetings: 1,
      deals_created: 1,
      deals_won: 1,
      revenue_won: 1200,
      tasks_overdue: 1,
    });
    expect(byId[rep.id]!.reply_rate).toMatchObject({ value: 0.2, n: 5 });
    // The owner's sends all fall in March: none in this period.
    expect(byId[owner.id]).toMatchObject({ campaigns_owned: 1, sent: 0, tasks_overdue: 1 });
    expect(tp.rows[0]!.user_id).toBe(rep.id);
    expect(tp.attribution).toMatch(/created_by/);
  });

  it("pages with a keyset cursor, every member once", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url = `/api/analytics/team-performance?from=2026-01-01&to=2026-02-28&sort=name&limit=1${cursor ? `&cursor=${cursor}` : ""}`;
      const page = (await h.ok(owner, "GET", url)) as TeamPerformance;
      expect(page.rows.length).toBeLessThanOrEqual(1);
      seen.push(...page.rows.map((r) => r.name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(4);
    expect([...seen].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(seen);
    const bad = await h.call(owner, "GET", "/api/analytics/team-performance?cursor=nope");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe("cursor");
  });

  it("draws a member's weekly trend, and refuses a stranger", async () => {
    const trend = await h.ok(owner, "GET", `/api/analytics/team-performance/${rep.id}/trend?from=2026-01-01&to=2026-02-28`);
    const total = trend.weeks.reduce((s: number, w: { sent: number }) => s + w.sent, 0);
    expect(total).toBe(5);
    expect((await h.call(owner, "GET", `/api/analytics/team-performance/${stranger.id}/trend`)).statusCode).toBe(404);
  });
});

describe("user success", () => {
  it("ticks each member's steps from their own records, with dates", async () => {
    await t.app.ctx.db
      .update(campaigns)
      .set({ launchedAt: new Date("2026-01-09T10:00:00Z") })
      .where(eq(campaigns.id, repCampaignId));
    const us = (await h.ok(owner, "GET", "/api/analytics/user-success")) as UserSuccess;
    expect(us.total).toBe(4);
    const of = (u: TestUser) => us.members.find((m) => m.user_id === u.id)!;
    const steps = (u: TestUser) => Object.fromEntries(of(u).steps.map((s) => [s.key, s]));
    expect(steps(rep).campaign_created!.done).toBe(true);
    expect(steps(rep).campaign_launched).toMatchObject({ done: true, first_done_at: "2026-01-09T10:00:00.000Z", link: "/campaigns" });
    expect(steps(rep).reply_received).toMatchObject({ done: true, first_done_at: "2026-01-10T12:00:00.000Z" });
    expect(steps(rep).deal_created!.done).toBe(true);
    expect(steps(rep).leads_added!.done).toBe(true);
    expect(steps(rep).email_verified).toMatchObject({ done: true, dated: false });
    expect(steps(rep).two_factor!.done).toBe(false);
    // Only admins have the teammate step; the owner's teammates joined after them.
    expect(steps(rep).teammate_invited).toBeUndefined();
    expect(steps(owner).teammate_invited!.done).toBe(true);
    expect(steps(viewer).campaign_created!.done).toBe(false);
    expect(of(viewer).completion).toBeCloseTo(of(viewer).done / of(viewer).applicable, 3);
    expect(of(rep).last_active_at).not.toBeNull();
  });

  it("needs team:read, and shows a workspace only its own members", async () => {
    expect((await h.call(viewer, "GET", "/api/analytics/user-success")).statusCode).toBe(403);
    const other = (await h.ok(stranger, "GET", "/api/analytics/user-success")) as UserSuccess;
    expect(other.members.map((m) => m.user_id)).toEqual([stranger.id]);
    expect(Object.values(Object.fromEntries(other.members[0]!.steps.map((s) => [s.key, s.done]))).filter(Boolean).length).toBe(
      other.members[0]!.done,
    );
  });
});
