/**
 * Reputation history: the backfill job rebuilds past days from the event tables (sends per inbox
 * and day, people's bounces, complaints and unsubscribes; bot events and the local mailbox left
 * out) with progress, the trailing window and the score follow the documented formula, domains sum
 * their inboxes, and another workspace sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { expectTenantIsolation } from "../../../test/tenant-isolation.ts";
import { waitFor } from "../../../test/wait.ts";
import { reputationScore } from "./reputation.score.ts";
import { tick } from "./reputation.service.ts";
import { dayAgo, reputationHelpers } from "./reputation.test-helpers.ts";

let t: TestApp;
let owner: TestUser;
let outsider: TestUser;
const h = reputationHelpers(() => t);

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: true });
  owner = await createUser(t.database.db);
  outsider = await createUser(t.database.db);
});
afterAll(() => t?.close());

type Point = {
  day: string;
  sent: number;
  bounces: number;
  complaints: number;
  unsubscribes: number;
  window_sent: number;
  bounce_rate: number;
  listed_on: string[] | null;
  score: number;
};

describe("the reputation score", () => {
  it("follows the formula: 20 points at 2 % bounces, 30 at 0.3 % complaints, 25 per listing, in proportion under 20 sends", () => {
    expect(reputationScore({ sent: 100, bounces: 0, complaints: 0, unsubscribes: 0 }, 0)).toBe(100);
    expect(reputationScore({ sent: 100, bounces: 2, complaints: 0, unsubscribes: 0 }, 0)).toBe(80);
    expect(reputationScore({ sent: 1000, bounces: 0, complaints: 3, unsubscribes: 0 }, 0)).toBe(70);
    expect(reputationScore({ sent: 100, bounces: 50, complaints: 50, unsubscribes: 50 }, 3)).toBe(0);
    expect(reputationScore({ sent: 0, bounces: 0, complaints: 0, unsubscribes: 0 }, 1)).toBe(75);
    // 10 sends with one bounce: 10 % counts half (10 of the 20 sends a rate needs): 40 × 0.5.
    expect(reputationScore({ sent: 10, bounces: 1, complaints: 0, unsubscribes: 0 }, 0)).toBe(80);
  });
});

describe("history rebuilt from events", () => {
  it("backfills past days as a job with progress: per-day counts, the 7-day window, domains summing their inboxes", async () => {
    const a = await h.inbox(owner, { domain: "acme.test" });
    const b = await h.inbox(owner, { domain: "acme.test" });
    const c = await h.campaign(owner, [a.id, b.id]);
    // Ten days ago: 50 from a, 2 bounced (one counted twice by a retried event), one bot "unsubscribe".
    const old = await h.sends(owner, c.id, a.id, 10, 50);
    await h.events(owner, c.id, old.slice(0, 2), "bounce", 10);
    await h.events(owner, c.id, old.slice(0, 1), "bounce", 10);
    await h.events(owner, c.id, old.slice(5, 6), "unsubscribe", 9, true);
    // Three days ago: 30 from b, one complaint and one unsubscribe arriving two days ago.
    const recent = await h.sends(owner, c.id, b.id, 3, 30);
    await h.events(owner, c.id, recent.slice(0, 1), "complaint", 2);
    await h.events(owner, c.id, recent.slice(1, 2), "unsubscribe", 2);

    const started = await h.ok(owner, "POST", "/api/reputation/backfill", { days: 14 }, 202);
    expect(["queued", "running", "done"]).toContain(started.status);
    expect(started.days).toBe(14);
    const done = await waitFor(
      async () => {
        const s = await h.ok(owner, "GET", "/api/reputation/backfill");
        return s.status === "done" ? s : undefined;
      },
      { what: "the backfill", timeoutMs: 40_000, intervalMs: 200 },
    );
    expect(done).toMatchObject({ days: 14, done_days: 14, error: null });

    const hist = async (kind: string, id: string) =>
      (await h.ok(owner, "GET", `/api/reputation/history?kind=${kind}&id=${encodeURIComponent(id)}&days=14`)).points as Point[];
    const byDay = (points: Point[]) => new Map(points.map((p) => [p.day, p]));

    const inboxA = byDay(await hist("inbox", a.id));
    expect(inboxA.get(dayAgo(10))).toMatchObject({ sent: 50, bounces: 2, unsubscribes: 0, window_sent: 50, bounce_rate: 0.04 });
    // 4 % bounces over the window: 40 points off.
    expect(inboxA.get(dayAgo(10))?.score).toBe(60);
    // Still inside the 7-day window four days later, out of it after.
    expect(inboxA.get(dayAgo(4))).toMatchObject({ sent: 0, window_sent: 50, score: 60 });
    expect(inboxA.get(dayAgo(3))).toMatchObject({ window_sent: 0, score: 100 });
    // Past days rebuilt from events carry no blocklist state; today's comes from the cached checks.
    expect(inboxA.get(dayAgo(10))?.listed_on).toBeNull();
    expect(inboxA.get(dayAgo(0))?.listed_on).toEqual([]);

    const domain = byDay(await hist("domain", "acme.test"));
    expect(domain.get(dayAgo(10))).toMatchObject({ sent: 50, bounces: 2 });
    expect(domain.get(dayAgo(2))).toMatchObject({ sent: 0, complaints: 1, unsubscribes: 1, window_sent: 30 });
    // 1/30 complaints is far over 0.3 % (40 off, the cap), 1/30 unsubscribes 3.3 % (8.3 off).
    expect(domain.get(dayAgo(2))?.score).toBe(52);

    const overview = await h.ok(owner, "GET", "/api/reputation/overview");
    expect(overview.inboxes).toBe(2);
    expect(overview.backfill.status).toBe("done");
    expect(overview.refreshed_at).not.toBeNull();
    const labels = overview.subjects.map((s: { kind: string; label: string }) => `${s.kind}:${s.label}`);
    expect(labels).toEqual(expect.arrayContaining(["domain:acme.test", `inbox:${a.email}`, `inbox:${b.email}`]));
    expect(overview.total).toBe(3);
  });

  it("gives every day from an inbox's first send a row, also days between two sends in a later step of the rebuild", async () => {
    const user = await createUser(t.database.db);
    const inbox = await h.inbox(user, { domain: "gaps.test" });
    const c = await h.campaign(user, [inbox.id]);
    await h.sends(user, c.id, inbox.id, 20, 5);
    await h.sends(user, c.id, inbox.id, 5, 5);
    await h.ok(user, "POST", "/api/reputation/backfill", { days: 30 }, 202);
    await waitFor(async () => ((await h.ok(user, "GET", "/api/reputation/backfill")).status === "done" ? true : undefined), {
      what: "the backfill",
      timeoutMs: 40_000,
      intervalMs: 200,
    });
    const points = (await h.ok(user, "GET", `/api/reputation/history?kind=inbox&id=${inbox.id}&days=30`)).points as Point[];
    expect(points.map((p) => p.day)).toEqual(Array.from({ length: 21 }, (_, i) => dayAgo(20 - i)));
    expect(points.find((p) => p.day === dayAgo(7))).toMatchObject({ sent: 0, window_sent: 0, score: 100 });
  });

  it("refuses a second backfill while one runs, and bad input, and a workspace with nothing to measure", async () => {
    const res = await h.call(owner, "POST", "/api/reputation/backfill", { days: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe("days");
    expect((await h.call(owner, "POST", "/api/reputation/backfill", { days: 91 })).statusCode).toBe(422);
    const empty = await createUser(t.database.db);
    const none = await h.call(empty, "POST", "/api/reputation/backfill", { days: 7 });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe("REPUTATION_NO_INBOXES");
    const ov = await h.ok(empty, "GET", "/api/reputation/overview");
    expect(ov).toMatchObject({ subjects: [], total: 0, inboxes: 0, refreshed_at: null });
  });

  it("lets a viewer read but not rebuild", async () => {
    const viewer = await addMember(t.database.db, owner, "viewer");
    await h.ok(viewer, "GET", "/api/reputation/overview");
    expect((await h.call(viewer, "POST", "/api/reputation/backfill", { days: 7 })).statusCode).toBe(403);
    expect((await h.call(viewer, "POST", "/api/reputation/refresh")).statusCode).toBe(403);
  });

  it("shows another workspace nothing: 404 for its inboxes and domains, empty lists", async () => {
    const mine = await h.inbox(owner, { domain: "private.test" });
    await h.ok(owner, "POST", "/api/reputation/refresh");
    await expectTenantIsolation(t.app, outsider, [
      { method: "GET", url: `/api/reputation/history?kind=inbox&id=${mine.id}` },
      { method: "GET", url: "/api/reputation/history?kind=domain&id=private.test" },
    ]);
    const ov = await h.ok(outsider, "GET", "/api/reputation/overview");
    expect(ov.total).toBe(0);
    const alerts = await h.ok(outsider, "GET", "/api/reputation/alerts");
    expect(alerts.total).toBe(0);
    const game = await h.ok(outsider, "GET", "/api/reputation/game");
    expect(game).toMatchObject({ total: 0, inboxes: [], score: null });
  });

  it("the hourly tick claims a workspace once, rebuilds a new one's history, and refreshes it again only when it is stale", async () => {
    const user = await createUser(t.database.db);
    const inbox = await h.inbox(user, { domain: "ticked.test" });
    const c = await h.campaign(user, [inbox.id]);
    await h.sends(user, c.id, inbox.id, 5, 25);
    const HOUR = 3_600_000;
    const first = await tick(t.app.ctx, HOUR);
    expect(first).toContain(user.workspaceId);
    // Claimed: a second pass (another process) does not take it again.
    expect(await tick(t.app.ctx, HOUR)).not.toContain(user.workspaceId);
    // New to the ticker: its last 30 days are rebuilt in the backfill job.
    const done = await waitFor(
      async () => {
        const s = await h.ok(user, "GET", "/api/reputation/backfill");
        return s.status === "done" ? s : undefined;
      },
      { what: "the first backfill", timeoutMs: 40_000, intervalMs: 200 },
    );
    expect(done.days).toBe(30);
    const hist = await h.ok(user, "GET", `/api/reputation/history?kind=inbox&id=${inbox.id}&days=14`);
    expect(hist.points.find((p: Point) => p.day === dayAgo(5))).toMatchObject({ sent: 25 });
    // Fresh now; an hour later it is due again (a refresh, not another backfill).
    expect(await tick(t.app.ctx, HOUR)).not.toContain(user.workspaceId);
    expect(await tick(t.app.ctx, HOUR, new Date(Date.now() + 2 * HOUR))).toContain(user.workspaceId);
    expect((await h.ok(user, "GET", "/api/reputation/backfill")).status).toBe("done");
  });
});
