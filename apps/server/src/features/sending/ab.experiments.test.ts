/**
 * The experiments API over real sends and recorded events: a declared winner takes every send of
 * a real pass, the list's figures, verdicts and filters, bad input, the audit on the campaign,
 * permissions (campaigns:update to change traffic) and workspace isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { expectTenantIsolation } from "../../../test/tenant-isolation.ts";
import { campaignEvents, campaignMessages } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";
import { runSendingPass } from "./sending.service.ts";
import { type SmtpSink, sendingHelpers, startSmtpSink, tomorrowAt } from "./sending.test-helpers.ts";

describe("experiments API", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  const h = sendingHelpers(() => t);
  const ids = { sent: "", seeded: "", fresh: "" };

  const draft = async (name: string, variants: number) =>
    (
      await h.ok(
        owner,
        "POST",
        "/api/campaigns/",
        {
          name,
          steps: [
            {
              delay_days: 0,
              subject: `${name} A`,
              body: "Hello {{unsubscribe_url}}",
              variants: Array.from({ length: variants }, (_, i) => ({ subject: `${name} ${"BCD"[i]}`, body: "" })),
            },
            { delay_days: 3, subject: "Follow-up", body: "Bump {{unsubscribe_url}}", variants: [] },
          ],
          subject_line: `${name} A`,
        },
        201,
      )
    ).id as string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ JOBS: "off", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
    owner = await createUser(t.database.db);
    viewer = await addMember(t.database.db, owner, "viewer");
    outsider = await createUser(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it("a declared winner gets every send of the step in a real pass, and the change is audited", async () => {
    const inbox = await h.inbox(owner, sink.port, { daily_limit: 1000 });
    const people = await h.leads(owner, 24);
    const c = await h.launched(owner, {
      inboxIds: [inbox.id],
      leadIds: people.map((l) => l.id),
      body: {
        name: "Winner takes all",
        steps: [
          {
            delay_days: 0,
            subject: "A",
            body: "A {{unsubscribe_url}}",
            variants: [
              { subject: "B", body: "" },
              { subject: "C", body: "" },
            ],
          },
        ],
        subject_line: "A",
      },
    });
    ids.sent = c.id;
    const declared = await h.ok(owner, "POST", `/api/experiments/${c.id}/1/winner`, { variant: 2 });
    expect(declared).toMatchObject({ declared_winner: 2, status: "winner", winner: 2, sends_needed: 0 });
    expect(declared.variants.map((v: { share: number }) => v.share)).toEqual([0, 0, 1]);
    expect((await runSendingPass(h.engine(), c.id, tomorrowAt(12))).sent).toBe(24);
    await sink.waitFor(24);
    const res = await h.ok(owner, "GET", `/api/campaigns/${c.id}/ab-results`);
    expect(res.steps[0].variants.map((v: { sent: number }) => v.sent)).toEqual([0, 0, 24]);
    expect(sink.received.filter((m) => m.mail.subject === "C")).toHaveLength(24);

    await h.ok(owner, "PUT", `/api/experiments/${c.id}/1`, { mode: "bandit", metric: "open", min_share: 0.2 });
    const activity = await h.ok(owner, "GET", `/api/campaigns/${c.id}/activity`);
    const ab = (activity.activity ?? activity).filter((a: { kind: string }) => a.kind === "ab_test");
    expect(ab.map((a: { message: string }) => a.message)).toEqual([
      "Step 1 A/B traffic: bandit on open rate, each variant keeps at least 20%",
      "Step 1 A/B winner declared: variant C gets all further sends of the step",
    ]);
    expect(ab[0].user_id).toBe(owner.id);
    // The winner still holds under the bandit; withdrawing it hands the step back to the bandit.
    const cleared = await h.ok(owner, "DELETE", `/api/experiments/${c.id}/1/winner`);
    expect(cleared.declared_winner).toBeNull();
    expect(cleared.mode).toBe("bandit");
    for (const v of cleared.variants) expect(v.share).toBeGreaterThanOrEqual(0.2);
    expect(cleared.history.at(-1).reason).toBe("winner_cleared");
  });

  it("lists every experiment with figures, verdicts, filters and paging", async () => {
    ids.seeded = await draft("Seeded", 1);
    ids.fresh = await draft("Fresh", 2);
    const people = await t.database.db
      .insert(leads)
      .values(Array.from({ length: 400 }, (_, i) => ({ workspaceId: owner.workspaceId, email: `exp${i}@prospect.test` })))
      .returning({ id: leads.id });
    // A: 200 sent, 20 replies (10%); B: 200 sent, 40 replies (20%): B wins, p = 0.0051.
    const msgs = await t.database.db
      .insert(campaignMessages)
      .values(
        people.map((p, i) => ({
          workspaceId: owner.workspaceId,
          campaignId: ids.seeded,
          leadId: p.id,
          step: 0,
          variant: i < 200 ? 0 : 1,
          status: "sent" as const,
          sentAt: new Date(),
        })),
      )
      .returning();
    const replied = [...msgs.slice(0, 20), ...msgs.slice(200, 240)];
    await t.database.db.insert(campaignEvents).values(
      replied.map((m) => ({
        workspaceId: owner.workspaceId,
        campaignId: ids.seeded,
        leadId: m.leadId,
        messageId: m.id,
        type: "reply" as const,
        step: 0,
        variant: m.variant,
      })),
    );

    const list = await h.ok(owner, "GET", "/api/experiments");
    expect(list.total).toBe(3);
    // The first campaign's winner was withdrawn: its bandit collects again (on opens, none yet).
    expect(list.summary).toEqual({ total: 3, collecting: 2, winner: 1, no_clear_winner: 0, bandit: 1 });
    const seeded = list.experiments.find((e: { campaign_id: string }) => e.campaign_id === ids.seeded);
    expect(seeded).toMatchObject({
      step: 1,
      status: "winner",
      winner: 1,
      mode: "even",
      metric: "reply",
      lift: 100,
      sends_needed: 0,
      sent: 400,
    });
    expect(seeded.p_value).toBeCloseTo(0.0051, 4);
    expect(seeded.variants[1]).toMatchObject({ label: "B", sent: 200, replied: 40, reply_rate: 20, share: 0.5 });
    const fresh = list.experiments.find((e: { campaign_id: string }) => e.campaign_id === ids.fresh);
    expect(fresh).toMatchObject({ status: "collecting", winner: null, sent: 0, sends_needed: null });
    expect(fresh.variants.map((v: { share: number }) => v.share)).toEqual([0.334, 0.333, 0.333]);
    expect(list.campaigns.map((c: { id: string }) => c.id).sort()).toEqual([ids.sent, ids.seeded, ids.fresh].sort());

    const collecting = await h.ok(owner, "GET", "/api/experiments?status=collecting");
    expect(collecting.experiments.map((e: { campaign_id: string }) => e.campaign_id)).toEqual([ids.fresh, ids.sent]);
    expect(collecting.total).toBe(2);
    // Judged on opens instead (none recorded), the seeded test has no verdict yet.
    const byOpens = await h.ok(owner, "GET", `/api/experiments?metric=open&campaign_id=${ids.seeded}`);
    expect(byOpens.experiments).toHaveLength(1);
    expect(byOpens.experiments[0]).toMatchObject({ metric: "open", status: "collecting", sends_needed: null });
    const bandits = await h.ok(owner, "GET", "/api/experiments?mode=bandit");
    expect(bandits.experiments.map((e: { campaign_id: string }) => e.campaign_id)).toEqual([ids.sent]);
    const page2 = await h.ok(owner, "GET", "/api/experiments?per_page=2&page=2");
    expect(page2.experiments).toHaveLength(1);
    expect(page2.total).toBe(3);
    expect((await h.call(owner, "GET", "/api/experiments?status=done")).statusCode).toBe(422);
  });

  it("refuses bad input with a clear error and changes nothing", async () => {
    const bad = async (method: "PUT" | "POST" | "GET", url: string, payload: unknown, status: number, code: string) => {
      const res = await h.call(owner, method, url, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
    };
    await bad("POST", `/api/experiments/${ids.fresh}/1/winner`, { variant: 3 }, 422, "EXPERIMENT_VARIANT_NOT_FOUND");
    await bad("PUT", `/api/experiments/${ids.fresh}/1`, { min_share: 0.4 }, 422, "EXPERIMENT_MIN_SHARE_TOO_HIGH");
    await bad("PUT", `/api/experiments/${ids.fresh}/1`, { mode: "greedy" }, 422, "VALIDATION_FAILED");
    await bad("GET", `/api/experiments/${ids.fresh}/2`, undefined, 404, "EXPERIMENT_NOT_FOUND");
    await bad("GET", `/api/experiments/${ids.fresh}/9`, undefined, 404, "EXPERIMENT_NOT_FOUND");
    const after = await h.ok(owner, "GET", `/api/experiments/${ids.fresh}/1`);
    expect(after).toMatchObject({ mode: "even", min_share: 0.1, declared_winner: null, history: [] });
  });

  it("needs campaigns:update to change traffic, and shows nothing to another workspace", async () => {
    expect((await h.ok(viewer, "GET", "/api/experiments")).total).toBe(3);
    for (const [method, url, payload] of [
      ["PUT", `/api/experiments/${ids.fresh}/1`, { mode: "bandit" }],
      ["POST", `/api/experiments/${ids.fresh}/1/winner`, { variant: 1 }],
      ["DELETE", `/api/experiments/${ids.fresh}/1/winner`, undefined],
    ] as const) {
      const res = await h.call(viewer, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await h.ok(owner, "GET", `/api/experiments/${ids.fresh}/1`)).mode).toBe("even");
    expect((await h.ok(outsider, "GET", "/api/experiments")).total).toBe(0);
    expect((await h.ok(outsider, "GET", `/api/experiments?campaign_id=${ids.seeded}`)).total).toBe(0);
    await expectTenantIsolation(t.app, outsider, [
      { method: "GET", url: `/api/experiments/${ids.seeded}/1` },
      { method: "GET", url: `/api/experiments/${ids.seeded}/1/history` },
      { method: "PUT", url: `/api/experiments/${ids.seeded}/1`, payload: { mode: "bandit" } },
      { method: "POST", url: `/api/experiments/${ids.seeded}/1/winner`, payload: { variant: 1 } },
      { method: "DELETE", url: `/api/experiments/${ids.seeded}/1/winner` },
    ]);
    expect((await h.ok(owner, "GET", `/api/experiments/${ids.seeded}/1`)).mode).toBe("even");
  });
});
