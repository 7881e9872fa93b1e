/** /api/coaching: scoring drafts (validation, size cap, permissions) and a campaign's steps (workspace-scoped). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { expectTenantIsolation } from "../../../test/tenant-isolation.ts";
import { helpers } from "../campaigns/campaigns.test-helpers.ts";

describe("/api/coaching", () => {
  let t: TestApp;
  let owner: TestUser;
  let outsider: TestUser;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
    outsider = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const score = (payload: unknown, user = owner) =>
    t.app.inject({ method: "POST", url: "/api/coaching/score", headers: user.headers, payload: payload as object });

  it("scores a draft: score, verdict, nine categories, advice with points", async () => {
    const res = await score({ subject: "FREE GIFT!!!", body: "Act now, click here: https://bit.ly/x", from: "noreply@acme.test" });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.score).toBeLessThan(50);
    expect(body.verdict).toBe("risky");
    expect(body.categories).toHaveLength(9);
    expect(body.advice.map((a: { rule: string }) => a.rule)).toEqual(
      expect.arrayContaining(["subject_caps", "url_shortener", "from_person", "spam_phrase.urgency"]),
    );
    expect(body.advice.every((a: { points: number }) => a.points >= 0)).toBe(true);
    expect(body.stats.links).toBe(1);
  });

  it("refuses empty, whitespace-only and oversized drafts with clear errors", async () => {
    const empty = await score({ subject: "", body: "" });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().code).toBe("COACHING_DRAFT_EMPTY");
    const tagsOnly = await score({ subject: " ", body: "<p>{{ first_name }}</p>" });
    expect(tagsOnly.statusCode).toBe(422);

    const longSubject = await score({ subject: "x".repeat(1001), body: "Hello there" });
    expect(longSubject.statusCode).toBe(422);
    expect(longSubject.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "subject" }] });

    const wrongType = await score({ subject: "Hi", body: 42 });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors[0].field).toBe("body");

    const deep = await score({ subject: "Hi", body: `${"<div>".repeat(501)}Hello` });
    expect(deep.statusCode).toBe(422);
    expect(deep.json().code).toBe("COACHING_HTML_TOO_DEEP");

    // Over the 1 MiB request cap: 413, said plainly.
    const huge = await score({ subject: "Hi", body: "word ".repeat(220_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("scores a body near the cap within the request", async () => {
    const body = `Hi {{ first_name }}, ${"we help teams like yours. ".repeat(36_000)}`;
    expect(Buffer.byteLength(JSON.stringify({ subject: "Hi", body }))).toBeLessThan(1_048_576);
    const res = await score({ subject: "Hi", body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().advice.some((a: { rule: string }) => a.rule === "length")).toBe(true);
  });

  it("needs a session and campaigns:read", async () => {
    const anon = await t.app.inject({ method: "POST", url: "/api/coaching/score", payload: { subject: "Hi", body: "Hello" } });
    expect(anon.statusCode).toBe(401);
    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    expect((await score({ subject: "Hi", body: "Hello there" }, viewer)).statusCode).toBe(200);
  });

  it("scores every step and variant of a campaign as the sender would use them", async () => {
    const c = await h.campaign(owner, {
      steps: [
        {
          subject: "Hello {{ first_name }}",
          body: "Hi {{ first_name }}, would a call help? Reply no to opt out.",
          variants: [{ subject: "FREE!!!", body: "" }],
        },
        { delay_days: 3, subject: "", body: "Following up on my note. Any thoughts?", variants: [] },
      ],
    });
    const res = await t.app.inject({ method: "GET", url: `/api/coaching/campaigns/${c.id}`, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.name).toBe("Q1 outreach");
    expect(body.steps.map((s: { label: string }) => s.label)).toEqual(["Step 1", "Step 1 · variant B", "Step 2"]);
    // Variant B keeps step 1's body and has its own subject.
    expect(body.steps[1].body).toBe(body.steps[0].body);
    expect(body.steps[1].report.score).toBeLessThan(body.steps[0].report.score);
    expect(body.steps[2].report.advice.map((a: { rule: string }) => a.rule)).toContain("subject_missing");
  });

  it("shows another workspace nothing of a campaign (404)", async () => {
    const c = await h.campaign(owner);
    await expectTenantIsolation(t.app, outsider, [{ method: "GET", url: `/api/coaching/campaigns/${c.id}` }]);
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/coaching/campaigns/00000000-0000-4000-8000-000000000000",
      headers: owner.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
