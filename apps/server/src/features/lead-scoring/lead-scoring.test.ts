/** Lead scoring end to end on the real database: the minimum, the training job, ranked predictions, explanations, rescoring and isolation. */
import type { LeadPredictionPage, LeadScoreExplanation, LeadScoreOverview, LeadScoreTrainJob } from "@prospector/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { campaignEvents, campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";
import { rescoreWorkspace } from "./lead-scoring.service.ts";
import { leadScoreTrainJobs } from "./lead-scoring.table.ts";
import { generateLeads } from "./lead-scoring.test-data.ts";

let t: TestApp;
let owner: TestUser;
let viewer: TestUser;
let rep: TestUser;
let stranger: TestUser;
const DAY = 86_400_000;
const uncontacted: string[] = [];
let strangerLead: string;

const call = (user: TestUser, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

/** Leads with the generated fields; the first `contacted` get a delivered message, replies as labelled (plus bots and auto-replies that must not count). */
async function seed(user: TestUser, n: number, contacted: number, seed: number): Promise<string[]> {
  const db = t.app.ctx.db;
  const { leads: gen, labels } = generateLeads(n, seed, "signal");
  const [c] = await db
    .insert(campaigns)
    .values({
      workspaceId: user.workspaceId,
      name: `Seeded ${seed}`,
      status: "completed",
      steps: [],
      schedule: { timezone: "UTC", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
    })
    .returning();
  const ids: string[] = [];
  for (let i = 0; i < gen.length; i += 200) {
    const rows = await db
      .insert(leads)
      .values(
        gen.slice(i, i + 200).map((g, j) => ({
          workspaceId: user.workspaceId,
          email: `l${seed}-${i + j}@acme.test`,
          firstName: `Lead${i + j}`,
          seniority: g.seniority,
          department: g.department,
          industry: g.industry,
          country: g.country,
          source: g.source!,
          emailStatus: g.emailStatus as "valid" | "invalid",
          role: g.role,
          phone: g.phone,
          website: g.website,
          linkedinUrl: g.linkedinUrl,
          companyName: g.companyName,
          customFields: g.customFields ?? {},
          score: 42,
        })),
      )
      .returning({ id: leads.id });
    ids.push(...rows.map((r) => r.id));
  }
  const sentAt = new Date(Date.now() - 20 * DAY);
  for (let i = 0; i < contacted; i += 200) {
    const chunk = ids.slice(i, Math.min(i + 200, contacted));
    await db
      .insert(campaignLeads)
      .values(chunk.map((leadId) => ({ campaignId: c!.id, leadId, workspaceId: user.workspaceId, state: "completed" as const })));
    const msgs = await db
      .insert(campaignMessages)
      .values(
        chunk.map((leadId) => ({ workspaceId: user.workspaceId, campaignId: c!.id, leadId, step: 0, status: "sent" as const, sentAt })),
      )
      .returning({ id: campaignMessages.id, leadId: campaignMessages.leadId });
    const events = msgs.flatMap((m, j) => {
      const base = {
        workspaceId: user.workspaceId,
        campaignId: c!.id,
        leadId: m.leadId,
        messageId: m.id,
        occurredAt: new Date(sentAt.getTime() + DAY),
      };
      const out: (typeof campaignEvents.$inferInsert)[] = [{ ...base, type: "open" }];
      if (labels[i + j] === 1) out.push({ ...base, type: "reply" });
      // Noise that is not a person's reply: an auto-reply and a bot "reply" on every fifth negative.
      else if ((i + j) % 5 === 0) out.push({ ...base, type: "auto_reply" }, { ...base, type: "reply", isBot: true });
      return out;
    });
    await db.insert(campaignEvents).values(events);
  }
  return ids;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app.ctx.db);
  viewer = await addMember(t.app.ctx.db, owner, "viewer");
  rep = await addMember(t.app.ctx.db, owner, "sales_rep");
  stranger = await createUser(t.app.ctx.db);
  strangerLead = (await seed(stranger, 30, 30, 99))[0]!;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("lead scoring", () => {
  it("refuses to train below the minimum and says what is needed", async () => {
    await seed(owner, 120, 100, 7);
    const overview = (await call(owner, "GET", "/api/lead-scoring/model")).json() as LeadScoreOverview;
    expect(overview.active).toBeNull();
    expect(overview.data).toMatchObject({
      target: "reply",
      contacted: 100,
      enough: false,
      needed: { contacted: 200, positives: 20, negatives: 20 },
    });
    const res = await call(owner, "POST", "/api/lead-scoring/train", {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "LEAD_SCORING_NOT_ENOUGH_DATA" });
    expect(res.json().detail).toContain("at least 200 contacted leads");
    expect(res.json().detail).toContain("has 100 contacted");
    expect((await call(owner, "GET", "/api/lead-scoring/predictions")).json()).toMatchObject({ code: "LEAD_SCORING_NO_MODEL" });
  });

  it("validates input and permissions", async () => {
    const bad = await call(owner, "POST", "/api/lead-scoring/train", { days: 5 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatchObject({ field: "days" });
    const q = await call(owner, "GET", "/api/lead-scoring/predictions?limit=500");
    expect(q.statusCode).toBe(422);
    expect(q.json().errors[0]).toMatchObject({ field: "limit" });
    expect((await call(viewer, "POST", "/api/lead-scoring/train", {})).statusCode).toBe(403);
    expect((await call(rep, "GET", "/api/lead-scoring/model")).statusCode).toBe(403);
  });

  it("trains as a job with progress, stores the model and ranks the uncontacted leads", async () => {
    const more = await seed(owner, 700, 560, 8);
    uncontacted.push(...more.slice(560));
    const before = (await call(owner, "GET", "/api/lead-scoring/model")).json() as LeadScoreOverview;
    expect(before.data.contacted).toBe(660);
    expect(before.data.enough).toBe(true);
    const res = await call(owner, "POST", "/api/lead-scoring/train", { target: "reply", days: 90 });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json() as LeadScoreTrainJob;
    const done = await waitFor(
      async () => {
        const j = (await call(owner, "GET", `/api/lead-scoring/train-jobs/${queued.id}`)).json() as LeadScoreTrainJob;
        return j.status === "done" || j.status === "failed" ? j : null;
      },
      { what: "the training job", timeoutMs: 60_000, intervalMs: 20 },
    );
    expect(done, JSON.stringify(done)).toMatchObject({ status: "done", progress: 100, model_version: 1, error: null });
    expect(done.started_at).not.toBeNull();
    expect(done.stage).toBe("Done");

    const m = (await call(owner, "GET", "/api/lead-scoring/model?days=90")).json() as LeadScoreOverview;
    const model = m.active!;
    expect(model).toMatchObject({ version: 1, kind: "lead_score", status: "active", target: "reply", n: 660 });
    expect(model.fold_aucs).toHaveLength(5);
    expect(model.cv_auc!).toBeGreaterThan(0.75);
    expect(model.calibration.length).toBe(10);
    expect(model.roc.at(-1)).toEqual({ fpr: 1, tpr: 1 });
    expect(model.scored_leads).toBe(820);
    const director = model.weights.find((w) => w.feature === "seniority=director")!;
    expect(director.weight).toBeGreaterThan(0.8);
    expect(director.odds_ratio).toBeCloseTo(Math.exp(director.weight), 3);
    // Positives are people's replies only: auto-replies and bot replies are not.
    const replied = await t.app.ctx.db
      .selectDistinct({ id: campaignEvents.leadId })
      .from(campaignEvents)
      .where(eq(campaignEvents.type, "reply"));
    expect(model.positives).toBeLessThan(replied.length);

    // Uncontacted only, ranked, keyset pages without overlap.
    const p1 = (await call(owner, "GET", "/api/lead-scoring/predictions?uncontacted=true&limit=60")).json() as LeadPredictionPage;
    expect(p1.total).toBe(uncontacted.length + 20);
    expect(p1.items).toHaveLength(60);
    expect(p1.items.every((i) => !i.contacted)).toBe(true);
    const probs = p1.items.map((i) => i.probability);
    expect([...probs].sort((a, b) => b - a)).toEqual(probs);
    expect(p1.items[0]!.reasons.length).toBeGreaterThan(0);
    expect(p1.items[0]!.reasons.length).toBeLessThanOrEqual(3);
    const p2 = (
      await call(owner, "GET", `/api/lead-scoring/predictions?uncontacted=true&limit=100&cursor=${p1.next_cursor}`)
    ).json() as LeadPredictionPage;
    expect(p2.items.length).toBe(p1.total - 60);
    expect(p2.next_cursor).toBeNull();
    const ids = new Set([...p1.items, ...p2.items].map((i) => i.lead_id));
    expect(ids.size).toBe(p1.total);
    for (const id of uncontacted) expect(ids.has(id)).toBe(true);
    expect(p2.items[0]!.probability).toBeLessThanOrEqual(p1.items.at(-1)!.probability);
    const all = (await call(owner, "GET", "/api/lead-scoring/predictions?uncontacted=false&limit=5")).json() as LeadPredictionPage;
    expect(all.total).toBe(820);

    // A lead's explanation: the probability is the logistic of the baseline plus its contributions.
    const ex = (await call(owner, "GET", `/api/lead-scoring/leads/${p1.items[0]!.lead_id}`)).json() as LeadScoreExplanation;
    const z = ex.baseline + ex.contributions.reduce((s, c) => s + c.value, 0);
    expect(ex.probability).toBeCloseTo(1 / (1 + Math.exp(-z)), 3);
    expect(ex.probability).toBe(p1.items[0]!.probability);

    // Predictions never overwrite leads.score.
    const [row] = await t.app.ctx.db.select({ score: leads.score }).from(leads).where(eq(leads.id, uncontacted[0]!));
    expect(row!.score).toBe(42);
  }, 120_000);

  it("rescoring scores new and changed leads and drops newly contacted ones from the uncontacted list", async () => {
    const db = t.app.ctx.db;
    const [fresh] = await db
      .insert(leads)
      .values({
        workspaceId: owner.workspaceId,
        email: "fresh@acme.test",
        seniority: "director",
        role: "Founder",
        phone: "1",
        emailStatus: "valid",
      })
      .returning();
    expect((await call(owner, "GET", `/api/lead-scoring/leads/${fresh!.id}`)).json()).toMatchObject({
      code: "LEAD_SCORING_LEAD_NOT_SCORED",
    });
    const target = uncontacted[0]!;
    const [c] = await db.select().from(campaigns).where(eq(campaigns.workspaceId, owner.workspaceId)).limit(1);
    await db.insert(campaignLeads).values({ campaignId: c!.id, leadId: target, workspaceId: owner.workspaceId });
    await db
      .insert(campaignMessages)
      .values({ workspaceId: owner.workspaceId, campaignId: c!.id, leadId: target, step: 0, status: "sent", sentAt: new Date() });
    const r = await rescoreWorkspace(t.app.ctx, owner.workspaceId);
    expect(r).toEqual({ scored: 1, contacted: 1 });
    const ex = (await call(owner, "GET", `/api/lead-scoring/leads/${fresh!.id}`)).json() as LeadScoreExplanation;
    expect(ex.probability).toBeGreaterThan(0.3);
    const page = (await call(owner, "GET", "/api/lead-scoring/predictions?limit=100")).json() as LeadPredictionPage;
    expect(page.items.some((i) => i.lead_id === target)).toBe(false);
    expect(page.items.some((i) => i.lead_id === fresh!.id)).toBe(true);
    expect(await rescoreWorkspace(t.app.ctx, owner.workspaceId)).toEqual({ scored: 0, contacted: 0 });
  });

  it("refuses a second training while one is queued or running", async () => {
    const [running] = await t.app.ctx.db
      .insert(leadScoreTrainJobs)
      .values({ workspaceId: owner.workspaceId, target: "reply", days: 90, status: "running" })
      .returning();
    const res = await call(owner, "POST", "/api/lead-scoring/train", { days: 90 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "LEAD_SCORING_TRAINING_RUNNING" });
    await t.app.ctx.db.update(leadScoreTrainJobs).set({ status: "failed" }).where(eq(leadScoreTrainJobs.id, running!.id));
  });

  it("keeps workspaces apart", async () => {
    const m = (await call(stranger, "GET", "/api/lead-scoring/model")).json() as LeadScoreOverview;
    expect(m.active).toBeNull();
    expect(m.history).toEqual([]);
    expect(m.data.contacted).toBe(30);
    expect((await call(stranger, "GET", "/api/lead-scoring/predictions")).json()).toMatchObject({ code: "LEAD_SCORING_NO_MODEL" });
    expect((await call(owner, "GET", `/api/lead-scoring/leads/${strangerLead}`)).json()).toMatchObject({
      code: "LEAD_SCORING_LEAD_NOT_SCORED",
    });
    const own = (await call(owner, "GET", "/api/lead-scoring/model")).json() as LeadScoreOverview;
    const job = own.latest_job!;
    expect((await call(stranger, "GET", `/api/lead-scoring/train-jobs/${job.id}`)).statusCode).toBe(404);
  });
});
