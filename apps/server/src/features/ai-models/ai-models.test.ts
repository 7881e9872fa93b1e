/** The model registry end to end on the real database: versions, deploy and rollback with history, drift snapshots, the feature store and the send-time model. */
import type {
  AiModelDeploymentPage,
  AiModelRegistry,
  AiModelVersionDetail,
  AiModelVersionPage,
  DeployResult,
  DriftOverview,
  FeatureStore,
  FeatureVector,
  LeadScoreTrainJob,
} from "@prospector/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { campaignEvents, campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";
import { leadPredictions, mlModels, rescoreWorkspace } from "../lead-scoring/index.ts";
import { generateLeads } from "../lead-scoring/lead-scoring.test-data.ts";
import { leads } from "../leads/index.ts";

let t: TestApp;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let campaignId: string;
const DAY = 86_400_000;
let ids: string[] = [];

const call = (user: TestUser, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
async function ok<T>(user: TestUser, method: "GET" | "POST", url: string, payload?: object): Promise<T> {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

/** Delivered messages to `leadIds` at `at` (or spread over hours by `hourOf`), with a person's reply where `replied`. */
async function send(user: TestUser, leadIds: string[], at: (i: number) => Date, replied: (i: number) => boolean) {
  const db = t.app.ctx.db;
  for (let i = 0; i < leadIds.length; i += 200) {
    const chunk = leadIds.slice(i, i + 200);
    await db
      .insert(campaignLeads)
      .values(chunk.map((leadId) => ({ campaignId, leadId, workspaceId: user.workspaceId, state: "completed" as const })))
      .onConflictDoNothing();
    const msgs = await db
      .insert(campaignMessages)
      .values(
        chunk.map((leadId, j) => ({
          workspaceId: user.workspaceId,
          campaignId,
          leadId,
          step: 0,
          status: "sent" as const,
          sentAt: at(i + j),
        })),
      )
      .returning({ id: campaignMessages.id, leadId: campaignMessages.leadId, sentAt: campaignMessages.sentAt });
    const events = msgs.flatMap((m, j) =>
      replied(i + j)
        ? [
            {
              workspaceId: user.workspaceId,
              campaignId,
              leadId: m.leadId,
              messageId: m.id,
              type: "reply" as const,
              occurredAt: new Date(Math.min(m.sentAt!.getTime() + 3_600_000, Date.now())),
            },
          ]
        : [],
    );
    if (events.length) await db.insert(campaignEvents).values(events);
  }
}

async function seedLeads(user: TestUser, n: number, seed: number) {
  const { leads: gen, labels } = generateLeads(n, seed, "signal");
  const out: string[] = [];
  for (let i = 0; i < gen.length; i += 200) {
    const rows = await t.app.ctx.db
      .insert(leads)
      .values(
        gen.slice(i, i + 200).map((g, j) => ({
          workspaceId: user.workspaceId,
          email: `m${seed}-${i + j}@acme.test`,
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
        })),
      )
      .returning({ id: leads.id });
    out.push(...rows.map((r) => r.id));
  }
  return { ids: out, labels };
}

async function train(): Promise<number> {
  const res = await call(owner, "POST", "/api/lead-scoring/train", { target: "reply", days: 90 });
  expect(res.statusCode, res.body).toBe(202);
  const job = res.json() as LeadScoreTrainJob;
  const done = await waitFor(
    async () => {
      const j = (await call(owner, "GET", `/api/lead-scoring/train-jobs/${job.id}`)).json() as LeadScoreTrainJob;
      return j.status === "done" || j.status === "failed" ? j : null;
    },
    { what: "the training job", timeoutMs: 60_000 },
  );
  expect(done.status, done.error ?? "").toBe("done");
  return done.model_version!;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app.ctx.db);
  viewer = await addMember(t.app.ctx.db, owner, "viewer");
  stranger = await createUser(t.app.ctx.db);
  const [c] = await t.app.ctx.db
    .insert(campaigns)
    .values({
      workspaceId: owner.workspaceId,
      name: "Seeded",
      status: "completed",
      steps: [],
      schedule: { timezone: "UTC", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
    })
    .returning();
  campaignId = c!.id;
  const seeded = await seedLeads(owner, 700, 31);
  ids = seeded.ids;
  // 450 leads contacted 20 days ago, replies as generated; the rest stay uncontacted for now.
  await send(
    owner,
    ids.slice(0, 450),
    () => new Date(Date.now() - 20 * DAY),
    (i) => seeded.labels[i] === 1,
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("ai-models", () => {
  it("shows empty tasks with how to get a model", async () => {
    const reg = await ok<AiModelRegistry>(stranger, "GET", "/api/ai-models/registry");
    expect(reg.tasks.map((x) => x.task)).toEqual(["lead_score", "send_time", "reply_intent"]);
    expect(reg.tasks[0]).toMatchObject({ live: null, versions: 0, trainable: true });
    expect(reg.tasks[0]!.empty_reason).toContain("/predictive-analytics");
    // The built-in reply classifier: its evaluation-corpus accuracy; no reply classified or corrected here yet.
    expect(reg.tasks[2]).toMatchObject({ trainable: false, builtin: { classified: 0, corrections: 0, agreement: null } });
    expect(reg.tasks[2]!.builtin!.accuracy!).toBeGreaterThan(0.5);
    const drift = await ok<DriftOverview>(stranger, "GET", "/api/ai-models/drift");
    expect(drift).toMatchObject({ model: null, snapshots: [] });
  });

  it("lists every version with its data and metrics, newest first, paged", async () => {
    expect(await train()).toBe(1);
    expect(await train()).toBe(2);
    const reg = await ok<AiModelRegistry>(owner, "GET", "/api/ai-models/registry");
    const lead = reg.tasks.find((x) => x.task === "lead_score")!;
    expect(lead.versions).toBe(2);
    expect(lead.live).toMatchObject({ version: 2, status: "active", n: 450 });
    expect(lead.live!.trained_by).toBe(owner.name);
    const first = await ok<AiModelVersionPage>(owner, "GET", "/api/ai-models/versions?task=lead_score&limit=1");
    expect(first.items.map((v) => v.version)).toEqual([2]);
    const second = await ok<AiModelVersionPage>(
      owner,
      "GET",
      `/api/ai-models/versions?task=lead_score&limit=1&cursor=${first.next_cursor}`,
    );
    expect(second.items.map((v) => [v.version, v.status])).toEqual([[1, "retired"]]);
    expect(second.next_cursor).toBeNull();
    const detail = await ok<AiModelVersionDetail>(owner, "GET", "/api/ai-models/lead_score/versions/1");
    expect(detail.weights).toHaveLength(detail.size);
    expect(detail.weights[0]).toMatchObject({ column: "intercept" });
    expect((await call(owner, "GET", "/api/ai-models/lead_score/versions/9")).json()).toMatchObject({
      code: "AI_MODELS_VERSION_NOT_FOUND",
    });
    expect((await call(owner, "GET", "/api/ai-models/versions?cursor=zz")).statusCode).toBe(422);
  });

  it("deploys a version, rescoring every lead with it, and records the history", async () => {
    expect((await call(viewer, "POST", "/api/ai-models/lead_score/deploy", { version: 1 })).statusCode).toBe(403);
    const res = await ok<DeployResult>(owner, "POST", "/api/ai-models/lead_score/deploy", { version: 1, reason: "v2 ranks worse" });
    expect(res.live).toMatchObject({ version: 1, status: "active" });
    expect(res.deployment).toMatchObject({ action: "deploy", from_version: 2, to_version: 1, by: owner.name, reason: "v2 ranks worse" });
    const rows = await t.app.ctx.db
      .select({ version: mlModels.version, status: mlModels.status, id: mlModels.id })
      .from(mlModels)
      .where(and(eq(mlModels.workspaceId, owner.workspaceId), eq(mlModels.kind, "lead_score")));
    expect(rows.filter((r) => r.status === "active").map((r) => r.version)).toEqual([1]);
    // Lead scoring's rescoring pass (the job the deploy queued) moves every prediction to version 1.
    await rescoreWorkspace(t.app.ctx, owner.workspaceId);
    const v1 = rows.find((r) => r.version === 1)!.id;
    const [n] = await t.app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leadPredictions)
      .where(and(eq(leadPredictions.workspaceId, owner.workspaceId), eq(leadPredictions.modelId, v1)));
    expect(Number(n!.n)).toBe(700);
    const again = await call(owner, "POST", "/api/ai-models/lead_score/deploy", { version: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "AI_MODELS_ALREADY_LIVE" });
  });

  it("answers a version number beyond the integer column with 422, not a database error", async () => {
    const deploy = await call(owner, "POST", "/api/ai-models/lead_score/deploy", { version: 7_088_888_755_627_698 });
    expect(deploy.statusCode).toBe(422);
    expect(deploy.json().errors[0]).toMatchObject({ field: "version" });
    const read = await call(owner, "GET", "/api/ai-models/lead_score/versions/7088888755627698");
    expect(read.statusCode).toBe(422);
  });

  it("refuses a version below the AUC floor unless forced with a reason, and rolls back", async () => {
    const [v2] = await t.app.ctx.db
      .select()
      .from(mlModels)
      .where(and(eq(mlModels.workspaceId, owner.workspaceId), eq(mlModels.version, 2)));
    const { id: _id, ...copy } = v2!;
    await t.app.ctx.db.insert(mlModels).values({ ...copy, version: 3, status: "retired", cvAuc: 0.52 });
    const refused = await call(owner, "POST", "/api/ai-models/lead_score/deploy", { version: 3 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "AI_MODELS_BELOW_FLOOR" });
    const noReason = await call(owner, "POST", "/api/ai-models/lead_score/deploy", { version: 3, force: true });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors[0]).toMatchObject({ field: "reason" });
    const forced = await ok<DeployResult>(owner, "POST", "/api/ai-models/lead_score/deploy", {
      version: 3,
      force: true,
      reason: "testing a narrower feature set",
    });
    expect(forced.deployment).toMatchObject({ forced: true, from_version: 1, to_version: 3 });
    const back = await ok<DeployResult>(owner, "POST", "/api/ai-models/lead_score/rollback", { reason: "AUC too low" });
    expect(back.deployment).toMatchObject({ action: "rollback", from_version: 3, to_version: 1 });
    expect(back.live.version).toBe(1);
    const page1 = await ok<AiModelDeploymentPage>(owner, "GET", "/api/ai-models/deployments?task=lead_score&limit=2");
    expect(page1.items.map((d) => [d.action, d.to_version])).toEqual([
      ["rollback", 1],
      ["deploy", 3],
    ]);
    const page2 = await ok<AiModelDeploymentPage>(owner, "GET", `/api/ai-models/deployments?limit=2&cursor=${page1.next_cursor}`);
    expect(page2.items.map((d) => [d.action, d.to_version])).toEqual([["deploy", 1]]);
    expect((await call(stranger, "POST", "/api/ai-models/lead_score/rollback", {})).json()).toMatchObject({
      code: "AI_MODELS_NO_LIVE_MODEL",
    });
  });

  it("stores drift snapshots of the live model against recently contacted leads, with the AUC realized since deployment", async () => {
    // The uncontacted leads are contacted now, after the deployment; the generated signal decides who replies.
    const labels = generateLeads(700, 31, "signal").labels;
    await send(
      owner,
      ids.slice(450),
      () => new Date(),
      (i) => labels[450 + i] === 1,
    );
    const drift = await ok<DriftOverview>(owner, "POST", "/api/ai-models/drift/compute");
    expect(drift.model?.version).toBe(1);
    const latest = drift.latest!;
    expect(latest.day).toBe(new Date().toISOString().slice(0, 10));
    expect(latest).toMatchObject({ n: 250, training_n: 450, window_days: 7, realized_n: 250 });
    expect(latest.realized_positives).toBe(labels.slice(450).filter((l) => l === 1).length);
    // The same generator on both sides: every feature stays below the drift line.
    expect(latest.prediction_psi!).toBeLessThan(0.25);
    expect(latest.features.length).toBeGreaterThan(5);
    expect(latest.realized_auc!).toBeGreaterThan(0.6);
    const again = await ok<DriftOverview>(owner, "GET", "/api/ai-models/drift?days=30");
    expect(again.snapshots.at(-1)!.id).toBe(latest.id);
  });

  it("lists the lead features with coverage equal to a direct count, freshness, and one lead's vector", async () => {
    // The deploys and the rollback above queued rescoring jobs, which run asynchronously where jobs run
    // on PostgreSQL: rescore with the live model until every prediction is on it.
    const store = await waitFor(
      async () => {
        await rescoreWorkspace(t.app.ctx, owner.workspaceId);
        const s = await ok<FeatureStore>(owner, "GET", "/api/ai-models/feature-store");
        return s.freshness.scored === 700 ? s : null;
      },
      { what: "every prediction on the live model", timeoutMs: 60_000 },
    );
    const count = async (where: ReturnType<typeof sql>) => {
      const res = await t.app.ctx.db.execute(
        sql`select count(*)::int as n from leads where workspace_id = ${owner.workspaceId} and ${where}`,
      );
      return Number(((res as { rows?: { n: number }[] }).rows ?? (res as unknown as { n: number }[]))[0]!.n);
    };
    const phone = store.features.find((f) => f.name === "has_phone")!;
    expect(phone.with_value).toBe(await count(sql`nullif(trim(phone), '') is not null`));
    expect(phone.coverage).toBeCloseTo(phone.with_value / 700, 4);
    const size = store.features.find((f) => f.name === "company_size")!;
    expect(size.with_value).toBe(await count(sql`custom_fields ? 'employees'`));
    const seniority = store.features.find((f) => f.name === "seniority")!;
    expect(seniority).toMatchObject({ with_value: 700, coverage: 1, distinct_values: 5 });
    expect(seniority.model_columns).toBeGreaterThan(0);
    expect(store.freshness).toMatchObject({ leads: 700, scored: 700, changed_since_scoring: 0, unscored: 0 });

    const vector = await ok<FeatureVector>(owner, "GET", `/api/ai-models/feature-store/vector?lead=M31-5@ACME.test`);
    expect(vector.lead_id).toBe(ids[5]);
    expect(vector.model_version).toBe(1);
    expect(vector.encoded[0]).toMatchObject({ column: "intercept", value: 1 });
    expect(vector.probability).toBeCloseTo(vector.stored_probability!, 5);
    expect(vector.stale).toBe(false);
    await t.app.ctx.db
      .update(leads)
      .set({ industry: "aerospace", updatedAt: new Date(Date.now() + 1000) })
      .where(eq(leads.id, ids[5]!));
    const stale = await ok<FeatureVector>(owner, "GET", `/api/ai-models/feature-store/vector?lead=${ids[5]}`);
    expect(stale.stale).toBe(true);
    expect(stale.raw.find((r) => r.feature === "industry")!.value).toBe("aerospace");
    expect((await ok<FeatureStore>(owner, "GET", "/api/ai-models/feature-store")).freshness.changed_since_scoring).toBe(1);
    expect((await call(stranger, "GET", `/api/ai-models/feature-store/vector?lead=${ids[5]}`)).statusCode).toBe(404);
    expect((await call(owner, "GET", "/api/ai-models/feature-store/vector?lead=")).statusCode).toBe(422);
  });

  it("trains the send-time model as a job from the workspace's sends", async () => {
    const refused = await call(stranger, "POST", "/api/ai-models/send-time/train", {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "AI_MODELS_NOT_ENOUGH_SENDS" });
    expect((await call(viewer, "POST", "/api/ai-models/send-time/train", {})).statusCode).toBe(403);
    const res = await call(owner, "POST", "/api/ai-models/send-time/train", { days: 60 });
    expect(res.statusCode, res.body).toBe(202);
    const live = await waitFor(
      async () => (await ok<AiModelRegistry>(owner, "GET", "/api/ai-models/registry")).tasks.find((x) => x.task === "send_time")!.live,
      { what: "the send-time model", timeoutMs: 30_000 },
    );
    expect(live).toMatchObject({ version: 1, n: 700, size: 168 });
    const detail = await ok<AiModelVersionDetail>(owner, "GET", "/api/ai-models/send_time/versions/1");
    expect(detail.weights.reduce((s, w) => s + w.support, 0)).toBe(700);
  });
});
