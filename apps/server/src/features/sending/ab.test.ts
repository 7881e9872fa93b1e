/**
 * A/B tests: the two-proportion z-test on known numbers, the deterministic and even split of
 * leads over variants, and the results and list routes over real sends and recorded events.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { expectTenantIsolation } from "../../../test/tenant-isolation.ts";
import { campaignEvents, campaignMessages } from "../campaigns/campaigns.table.ts";
import { normalCdf, twoProportionZTest } from "./ab.stats.ts";
import { runSendingPass, variantFor } from "./sending.service.ts";
import { type SmtpSink, sendingHelpers, startSmtpSink, tomorrowAt } from "./sending.test-helpers.ts";

describe("two-proportion z-test", () => {
  it("matches hand-computed values", () => {
    // A: 20/200 (10%), B: 40/200 (20%): pooled 0.15, se 0.035707, z 2.8006, p 0.0051.
    const r = twoProportionZTest(20, 200, 40, 200);
    expect(r.z).toBeCloseTo(2.8006, 3);
    expect(r.p_value).toBeCloseTo(0.0051, 4);
    expect(r.significant).toBe(true);
    // A: 50/500, B: 60/500: z 1.0106, p 0.3122, not significant.
    const s = twoProportionZTest(50, 500, 60, 500);
    expect(s.z).toBeCloseTo(1.0106, 3);
    expect(s.p_value).toBeCloseTo(0.3122, 3);
    expect(s.significant).toBe(false);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
  });

  it("has no verdict without data or variance", () => {
    expect(twoProportionZTest(0, 0, 1, 10)).toEqual({ z: null, p_value: null, significant: false });
    expect(twoProportionZTest(0, 10, 0, 10)).toEqual({ z: null, p_value: null, significant: false });
  });
});

describe("variant split", () => {
  it("is deterministic per lead and step and close to even", () => {
    const ids = Array.from({ length: 3000 }, (_, i) => `0193a0c4-0000-7000-8000-${String(i).padStart(12, "0")}`);
    const counts = [0, 0, 0];
    for (const id of ids) {
      const v = variantFor(id, 0, 3);
      expect(variantFor(id, 0, 3)).toBe(v);
      counts[v] = (counts[v] as number) + 1;
    }
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(100);
    expect(variantFor(ids[0] as string, 0, 1)).toBe(0);
  });
});

describe("A/B routes", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: TestUser;
  let outsider: TestUser;
  const h = sendingHelpers(() => t);

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ JOBS: "off", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
    owner = await createUser(t.database.db);
    outsider = await createUser(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it("splits the sends over A and B with each variant's subject and reports per-variant rates", async () => {
    const inbox = await h.inbox(owner, sink.port, { daily_limit: 1000 });
    const leads = await h.leads(owner, 40);
    const c = await h.launched(owner, {
      inboxIds: [inbox.id],
      leadIds: leads.map((l) => l.id),
      body: {
        name: "Subject test",
        steps: [{ delay_days: 0, subject: "Version A", body: "Body {{unsubscribe_url}}", variants: [{ subject: "Version B", body: "" }] }],
        subject_line: "Version A",
      },
    });
    expect((await runSendingPass(h.engine(), c.id, tomorrowAt(12))).sent).toBe(40);
    await sink.waitFor(40);
    const rows = await t.database.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, c.id));
    for (const r of rows) {
      expect(r.variant).toBe(variantFor(r.leadId as string, 0, 2));
      expect(r.subject).toBe(r.variant === 0 ? "Version A" : "Version B");
    }
    const inB = rows.filter((r) => r.variant === 1);
    expect(inB.length).toBeGreaterThan(8);
    expect(inB.length).toBeLessThan(32);
    // Every B lead replies, no A lead does.
    await t.database.db.insert(campaignEvents).values(
      inB.map((r) => ({
        workspaceId: owner.workspaceId,
        campaignId: c.id,
        leadId: r.leadId,
        messageId: r.id,
        type: "reply" as const,
        step: 0,
        variant: 1,
      })),
    );
    const res = await h.ok(owner, "GET", `/api/campaigns/${c.id}/ab-results`);
    expect(res.steps).toHaveLength(1);
    const [a, b] = res.steps[0].variants;
    expect(a).toMatchObject({ label: "A", subject: "Version A", sent: 40 - inB.length, replied: 0, reply_rate: 0 });
    expect(b).toMatchObject({ label: "B", subject: "Version B", sent: inB.length, replied: inB.length, reply_rate: 100 });
    expect(b.reply_test.significant).toBe(true);
    expect(b.reply_test.p_value).toBeLessThan(0.001);
    expect(res.steps[0].winner).toBe(1);

    const list = await h.ok(owner, "GET", "/api/ab-tests");
    expect(list.tests).toEqual([
      expect.objectContaining({ campaign_id: c.id, name: "Subject test", steps: [1], variants: 2, sent: 40, has_winner: true }),
    ]);
    expect((await h.ok(outsider, "GET", "/api/ab-tests")).total).toBe(0);
    await expectTenantIsolation(t.app, outsider, [
      { method: "GET", url: `/api/campaigns/${c.id}/ab-results` },
      { method: "GET", url: `/api/campaigns/${c.id}/queue` },
    ]);
  });
});
