/** Memory intelligence on the real database: the timeline is every source, pages are stable, search finds items, workspaces are apart. */
import type { MemoryLeadPage, MemorySearchPage, TimelineItem, TimelinePage, TimelineSummary } from "@prospector/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { seededRandom } from "../../platform/seeded-random.ts";
import { aiActions } from "../ai-ledger/index.ts";
import { campaignEvents, campaignMessages, campaigns } from "../campaigns/index.ts";
import { composeMessages } from "../compose/index.ts";
import { crmDealStageHistory, crmDeals, crmInteractions, crmStages, crmTasks } from "../crm/index.ts";
import { enrichmentJobs } from "../enrichment/index.ts";
import { leadMerges, leads } from "../leads/index.ts";
import { replyIntents } from "../reply-intent/index.ts";

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let leadId: string;
let otherLeadId: string;
let strangerLeadId: string;
/** How many items of each kind the generated data should show on the lead's timeline. */
const expected: Record<string, number> = {};
const BASE = Date.UTC(2026, 0, 5, 9, 0, 0);
const HOUR = 3_600_000;

const get = <T>(user: TestUser, url: string) =>
  t.app.inject({ method: "GET", url, headers: user.headers }).then((r) => ({ status: r.statusCode, body: r.json() as T }));
const add = (kind: string, n = 1) => {
  expected[kind] = (expected[kind] ?? 0) + n;
};

/** A lead with a generated history in every source (seeded), plus rows that must not show (bots, other leads, unsent mail). */
async function seed() {
  const db = t.app.ctx.db;
  const ws = owner.workspaceId;
  const rnd = seededRandom(17);
  const at = (h: number) => new Date(BASE + h * HOUR);
  const [lead, other] = await db
    .insert(leads)
    .values([
      {
        workspaceId: ws,
        email: "ada@lovelace.test",
        firstName: "Ada",
        lastName: "Lovelace",
        companyName: "Analytical Engines",
        source: "import",
        createdAt: at(0),
      },
      { workspaceId: ws, email: "bob@other.test", firstName: "Bob", companyName: "Other Co", createdAt: at(0) },
    ])
    .returning();
  leadId = lead!.id;
  otherLeadId = other!.id;
  add("imported");
  add("created"); // only on the other lead's timeline; removed below
  expected.created = 0;
  const [c] = await db
    .insert(campaigns)
    .values({
      workspaceId: ws,
      name: "Spring outreach",
      status: "active",
      steps: [],
      schedule: { timezone: "UTC", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
    })
    .returning();
  const steps = 3 + Math.floor(rnd() * 3);
  for (let s = 0; s < steps; s++) {
    const [m] = await db
      .insert(campaignMessages)
      .values({
        workspaceId: ws,
        campaignId: c!.id,
        leadId,
        step: s,
        status: "sent",
        subject: `Step ${s + 1} about engines`,
        sentAt: at(1 + s * 24),
      })
      .returning();
    add("campaign_sent");
    const opens = Math.floor(rnd() * 3);
    for (let o = 0; o < opens; o++) {
      // Several events at one instant: the (time, kind, id) order must still page them once each.
      await db
        .insert(campaignEvents)
        .values({ workspaceId: ws, campaignId: c!.id, leadId, messageId: m!.id, type: "open", occurredAt: at(2 + s * 24) });
      add("opened");
    }
    await db
      .insert(campaignEvents)
      .values({ workspaceId: ws, campaignId: c!.id, leadId, messageId: m!.id, type: "open", isBot: true, occurredAt: at(2 + s * 24) });
    if (rnd() < 0.7) {
      await db.insert(campaignEvents).values({
        workspaceId: ws,
        campaignId: c!.id,
        leadId,
        messageId: m!.id,
        type: "click",
        url: "https://x.test/p",
        occurredAt: at(3 + s * 24),
      });
      add("clicked");
    }
  }
  // Queued, never sent: not on the timeline.
  await db.insert(campaignMessages).values({ workspaceId: ws, campaignId: c!.id, leadId, step: steps, status: "queued", subject: "Later" });
  await db
    .insert(campaignEvents)
    .values({
      workspaceId: ws,
      campaignId: c!.id,
      leadId,
      type: "reply",
      detail: { snippet: "What is your pricing for ten seats?" },
      occurredAt: at(100),
    })
    .returning();
  add("replied");
  // The class reply-intent gave it (matched by lead and time).
  await db.insert(replyIntents).values({
    workspaceId: ws,
    replyRef: "<r1@lovelace.test>",
    leadId,
    campaignId: c!.id,
    snippet: "What is your pricing for ten seats?",
    class: "interested",
    predictedClass: "interested",
    confidence: 0.9,
    explanation: { summary: "Asks for a price" },
    modelVersion: "reply-intent@1",
    receivedAt: at(100),
    classifiedAt: at(100),
  });
  await db.insert(campaignEvents).values({
    workspaceId: ws,
    campaignId: c!.id,
    leadId: otherLeadId,
    type: "reply",
    detail: { snippet: "No thanks" },
    occurredAt: at(101),
  });
  await db.insert(campaignEvents).values({ workspaceId: ws, campaignId: c!.id, leadId, type: "unsubscribe", occurredAt: at(300) });
  add("unsubscribed");
  await db.insert(composeMessages).values({
    workspaceId: ws,
    leadId,
    fromAddress: "me@us.test",
    toAddress: "ada@lovelace.test",
    subject: "Quick question",
    status: "sent",
    sentAt: at(120),
  });
  add("compose_sent");
  await db
    .insert(composeMessages)
    .values({ workspaceId: ws, leadId, fromAddress: "me@us.test", toAddress: "ada@lovelace.test", subject: "Draft", status: "failed" });
  await db.insert(crmInteractions).values([
    { workspaceId: ws, leadId, subject: "Discovery call", type: "call", notes: "Budget approved for Q2", occurredAt: at(130) },
    { workspaceId: ws, leadId, subject: "Remember the board", type: "note", occurredAt: at(131) },
    // Recorded by the product from the reply already on the timeline: not shown twice.
    { workspaceId: ws, leadId, subject: "Re: Step 1", type: "email", source: "reply", sourceRef: "r1", occurredAt: at(100) },
  ]);
  add("interaction");
  add("note");
  await db.insert(crmTasks).values({ workspaceId: ws, leadId, title: "Send the proposal", createdAt: at(132) });
  add("task");
  const [s1, s2] = await db
    .insert(crmStages)
    .values([
      { workspaceId: ws, name: "Qualified", position: 0, probability: 20 },
      { workspaceId: ws, name: "Proposal", position: 1, probability: 50 },
    ])
    .returning();
  const [deal] = await db
    .insert(crmDeals)
    .values({ workspaceId: ws, leadId, name: "Ten seats", value: 5000, stageId: s2!.id, createdAt: at(140) })
    .returning();
  add("deal_created");
  await db.insert(crmDealStageHistory).values([
    { workspaceId: ws, dealId: deal!.id, toStageId: s1!.id, changedAt: at(140) },
    { workspaceId: ws, dealId: deal!.id, fromStageId: s1!.id, toStageId: s2!.id, changedAt: at(150) },
  ]);
  add("deal_stage");
  const runId = "01900000-0000-7000-8000-000000000001";
  await db.insert(aiActions).values([
    {
      workspaceId: ws,
      kind: "lead_score",
      engine: "builtin",
      model: "lead-score@3",
      subjectType: "lead",
      subjectId: leadId,
      input: {},
      explanation: { summary: "Director at a software company" },
      outcome: "ok",
      createdAt: at(160),
    },
    {
      workspaceId: ws,
      kind: "agent_step",
      engine: "builtin",
      model: "agent",
      subjectType: "lead",
      subjectId: leadId,
      agentRunId: runId,
      input: {},
      outcome: "ok",
      createdAt: at(170),
    },
    {
      workspaceId: ws,
      kind: "lead_research",
      engine: "builtin",
      model: "agent",
      subjectType: "lead",
      subjectId: leadId,
      agentRunId: runId,
      input: {},
      outcome: "ok",
      createdAt: at(171),
    },
  ]);
  add("ai_action", 3);
  add("agent_run");
  await db.insert(leadMerges).values({
    workspaceId: ws,
    keptLeadId: leadId,
    mergedLeadIds: ["01900000-0000-7000-8000-0000000000aa"],
    match: "email",
    matchKey: "ada@lovelace.test",
    takenFrom: {},
    mergedSnapshots: [],
    createdAt: at(5),
  });
  add("merged");
  const counts = { total: 2, processed: 2, enriched: 1, unchanged: 1, failed: 0 };
  await db.insert(enrichmentJobs).values({
    workspaceId: ws,
    status: "completed",
    leadIds: [leadId, otherLeadId],
    counts,
    results: [
      { lead_id: leadId, status: "enriched", fields: ["industry", "city"], error: null },
      { lead_id: otherLeadId, status: "unchanged", fields: [], error: null },
    ],
    finishedAt: at(6),
  });
  add("enriched");
  const [sl] = await db.insert(leads).values({ workspaceId: stranger.workspaceId, email: "eve@else.test", firstName: "Eve" }).returning();
  strangerLeadId = sl!.id;
}

async function allPages(user: TestUser, url: string, limit: number): Promise<TimelineItem[]> {
  const items: TimelineItem[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) {
    const sep = url.includes("?") ? "&" : "?";
    const r: { status: number; body: TimelinePage } = await get<TimelinePage>(
      user,
      `${url}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
    );
    expect(r.status).toBe(200);
    items.push(...r.body.items);
    cursor = r.body.next_cursor;
    if (!cursor) break;
  }
  return items;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app.ctx.db);
  stranger = await createUser(t.app.ctx.db);
  await seed();
});
afterAll(() => t?.close());

describe("a lead's timeline", () => {
  it("holds exactly the items of every source, newest first, paged without loss or repeat", async () => {
    const whole = await allPages(owner, `/api/memory/leads/${leadId}/timeline`, 100);
    const byKind: Record<string, number> = {};
    for (const i of whole) byKind[i.kind] = (byKind[i.kind] ?? 0) + 1;
    const want = Object.fromEntries(Object.entries(expected).filter(([, n]) => n > 0));
    expect(byKind).toEqual(want);
    expect(whole.length).toBe(Object.values(want).reduce((a, b) => a + b, 0));
    for (let i = 1; i < whole.length; i++) expect(whole[i - 1]!.at >= whole[i]!.at).toBe(true);

    const paged = await allPages(owner, `/api/memory/leads/${leadId}/timeline`, 3);
    expect(paged.map((i) => i.id)).toEqual(whole.map((i) => i.id));
    expect(new Set(paged.map((i) => i.id)).size).toBe(paged.length);
  });

  it("shows the reply's snippet and class, and links AI actions to transparency", async () => {
    const items = await allPages(owner, `/api/memory/leads/${leadId}/timeline?kinds=replied,ai_action`, 50);
    const reply = items.find((i) => i.kind === "replied")!;
    expect(reply.body).toContain("pricing");
    expect(reply.reply_class).toBe("interested");
    const ai = items.filter((i) => i.kind === "ai_action");
    expect(ai).toHaveLength(3);
    expect(ai.every((i) => i.link === `/ai-transparency?action=${i.ai_action_id}`)).toBe(true);
    expect(items.every((i) => i.kind === "replied" || i.kind === "ai_action")).toBe(true);
  });

  it("finds an item by its words (q), and nothing for words it does not hold", async () => {
    const hits = await allPages(owner, `/api/memory/leads/${leadId}/timeline?q=budget`, 50);
    expect(hits.map((i) => i.title)).toEqual(["Call: Discovery call"]);
    const stemmed = await allPages(owner, `/api/memory/leads/${leadId}/timeline?q=prices`, 50);
    expect(stemmed.map((i) => i.kind)).toEqual(["replied"]);
    expect(await allPages(owner, `/api/memory/leads/${leadId}/timeline?q=zeppelin`, 50)).toEqual([]);
  });

  it("sums it up: touches, counts per channel, the deal's stage", async () => {
    const r = await get<TimelineSummary>(owner, `/api/memory/leads/${leadId}/summary`);
    expect(r.status).toBe(200);
    expect(r.body.current_stage?.name).toBe("Proposal");
    expect(r.body.first_touch_at).toBe(new Date(BASE + HOUR).toISOString());
    expect(r.body.last_touch_at).toBe(new Date(BASE + 300 * HOUR).toISOString());
    expect(r.body.counts.ai).toBe(4);
    expect(r.body.total).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
  });

  it("answers 404 for another workspace's lead and 422 for a forged cursor or an unknown kind", async () => {
    expect((await get(owner, `/api/memory/leads/${strangerLeadId}/timeline`)).status).toBe(404);
    expect((await get(owner, `/api/memory/leads/${strangerLeadId}/summary`)).status).toBe(404);
    expect((await get(owner, `/api/memory/leads/${leadId}/timeline?cursor=bm9wZQ`)).status).toBe(422);
    const bad = await get<{ errors: { field: string }[] }>(owner, `/api/memory/leads/${leadId}/timeline?kinds=gossip`);
    expect(bad.status).toBe(422);
  });
});

describe("workspace search and the lead picker", () => {
  it("returns the leads whose timeline mentions the words, with the matching item", async () => {
    const r = await get<MemorySearchPage>(owner, "/api/memory/search?q=pricing");
    expect(r.status).toBe(200);
    expect(r.body.items.map((h) => h.lead.id)).toEqual([leadId]);
    expect(r.body.items[0]!.item.kind).toBe("replied");
    const none = await get<MemorySearchPage>(stranger, "/api/memory/search?q=pricing");
    expect(none.body.items).toEqual([]);
  });

  it("pages the workspace search by lead", async () => {
    const first = await get<MemorySearchPage>(owner, "/api/memory/search?q=reply%20OR%20thanks%20OR%20pricing&limit=1");
    expect(first.body.items).toHaveLength(1);
    expect(first.body.next_cursor).not.toBeNull();
    const second = await get<MemorySearchPage>(
      owner,
      `/api/memory/search?q=reply%20OR%20thanks%20OR%20pricing&limit=1&cursor=${first.body.next_cursor}`,
    );
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0]!.lead.id).not.toBe(first.body.items[0]!.lead.id);
  });

  it("picks leads by name, email or company in this workspace only", async () => {
    const r = await get<MemoryLeadPage>(owner, "/api/memory/leads?q=analytical");
    expect(r.body.items.map((l) => l.id)).toEqual([leadId]);
    const e = await get<MemoryLeadPage>(owner, "/api/memory/leads?q=eve");
    expect(e.body.items).toEqual([]);
  });
});
