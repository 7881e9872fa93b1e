/** Feedback on AI outputs on the real database: rating and re-rating, taking back, the queue (keyset, filters, isolation) and the per-model judgement. */
import type { AiFeedback, AiFeedbackQueuePage, AiFeedbackSummary } from "@prospector/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { recordAiAction } from "./ai-ledger.gateway.ts";
import { windowStart } from "./feedback.service.ts";

let t: TestApp;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
const actions: string[] = [];
let strangerAction: string;

const call = (user: TestUser, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app.ctx.db);
  viewer = await addMember(t.app.ctx.db, owner, "viewer");
  stranger = await createUser(t.app.ctx.db);
  for (let i = 0; i < 5; i++) {
    actions.push(
      await recordAiAction(
        t.app.ctx,
        { workspaceId: owner.workspaceId, userId: owner.id, kind: i < 3 ? "reply_classification" : "lead_score" },
        {
          model: i < 3 ? "reply-intent nb v1" : "lead_score v2",
          input: { text: `Message number ${i}   with   spaces` },
          output: { class: "interested", confidence: 0.9 },
          explanation: { summary: `Reason ${i}` },
        },
      ),
    );
  }
  strangerAction = await recordAiAction(
    t.app.ctx,
    { workspaceId: stranger.workspaceId, userId: stranger.id, kind: "lead_score" },
    { model: "lead_score v1", input: {}, output: { score: 1 } },
  );
}, 60_000);

afterAll(() => t?.close());

describe("rating an AI action", () => {
  it("stores one rating per person, replaces it on a second rating, and takes it back", async () => {
    const first = await call(owner, "POST", "/api/ai/feedback", { action_id: actions[0], rating: 1, comment: "  right  " });
    expect(first.statusCode).toBe(200);
    expect(first.json<AiFeedback>()).toMatchObject({ action_id: actions[0], rating: 1, comment: "right" });
    const second = await call(owner, "POST", "/api/ai/feedback", { action_id: actions[0], rating: -1 });
    expect(second.json<AiFeedback>()).toMatchObject({ rating: -1, comment: null });
    const q = (await call(owner, "GET", "/api/ai/feedback/queue?limit=100")).json<AiFeedbackQueuePage>();
    const item = q.items.find((i) => i.action_id === actions[0])!;
    expect(item).toMatchObject({
      my_rating: -1,
      thumbs_up: 0,
      thumbs_down: 1,
      why: "Reason 0",
      input: "text: Message number 0 with spaces",
    });
    expect((await call(owner, "DELETE", `/api/ai/feedback/${actions[0]}`)).statusCode).toBe(204);
    const again = await call(owner, "DELETE", `/api/ai/feedback/${actions[0]}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("AI_FEEDBACK_NOT_FOUND");
  });

  it("refuses a bad rating with 422 naming the field, and another workspace's action with 404", async () => {
    const bad = await call(owner, "POST", "/api/ai/feedback", { action_id: actions[1], rating: 2 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toContain("rating");
    const foreign = await call(owner, "POST", "/api/ai/feedback", { action_id: strangerAction, rating: 1 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("AI_FEEDBACK_ACTION_NOT_FOUND");
  });
});

describe("the queue", () => {
  it("pages newest first with a keyset cursor, filters by kind and unrated, and shows only the workspace's actions", async () => {
    const p1 = (await call(owner, "GET", "/api/ai/feedback/queue?limit=2")).json<AiFeedbackQueuePage>();
    expect(p1.items.map((i) => i.action_id)).toEqual([actions[4], actions[3]]);
    const p2 = (await call(owner, "GET", `/api/ai/feedback/queue?limit=2&cursor=${p1.next_cursor}`)).json<AiFeedbackQueuePage>();
    expect(p2.items.map((i) => i.action_id)).toEqual([actions[2], actions[1]]);
    const p3 = (await call(owner, "GET", `/api/ai/feedback/queue?limit=2&cursor=${p2.next_cursor}`)).json<AiFeedbackQueuePage>();
    expect(p3.items.map((i) => i.action_id)).toEqual([actions[0]]);
    expect(p3.next_cursor).toBeNull();
    const scores = (await call(owner, "GET", "/api/ai/feedback/queue?kind=lead_score")).json<AiFeedbackQueuePage>();
    expect(scores.items.map((i) => i.action_id).sort()).toEqual([actions[3], actions[4]].sort());
    await call(owner, "POST", "/api/ai/feedback", { action_id: actions[4], rating: 1 });
    const unrated = (await call(owner, "GET", "/api/ai/feedback/queue?kind=lead_score&unrated=true")).json<AiFeedbackQueuePage>();
    expect(unrated.items.map((i) => i.action_id)).toEqual([actions[3]]);
    const theirs = (await call(stranger, "GET", "/api/ai/feedback/queue")).json<AiFeedbackQueuePage>();
    expect(theirs.items.map((i) => i.action_id)).toEqual([strangerAction]);
    const badCursor = await call(owner, "GET", "/api/ai/feedback/queue?cursor=nope");
    expect(badCursor.statusCode).toBe(422);
  });
});

describe("the team's judgement", () => {
  it("counts thumbs per kind and model with a Wilson interval, and by week", async () => {
    // reply classification: owner up on 1 and 2, viewer down on 1; lead score: owner up on 4 (from above).
    await call(owner, "POST", "/api/ai/feedback", { action_id: actions[1], rating: 1 });
    await call(owner, "POST", "/api/ai/feedback", { action_id: actions[2], rating: 1 });
    await call(viewer, "POST", "/api/ai/feedback", { action_id: actions[1], rating: -1 });
    const s = (await call(viewer, "GET", "/api/ai/feedback/summary?weeks=4")).json<AiFeedbackSummary>();
    const replies = s.models.find((m) => m.kind === "reply_classification")!;
    expect(replies).toMatchObject({ model: "reply-intent nb v1", engine: "builtin", actions: 3, rated: 2, up: 2, down: 1 });
    expect(replies.approval.rate).toBeCloseTo(2 / 3, 3);
    expect(replies.approval.low!).toBeLessThan(2 / 3);
    expect(replies.approval.high!).toBeGreaterThan(2 / 3);
    expect(s.models.find((m) => m.kind === "lead_score")).toMatchObject({ actions: 2, rated: 1, up: 1, down: 0 });
    expect(s.total).toMatchObject({ actions: 5, up: 3, down: 1 });
    expect(s.weekly).toHaveLength(4);
    expect(s.weekly.at(-1)).toMatchObject({ up: 3, down: 1 });
    expect(s.weekly.slice(0, 3).every((w) => w.up === 0 && w.down === 0 && w.approval.rate === null)).toBe(true);
    expect((await call(owner, "GET", "/api/ai/feedback/summary?weeks=60")).statusCode).toBe(422);
  });

  it("starts the window on a Monday", () => {
    expect(windowStart(new Date("2026-11-25T06:00:00Z"), 1).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(windowStart(new Date("2026-11-23T00:00:00Z"), 2).toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(windowStart(new Date("2026-11-29T23:59:00Z"), 1).toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });
});
