/**
 * The deliverability game: every task flips when the data behind it changes (cached DNS checks,
 * the inbox's cap, warm-up and IMAP, sends to bounced addresses, complaints, the campaigns'
 * unsubscribe links), the score is the sum of the points earned, first completions are kept after
 * a regression, and the level and streak follow the workspace score.
 */
import type { GameInbox, GameTaskKey } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { campaignEvents } from "../campaigns/campaigns.table.ts";
import { evaluateGame, levelOf, safeDailyCap } from "./reputation.game.ts";
import { atDaysAgo, reputationHelpers } from "./reputation.test-helpers.ts";

let t: TestApp;
let owner: TestUser;
const h = reputationHelpers(() => t);
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOWLIST: "127.0.0.1", JOBS: "off" }, { work: false });
  owner = await createUser(t.database.db);
});
afterAll(() => t?.close());

const board = async (user: TestUser) => h.ok(user, "GET", "/api/reputation/game");
const inboxOf = async (user: TestUser, id: string) => ((await board(user)).inboxes as GameInbox[]).find((i) => i.inbox_id === id)!;
const task = async (user: TestUser, id: string, key: GameTaskKey) => (await inboxOf(user, id)).tasks.find((x) => x.key === key)!;

describe("the deliverability game", () => {
  it("authenticate the domain: SPF, DKIM and DMARC follow the cached checks", async () => {
    const inbox = await h.inbox(owner, { domain: "auth.test" });
    let spf = await task(owner, inbox.id, "spf");
    expect(spf).toMatchObject({ done: false, points: 15, earned: 0, link: "/deliverability", first_done_at: null });
    expect(spf.why).toMatch(/not been checked yet/);
    await h.check(owner, "auth.test", "spf", "fail", "No SPF record");
    expect((await task(owner, inbox.id, "spf")).why).toMatch(/fails: No SPF record/);
    await h.check(owner, "auth.test", "spf", "pass", "v=spf1 include:mail.test -all");
    await h.check(owner, "auth.test", "dkim", "pass");
    await h.check(owner, "auth.test", "dmarc", "warn", "p=none only monitors");
    const i = await inboxOf(owner, inbox.id);
    spf = i.tasks.find((x) => x.key === "spf")!;
    expect(spf).toMatchObject({ done: true, earned: 15 });
    expect(spf.first_done_at).not.toBeNull();
    expect(i.tasks.find((x) => x.key === "dkim")?.done).toBe(true);
    expect(i.tasks.find((x) => x.key === "dmarc")).toMatchObject({ done: false, earned: 0 });
    await h.check(owner, "auth.test", "dmarc", "pass");
    expect((await task(owner, inbox.id, "dmarc")).done).toBe(true);
  });

  it("stays off blocklists: clean only when every zone answered and none lists the domain", async () => {
    const inbox = await h.inbox(owner, { domain: "bl.test" });
    expect((await task(owner, inbox.id, "not_blocklisted")).done).toBe(false);
    await h.check(owner, "bl.test", "blocklist:zen.spamhaus.org", "pass");
    await h.check(owner, "bl.test", "blocklist:bl.spamcop.net", "unknown", "Timed out");
    const unknown = await task(owner, inbox.id, "not_blocklisted");
    expect(unknown.done).toBe(false);
    expect(unknown.why).toMatch(/bl\.spamcop\.net could not be asked/);
    await h.check(owner, "bl.test", "blocklist:bl.spamcop.net", "pass");
    expect((await task(owner, inbox.id, "not_blocklisted")).done).toBe(true);
    await h.check(owner, "bl.test", "blocklist:bl.spamcop.net", "fail");
    const listed = await task(owner, inbox.id, "not_blocklisted");
    expect(listed.done).toBe(false);
    // The first completion is kept after the regression.
    expect(listed.first_done_at).not.toBeNull();
  });

  it("lower the cap and warm up: judged by the inbox's age, limit and warm-up", async () => {
    expect([safeDailyCap(3), safeDailyCap(20), safeDailyCap(60)]).toEqual([20, 35, 50]);
    const inbox = await h.inbox(owner, { daily_limit: 100 });
    let cap = await task(owner, inbox.id, "safe_cap");
    expect(cap.done).toBe(false);
    expect(cap.why).toMatch(/daily limit of 100 is above 20/);
    expect((await task(owner, inbox.id, "warmup")).done).toBe(false);
    // Warm-up on: today's ramp (5 a day) is safe, and the target of 40 is within 50.
    await h.ok(owner, "PUT", `/api/inboxes/${inbox.id}`, {
      daily_limit: 40,
      warmup: { enabled: true, start_per_day: 5, increase_per_day: 2 },
    });
    cap = await task(owner, inbox.id, "safe_cap");
    expect(cap.done).toBe(true);
    expect((await task(owner, inbox.id, "warmup")).done).toBe(true);
    // An inbox 60 days old needs no warm-up and may send 50.
    await h.ok(owner, "PUT", `/api/inboxes/${inbox.id}`, {
      daily_limit: 50,
      warmup: { enabled: false, start_per_day: 5, increase_per_day: 2 },
    });
    expect((await task(owner, inbox.id, "safe_cap")).done).toBe(false);
    await h.setInbox(owner, inbox.id, { createdAt: new Date(Date.now() - 60 * DAY_MS) });
    expect((await task(owner, inbox.id, "safe_cap")).done).toBe(true);
    expect((await task(owner, inbox.id, "warmup")).why).toMatch(/60 days old: established/);
  });

  it("counts an inbox's age from its first send when it sent before it was connected here", async () => {
    const inbox = await h.inbox(owner, { daily_limit: 50 });
    expect((await task(owner, inbox.id, "safe_cap")).done).toBe(false);
    const c = await h.campaign(owner, [inbox.id]);
    await h.sends(owner, c.id, inbox.id, 40, 1);
    const cap = await task(owner, inbox.id, "safe_cap");
    expect(cap.done).toBe(true);
    expect(cap.why).toMatch(/within 50 for an inbox (39|40) days old/);
    expect((await task(owner, inbox.id, "warmup")).why).toMatch(/(39|40) days old: established/);
  });

  it("clean bounces: a send to an address that had bounced, or a bounce rate over 2 %, undoes it", async () => {
    const inbox = await h.inbox(owner);
    const c = await h.campaign(owner, [inbox.id]);
    const [lead] = await Promise.all([
      h.ok(owner, "POST", "/api/leads/", { email: `gone-${Date.now()}@prospect.test`, first_name: "Gone" }, 201),
    ]);
    expect((await task(owner, inbox.id, "clean_bounces")).done).toBe(true);
    const first = await h.sends(owner, c.id, inbox.id, 5, 1, lead.id);
    await t.database.db.insert(campaignEvents).values({
      workspaceId: owner.workspaceId,
      campaignId: c.id,
      leadId: lead.id,
      messageId: first[0]!,
      type: "bounce",
      // A minute after that send, whatever the time of day the test runs at.
      occurredAt: new Date(atDaysAgo(5).getTime() + 60_000),
    });
    // 1 bounce of 1 send is under the 20 sends a rate needs: still clean.
    expect((await task(owner, inbox.id, "clean_bounces")).done).toBe(true);
    // Mailing the bounced address again (a later step) is not.
    const c2 = await h.campaign(owner, [inbox.id]);
    await h.sends(owner, c2.id, inbox.id, 1, 1, lead.id);
    const dirty = await task(owner, inbox.id, "clean_bounces");
    expect(dirty.done).toBe(false);
    expect(dirty.why).toMatch(/1 message was sent .* to addresses that had already bounced/);
    expect(dirty.link).toMatch(/^\/campaigns\/[0-9a-f-]{36}$/);
  });

  it("clean bounces and complaints: rates over the last 30 days", async () => {
    const inbox = await h.inbox(owner);
    const c = await h.campaign(owner, [inbox.id]);
    const sent = await h.sends(owner, c.id, inbox.id, 3, 100);
    await h.events(owner, c.id, sent.slice(0, 3), "bounce", 3);
    expect((await task(owner, inbox.id, "clean_bounces")).why).toMatch(/3\.0 % over the last 30 days \(3 of 100\)/);
    expect((await task(owner, inbox.id, "low_complaints")).done).toBe(true);
    await h.events(owner, c.id, sent.slice(10, 11), "complaint", 2);
    const complaints = await task(owner, inbox.id, "low_complaints");
    expect(complaints).toMatchObject({ done: false, earned: 0 });
    expect(complaints.why).toMatch(/1 complaint of 100 sent \(1\.0 %\)/);
    await h.sends(owner, c.id, inbox.id, 1, 1000);
    expect((await task(owner, inbox.id, "low_complaints")).done).toBe(true);
    expect((await task(owner, inbox.id, "clean_bounces")).done).toBe(true);
  });

  it("unsubscribe footer: every step and variant of the campaigns that send from the inbox", async () => {
    const inbox = await h.inbox(owner);
    expect((await task(owner, inbox.id, "unsubscribe_footer")).why).toMatch(/No campaign sends from it yet/);
    const c = await h.campaign(owner, [inbox.id], "Hello, no way out here");
    const missing = await task(owner, inbox.id, "unsubscribe_footer");
    expect(missing).toMatchObject({ done: false, link: `/campaigns/${c.id}/edit` });
    const full = await h.ok(owner, "GET", `/api/campaigns/${c.id}`);
    await h.ok(owner, "PUT", `/api/campaigns/${c.id}`, {
      steps: [
        {
          ...full.steps[0],
          body: 'Hello\n\n<a href="{{ unsubscribe_url }}">Unsubscribe</a>',
          variants: [{ subject: "B", body: "No link in B" }],
        },
      ],
    });
    expect((await task(owner, inbox.id, "unsubscribe_footer")).done).toBe(false);
    await h.ok(owner, "PUT", `/api/campaigns/${c.id}`, {
      steps: [
        { ...full.steps[0], body: 'Hello\n\n<a href="{{ unsubscribe_url }}">Unsubscribe</a>', variants: [{ subject: "B", body: "" }] },
      ],
    });
    const done = await task(owner, inbox.id, "unsubscribe_footer");
    expect(done.done).toBe(true);
    expect(done.why).toMatch(/Every email of its 1 campaign carries/);
  });

  it("set up IMAP: configured and reading without error", async () => {
    const inbox = await h.inbox(owner);
    expect((await task(owner, inbox.id, "imap")).done).toBe(false);
    await h.ok(owner, "PUT", `/api/inboxes/${inbox.id}`, {
      imap: { host: "127.0.0.1", port: 1143, secure: false, username: "sam", password: "imap-pass-123" },
    });
    expect((await task(owner, inbox.id, "imap")).done).toBe(true);
    await h.setInbox(owner, inbox.id, { imapError: "Authentication failed" });
    const failing = await task(owner, inbox.id, "imap");
    expect(failing).toMatchObject({ done: false });
    expect(failing.why).toMatch(/IMAP fails: Authentication failed/);
  });

  it("scores the sum of points, levels and a streak of days at 80 or more, pages the inboxes, and keeps completions", async () => {
    expect(levelOf(0)).toEqual({ level: 1, name: "Spam folder", next_at: 40 });
    expect(levelOf(85)).toEqual({ level: 4, name: "Primary inbox", next_at: 95 });
    expect(levelOf(100)).toEqual({ level: 5, name: "Trusted sender", next_at: null });
    const user = await createUser(t.database.db);
    const inbox = await h.inbox(user, {
      domain: "perfect.test",
      imap: { host: "127.0.0.1", port: 1143, secure: false, username: "sam", password: "x-pass-123" },
      warmup: { enabled: true, start_per_day: 5, increase_per_day: 2 },
    });
    await h.inbox(user, { domain: "second.test" });
    for (const kind of ["spf", "dkim", "dmarc", "blocklist:zen.spamhaus.org"]) await h.check(user, "perfect.test", kind, "pass");
    const b = await board(user);
    const perfect = (b.inboxes as GameInbox[]).find((i) => i.inbox_id === inbox.id)!;
    expect(perfect.score).toBe(100);
    expect(perfect.tasks_done).toBe(10);
    expect(b.total).toBe(2);
    expect(b.tasks_total).toBe(20);
    // The second inbox, new and unchecked: the cap (20 is within 20), clean bounces, no complaints, no campaign without a footer.
    const second = (b.inboxes as GameInbox[]).find((i) => i.inbox_id !== inbox.id)!;
    expect(
      second.tasks
        .filter((x) => x.done)
        .map((x) => x.key)
        .sort(),
    ).toEqual(["clean_bounces", "low_complaints", "safe_cap", "unsubscribe_footer"]);
    expect(second.score).toBe(35);
    expect(b.score).toBe(68);
    expect(b.level).toMatchObject({ level: 3, name: "Inbox" });
    expect(b.streak_days).toBe(0);
    expect(b.recent_completions.length).toBeGreaterThan(0);

    const page = await h.ok(user, "GET", "/api/reputation/game?per_page=1&page=2");
    expect(page).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(page.inboxes).toHaveLength(1);

    // Without the weak inbox the workspace scores 100: today counts for the streak, and yesterday's 90 extends it.
    await h.ok(user, "DELETE", `/api/inboxes/${second.inbox_id}`, undefined, 204);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    await t.database.db.execute(
      sql`insert into reputation_game_days (workspace_id, day, score) values (${user.workspaceId}, ${yesterday}, 90)`,
    );
    const streak = await evaluateGame(t.app.ctx, user.workspaceId);
    expect(streak.score).toBe(100);
    expect(streak.streak_days).toBe(2);
    const rows = await t.database.db.execute(
      sql`select score from reputation_game_days where workspace_id = ${user.workspaceId} and day = ${today}`,
    );
    expect((rows as unknown as { rows: { score: number }[] }).rows[0]?.score).toBe(100);
  });
});
