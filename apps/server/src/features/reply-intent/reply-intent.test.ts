/** Reply intent end to end on the real database: received replies classified and recorded, the list, corrections, the model's figures and reclassify-all. */
import type {
  AiFeedbackQueuePage,
  ReplyIntentJob,
  ReplyIntentModel,
  ReplyIntentReply,
  ReplyIntentReplyPage,
  ReplyIntentResult,
} from "@prospector/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { aiActions } from "../ai-ledger/index.ts";
import { campaigns } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";
import { replyIntentModelInfo } from "./reply-intent.service.ts";
import { replyIntentJobs, replyIntents } from "./reply-intent.table.ts";

let t: TestApp;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let campaignA: string;
let campaignB: string;
let leadId: string;
const T0 = Date.parse("2026-03-02T10:00:00Z");

const call = (user: TestUser, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

async function receive(
  user: TestUser,
  ref: string,
  snippet: string,
  opts: { campaignId?: string; subject?: string; minutes?: number } = {},
) {
  await t.app.ctx.hooks.run("replies.received", {
    workspaceId: user.workspaceId,
    replyRef: ref,
    answered: "campaign",
    leadId: user === owner ? leadId : null,
    campaignId: opts.campaignId ?? null,
    from: "prospect@acme.test",
    subject: opts.subject ?? "Re: Quick question",
    snippet,
    occurredAt: new Date(T0 + (opts.minutes ?? 0) * 60_000),
  });
}

const newCampaign = async (user: TestUser, name: string) =>
  (
    await t.app.ctx.db
      .insert(campaigns)
      .values({
        workspaceId: user.workspaceId,
        name,
        status: "active",
        steps: [],
        schedule: { timezone: "UTC", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
      })
      .returning()
  )[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app.ctx.db);
  viewer = await addMember(t.app.ctx.db, owner, "viewer");
  stranger = await createUser(t.app.ctx.db);
  campaignA = await newCampaign(owner, "A");
  campaignB = await newCampaign(owner, "B");
  leadId = (await t.app.ctx.db.insert(leads).values({ workspaceId: owner.workspaceId, email: "prospect@acme.test" }).returning())[0]!.id;
  await receive(owner, "<r1@acme.test>", "Yes, let's book a demo next week. Send me some times.", { campaignId: campaignA, minutes: 1 });
  await receive(owner, "<r2@acme.test>", "Please remove me from your list, not interested.", { campaignId: campaignA, minutes: 2 });
  await receive(owner, "<r3@acme.test>", "Thanks for your message.", {
    campaignId: campaignB,
    subject: "Automatic reply: Quick question",
    minutes: 3,
  });
  await receive(owner, "<r4@acme.test>", "I'm not the right person, talk to our head of sales.", { campaignId: campaignB, minutes: 4 });
  await receive(stranger, "<s1@acme.test>", "Not interested.", { campaignId: campaignA }); // another workspace's campaign: not linked
}, 60_000);

afterAll(() => t?.close());

describe("received replies", () => {
  it("are classified once each, with the reasons, and recorded in the ledger about the lead", async () => {
    await receive(owner, "<r1@acme.test>", "Not interested.", { campaignId: campaignA, minutes: 1 }); // read again: keeps its first class
    const page = (await call(viewer, "GET", "/api/ai/reply-intent/replies")).json<ReplyIntentReplyPage>();
    expect(page.items.map((r) => [r.reply_ref, r.class])).toEqual([
      ["<r4@acme.test>", "wrong_person"],
      ["<r3@acme.test>", "out_of_office"],
      ["<r2@acme.test>", "not_interested"],
      ["<r1@acme.test>", "interested"],
    ]);
    const r3 = page.items[1]!;
    expect(r3.explanation.rules!.map((r) => r.id)).toEqual(["ooo-subject"]);
    expect(r3.model_version).toBe(replyIntentModelInfo().version);
    const [action] = await t.app.ctx.db.select().from(aiActions).where(eq(aiActions.id, page.items[3]!.action_id!));
    expect(action).toMatchObject({
      workspaceId: owner.workspaceId,
      kind: "reply_classification",
      engine: "builtin",
      subjectType: "lead",
      subjectId: leadId,
      userId: null,
      output: expect.objectContaining({ class: "interested" }),
    });
    expect(action!.explanation!.contributions!.length).toBeGreaterThan(0);
  });

  it("page by keyset and filter by class and campaign, within the workspace", async () => {
    const p1 = (await call(owner, "GET", "/api/ai/reply-intent/replies?limit=3")).json<ReplyIntentReplyPage>();
    const p2 = (await call(owner, "GET", `/api/ai/reply-intent/replies?limit=3&cursor=${p1.next_cursor}`)).json<ReplyIntentReplyPage>();
    expect(p2.items.map((r) => r.reply_ref)).toEqual(["<r1@acme.test>"]);
    expect(p2.next_cursor).toBeNull();
    const b = (await call(owner, "GET", `/api/ai/reply-intent/replies?campaign_id=${campaignB}`)).json<ReplyIntentReplyPage>();
    expect(b.items.map((r) => r.reply_ref)).toEqual(["<r4@acme.test>", "<r3@acme.test>"]);
    const ooo = (await call(owner, "GET", "/api/ai/reply-intent/replies?class=out_of_office")).json<ReplyIntentReplyPage>();
    expect(ooo.items.map((r) => r.reply_ref)).toEqual(["<r3@acme.test>"]);
    const theirs = (await call(stranger, "GET", "/api/ai/reply-intent/replies")).json<ReplyIntentReplyPage>();
    expect(theirs.items.map((r) => [r.reply_ref, r.campaign_id])).toEqual([["<s1@acme.test>", null]]);
    expect((await call(owner, "GET", "/api/ai/reply-intent/replies?class=maybe")).statusCode).toBe(422);
    expect((await call(owner, "GET", "/api/ai/reply-intent/replies?cursor=xyz")).statusCode).toBe(422);
  });
});

describe("trying the classifier", () => {
  it("answers a class with reasons and a ledger id, and refuses empty text with 422 on text", async () => {
    const res = await call(viewer, "POST", "/api/ai/reply-intent/classify", { text: "Circle back next quarter, no budget until then." });
    expect(res.statusCode).toBe(200);
    const body = res.json<ReplyIntentResult>();
    expect(body.class).toBe("not_now");
    expect(body.explanation.contributions!.length).toBeGreaterThan(0);
    const [action] = await t.app.ctx.db.select().from(aiActions).where(eq(aiActions.id, body.action_id));
    expect(action).toMatchObject({
      userId: viewer.id,
      kind: "reply_classification",
      input: expect.objectContaining({ text: expect.stringContaining("Circle back") }),
    });
    const empty = await call(viewer, "POST", "/api/ai/reply-intent/classify", { text: "   " });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.map((e: { field: string }) => e.field)).toEqual(["text"]);
  });
});

describe("corrections", () => {
  it("are kept beside the model's class, change the class in force, rate the ledger row and feed the live agreement", async () => {
    const page = (await call(owner, "GET", "/api/ai/reply-intent/replies")).json<ReplyIntentReplyPage>();
    const r2 = page.items.find((r) => r.reply_ref === "<r2@acme.test>")!;
    const r1 = page.items.find((r) => r.reply_ref === "<r1@acme.test>")!;
    expect((await call(viewer, "PATCH", `/api/ai/reply-intent/replies/${r2.id}`, { class: "not_now" })).statusCode).toBe(403);
    const fixed = await call(owner, "PATCH", `/api/ai/reply-intent/replies/${r2.id}`, { class: "not_now" });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json<ReplyIntentReply>()).toMatchObject({
      class: "not_now",
      predicted_class: "not_interested",
      corrected_class: "not_now",
    });
    await call(owner, "PATCH", `/api/ai/reply-intent/replies/${r1.id}`, { class: "interested" });
    expect((await call(owner, "PATCH", `/api/ai/reply-intent/replies/${r1.id}`, { class: "unclear" })).statusCode).toBe(422);
    const foreign = await call(stranger, "PATCH", `/api/ai/reply-intent/replies/${r1.id}`, { class: "interested" });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("REPLY_INTENT_REPLY_NOT_FOUND");

    const notNow = (await call(owner, "GET", "/api/ai/reply-intent/replies?class=not_now")).json<ReplyIntentReplyPage>();
    expect(notNow.items.map((r) => r.id)).toEqual([r2.id]);
    const queue = (await call(owner, "GET", "/api/ai/feedback/queue?kind=reply_classification&limit=100")).json<AiFeedbackQueuePage>();
    expect(queue.items.find((i) => i.action_id === r2.action_id)).toMatchObject({
      my_rating: -1,
      my_comment: "Corrected from not_interested to not_now",
    });
    expect(queue.items.find((i) => i.action_id === r1.action_id)).toMatchObject({ my_rating: 1 });

    const model = (await call(viewer, "GET", "/api/ai/reply-intent/model")).json<ReplyIntentModel>();
    expect(model.live).toMatchObject({ classified: 4, corrected: 2, stale: 0 });
    expect(model.live.agreement.rate).toBe(0.5);
    const labels = model.live.confusion.labels;
    expect(model.live.confusion.matrix[labels.indexOf("not_now")]![labels.indexOf("not_interested")]).toBe(1);
    expect(model.evaluation.size).toBeGreaterThanOrEqual(150);
    expect(model.evaluation.accuracy).toBeGreaterThanOrEqual(0.9);
    expect(model.training.size).toBeGreaterThan(200);
  });
});

describe("reclassify all", () => {
  it("brings replies of an older version up to the current one, with progress, keeping corrections in force", async () => {
    await t.app.ctx.db
      .update(replyIntents)
      .set({ modelVersion: "nb-older", predictedClass: "unclear", class: "unclear" })
      .where(eq(replyIntents.workspaceId, owner.workspaceId));
    await t.app.ctx.db.update(replyIntents).set({ class: "not_now" }).where(eq(replyIntents.correctedClass, "not_now"));
    expect((await call(owner, "GET", "/api/ai/reply-intent/model")).json<ReplyIntentModel>().live.stale).toBe(4);
    expect((await call(viewer, "POST", "/api/ai/reply-intent/reclassify")).statusCode).toBe(403);
    const started = await call(owner, "POST", "/api/ai/reply-intent/reclassify");
    expect(started.statusCode).toBe(202);
    const job = started.json<ReplyIntentJob>();
    expect(job.total).toBe(4);
    // At most one queued or running job per workspace (refused by the check or by the unique index).
    await t.app.ctx.db.insert(replyIntentJobs).values({ workspaceId: stranger.workspaceId, modelVersion: "x", status: "running" });
    const second = await call(stranger, "POST", "/api/ai/reply-intent/reclassify");
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("REPLY_INTENT_RECLASSIFY_RUNNING");
    await expect(
      t.app.ctx.db.insert(replyIntentJobs).values({ workspaceId: stranger.workspaceId, modelVersion: "y", status: "queued" }),
    ).rejects.toThrow();
    const done = await waitFor(
      async () => {
        const j = (await call(owner, "GET", `/api/ai/reply-intent/reclassify-jobs/${job.id}`)).json<ReplyIntentJob>();
        return j.status === "done" || j.status === "failed" ? j : null;
      },
      { what: "the reclassify job to finish" },
    );
    expect(done).toMatchObject({ status: "done", done: 4, total: 4 });
    const page = (await call(owner, "GET", "/api/ai/reply-intent/replies")).json<ReplyIntentReplyPage>();
    expect(Object.fromEntries(page.items.map((r) => [r.reply_ref, [r.predicted_class, r.class]]))).toEqual({
      "<r1@acme.test>": ["interested", "interested"],
      "<r2@acme.test>": ["not_interested", "not_now"],
      "<r3@acme.test>": ["out_of_office", "out_of_office"],
      "<r4@acme.test>": ["wrong_person", "wrong_person"],
    });
    const model = (await call(owner, "GET", "/api/ai/reply-intent/model")).json<ReplyIntentModel>();
    expect(model.live.stale).toBe(0);
    expect(model.last_job).toMatchObject({ id: job.id, status: "done" });
    expect((await call(stranger, "GET", `/api/ai/reply-intent/reclassify-jobs/${job.id}`)).statusCode).toBe(404);
  });
});
