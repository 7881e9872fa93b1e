/**
 * /api/deliverability end to end on a real app: the first view answers from an empty cache and
 * starts a run; the run's progress; checks and rates per domain and inbox; a fixed DMARC turning
 * green on Re-check; the saved DKIM selector; blocklists, trends, headers; permissions; another
 * workspace sees nothing (404).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { expectTenantIsolation } from "../../../test/tenant-isolation.ts";
import { waitFor } from "../../../test/wait.ts";
import { mailMessages } from "../../platform/mailbox.table.ts";
import { campaignEvents, campaignMessages, campaigns } from "../campaigns/index.ts";
import { startDnsServer, type Zone } from "../enrichment/dns.fixtures.ts";
import { inboxes } from "../inboxes/index.ts";

const zone: Zone = {
  "good.test": { txt: ["v=spf1 a:smtp.good.test -all"], mx: [{ preference: 10, exchange: "mx.good.test" }] },
  "_dmarc.good.test": { txt: ["v=DMARC1; p=reject"] },
  "selector1._domainkey.good.test": { txt: ["v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3"] },
  "smtp.good.test": { a: ["127.0.0.2"] },
  "nodmarc.test": { txt: ["v=spf1 mx -all"], mx: [{ preference: 5, exchange: "mx.nodmarc.test" }] },
  "2.0.0.127.bl.test": { a: ["127.0.0.2"] },
  "*.down.test": { timeout: true },
};

let t: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let owner: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let anaId: string;
let messageId: string;

const call = (who: TestUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function finished(runId: string) {
  return waitFor(
    async () => {
      const run = (await call(owner, "GET", `/api/deliverability/refresh/${runId}`)).json();
      return run.status === "done" || run.status === "failed" ? run : null;
    },
    { what: `run ${runId}`, timeoutMs: 20_000 },
  );
}

beforeAll(async () => {
  dns = await startDnsServer(zone);
  t = await createTestApp({ DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: "200", DNSBL_ZONES: "bl.test,down.test", DNSBL_DOMAIN_ZONES: "none" });
  const db = t.app.ctx.db;
  owner = await createUser(db);
  viewer = await addMember(db, owner, "viewer");
  outsider = await createUser(db);
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000 - 60_000);
  const [ana] = await db
    .insert(inboxes)
    .values({
      workspaceId: owner.workspaceId,
      email: "ana@good.test",
      smtp: { host: "smtp.good.test", port: 587, secure: false, username: "ana" },
      dailyLimit: 100,
      warmupEnabled: true,
      warmupStartPerDay: 10,
      warmupIncreasePerDay: 5,
      warmupStartedAt: threeDaysAgo,
    })
    .returning();
  anaId = ana!.id;
  await db.insert(inboxes).values({
    workspaceId: owner.workspaceId,
    email: "bo@nodmarc.test",
    smtp: { host: "127.0.0.9", port: 587, secure: false, username: "bo" },
    imap: { host: "imap.nodmarc.test", port: 993, secure: true, username: "bo" },
  });
  // 100 sends from ana in the window: 3 hard bounces (3 %), 1 complaint (1 %).
  const [c] = await db
    .insert(campaigns)
    .values({
      workspaceId: owner.workspaceId,
      name: "Q4",
      status: "active",
      steps: [],
      schedule: { timezone: "UTC", days: [1], start: "09:00", end: "17:00" },
      inboxIds: [anaId],
      trackOpens: true,
    })
    .returning();
  const sentAt = new Date(Date.now() - 86_400_000);
  const rows = await db
    .insert(campaignMessages)
    .values(
      Array.from({ length: 100 }, (_, i) => ({
        workspaceId: owner.workspaceId,
        campaignId: c!.id,
        step: i,
        inboxId: anaId,
        status: i < 3 ? ("bounced" as const) : ("sent" as const),
        sentAt,
      })),
    )
    .returning();
  await db
    .insert(campaignEvents)
    .values({ workspaceId: owner.workspaceId, campaignId: c!.id, messageId: rows[10]!.id, type: "complaint", occurredAt: sentAt });
  const [m] = await db
    .insert(mailMessages)
    .values({
      workspaceId: owner.workspaceId,
      toAddress: "lead@example.com",
      fromAddress: "ana@good.test",
      subject: "Hello",
      text: "Hi",
      kind: "campaign",
      status: "local",
      messageId: "<x@good.test>",
    })
    .returning();
  messageId = m!.id;
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe("/api/deliverability", () => {
  it("answers at once from the empty cache, starts a run, and shows its checks when it is done", async () => {
    const first = await call(owner, "GET", "/api/deliverability");
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.domains.map((d: { domain: string }) => d.domain)).toEqual(["good.test", "nodmarc.test"]);
    expect(body.domains[0]).toMatchObject({ checks: [], checked_at: null, stale: true });
    expect(body.run).toMatchObject({ status: expect.stringMatching(/queued|running|done/) });
    const run = await finished(body.run.id);
    expect(run).toMatchObject({ status: "done", total: 2, done: 2, error: null });

    const after = (await call(owner, "GET", "/api/deliverability")).json();
    expect(after.run.id).toBe(body.run.id); // fresh cache: no second run
    const good = after.domains[0];
    expect(good.stale).toBe(false);
    expect(good.checks.map((c: { kind: string; status: string }) => `${c.kind}:${c.status}`)).toEqual([
      "spf:pass",
      "dkim:pass",
      "dmarc:pass",
      "mx:pass",
    ]);
    const bad = after.domains[1];
    const dmarc = bad.checks.find((c: { kind: string }) => c.kind === "dmarc");
    expect(dmarc).toMatchObject({
      status: "fail",
      fix: {
        name: "_dmarc.nodmarc.test",
        type: "TXT",
        value: "v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@nodmarc.test; adkim=r; aspf=r; pct=100",
      },
    });
  });

  it("rates each inbox against the thresholds, with warm-up, today's volume and campaigns", async () => {
    const body = (await call(owner, "GET", "/api/deliverability")).json();
    expect(body.thresholds).toEqual({
      window_days: 30,
      min_sends: 20,
      complaint_max: 0.003,
      complaint_target: 0.001,
      bounce_max: 0.02,
      bounce_pause: 0.05,
    });
    expect(body.inbox_total).toBe(2);
    const ana = body.inboxes.find((i: { email: string }) => i.email === "ana@good.test");
    expect(ana.sent).toBe(100);
    expect(ana.bounces).toMatchObject({ count: 3, rate: 0.03, status: "warn" });
    expect(ana.complaints).toMatchObject({ count: 1, rate: 0.01, status: "fail" });
    expect(ana.warmup).toMatchObject({ enabled: true, day: 3, today_limit: 25, daily_limit: 100, days_to_full: 15 });
    expect(ana.campaigns).toEqual({ total: 1, tracking: 1 });
    const bo = body.inboxes.find((i: { email: string }) => i.email === "bo@nodmarc.test");
    expect(bo.bounces.status).toBe("unknown");
    expect(bo.bounces.summary).toContain("too few");
    // The test app's address is http://localhost: recipients cannot reach the one-click link.
    expect(body.one_click).toMatchObject({ status: "fail", headers_added: true });
    const paged = (await call(owner, "GET", "/api/deliverability?page=2&per_page=1")).json();
    expect(paged.inboxes.map((i: { email: string }) => i.email)).toEqual(["bo@nodmarc.test"]);
  });

  it("turns DMARC green on Re-check once the record is published", async () => {
    zone["_dmarc.nodmarc.test"] = { txt: ["v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@nodmarc.test; adkim=r; aspf=r; pct=100"] };
    const start = await call(owner, "POST", "/api/deliverability/refresh", { domain: "nodmarc.test" });
    expect(start.statusCode, start.body).toBe(202);
    expect((await finished(start.json().id)).total).toBe(1);
    const body = (await call(owner, "GET", "/api/deliverability")).json();
    expect(body.domains[1].checks.find((c: { kind: string }) => c.kind === "dmarc")).toMatchObject({ status: "pass", fix: null });
    expect((await call(owner, "POST", "/api/deliverability/refresh", { domain: "elsewhere.test" })).json().code).toBe(
      "DELIVERABILITY_DOMAIN_NOT_FOUND",
    );
    expect((await call(owner, "POST", "/api/deliverability/refresh", { domain: "not a domain" })).statusCode).toBe(422);
  });

  it("uses a saved DKIM selector", async () => {
    zone["pm._domainkey.nodmarc.test"] = { txt: ["v=DKIM1; p=MIIBIjAN"] };
    const bad = await call(owner, "PUT", "/api/deliverability/domains/nodmarc.test/dkim-selector", { selector: "no spaces" });
    expect(bad.statusCode).toBe(422);
    const res = await call(owner, "PUT", "/api/deliverability/domains/nodmarc.test/dkim-selector", { selector: "PM" });
    expect(res.statusCode, res.body).toBe(202);
    await finished(res.json().id);
    const body = (await call(owner, "GET", "/api/deliverability")).json();
    expect(body.domains[1]).toMatchObject({ dkim_selector: "pm" });
    expect(body.domains[1].checks.find((c: { kind: string }) => c.kind === "dkim")).toMatchObject({ status: "pass" });
  });

  it("lists blocklist answers per zone: listed, and unknown when the zone is down", async () => {
    const body = (await call(owner, "GET", "/api/deliverability/blocklists")).json();
    expect(body.ip_zones).toEqual(["bl.test", "down.test"]);
    expect(body.domain_zones).toEqual([]);
    const good = body.domains.find((d: { domain: string }) => d.domain === "good.test");
    expect(good.hosts).toEqual([{ host: "smtp.good.test", ips: [] }]);
    expect(Object.fromEntries(good.checks.map((c: { kind: string; status: string }) => [c.kind, c.status]))).toEqual({
      "blocklist:bl.test": "fail",
      "blocklist:down.test": "unknown",
    });
  });

  it("keeps daily history for the trends", async () => {
    const body = (await call(owner, "GET", "/api/deliverability/trends?days=7&domain=good.test")).json();
    expect(body.domains).toEqual(["good.test"]);
    expect(body.series).toHaveLength(7);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(body.series.find((d: { date: string }) => d.date === yesterday)).toMatchObject({
      sent: 100,
      bounces: 3,
      complaints: 1,
      bounce_rate: 0.03,
    });
    const today = body.series.at(-1);
    expect(today.checks).toMatchObject({ spf: "pass", dmarc: "pass", "blocklist:bl.test": "fail" });
    expect((await call(owner, "GET", "/api/deliverability/trends?days=3")).statusCode).toBe(422);
  });

  it("reads pasted headers and a stored message's headers", async () => {
    const raw = [
      "Authentication-Results: mx.google.com;",
      "       dkim=pass header.i=@good.test header.s=selector1 header.b=abc;",
      "       spf=softfail (google.com: domain of transitioning ana@bounce.other.test does not designate 127.0.0.2 as permitted sender) smtp.mailfrom=ana@bounce.other.test;",
      "       dmarc=pass (p=REJECT sp=REJECT dis=NONE) header.from=good.test",
      "From: Ana <ana@good.test>",
      "Subject: test",
      "",
      "body",
    ].join("\r\n");
    const res = await call(owner, "POST", "/api/deliverability/headers", { raw });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.from_domain).toBe("good.test");
    expect(a.results.map((r: { method: string; status: string }) => `${r.method}:${r.status}`)).toEqual([
      "dkim:pass",
      "spf:warn",
      "dmarc:pass",
    ]);
    expect(a.results[1].meaning).toContain("asks for leniency");
    expect(a.alignment).toMatchObject({
      spf_domain: "bounce.other.test",
      dkim_domains: ["good.test"],
      spf_aligned: false,
      dkim_aligned: true,
    });
    expect(a.verdict.status).toBe("pass");
    const bad = await call(owner, "POST", "/api/deliverability/headers", { raw: "just some words\nno headers here" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe("DELIVERABILITY_HEADERS_INVALID");

    const list = (await call(owner, "GET", "/api/deliverability/messages")).json();
    expect(list).toMatchObject({ total: 1, items: [{ id: messageId, subject: "Hello" }] });
    const stored = (await call(owner, "GET", `/api/deliverability/messages/${messageId}/headers`)).json();
    expect(stored.verdict.status).toBe("unknown");
    expect(stored.notes[0]).toContain("never left this server");
  });

  it("lets a viewer read but not re-check", async () => {
    expect((await call(viewer, "GET", "/api/deliverability")).statusCode).toBe(200);
    expect((await call(viewer, "POST", "/api/deliverability/refresh", {})).statusCode).toBe(403);
  });

  it("shows another workspace nothing of this one", async () => {
    const run = (await call(owner, "POST", "/api/deliverability/refresh", {})).json();
    await expectTenantIsolation(t.app, outsider, [
      { method: "GET", url: `/api/deliverability/refresh/${run.id}` },
      { method: "GET", url: `/api/deliverability/messages/${messageId}/headers` },
      { method: "PUT", url: "/api/deliverability/domains/good.test/dkim-selector", payload: { selector: "s1" } },
      { method: "POST", url: "/api/deliverability/refresh", payload: { domain: "good.test" } },
    ]);
    const theirs = (await call(outsider, "GET", "/api/deliverability")).json();
    expect(theirs).toMatchObject({ domains: [], inboxes: [], inbox_total: 0, run: null });
    expect((await call(outsider, "GET", "/api/deliverability/messages")).json().total).toBe(0);
    expect((await call(outsider, "GET", "/api/deliverability/blocklists")).json().domains).toEqual([]);
    await finished(run.id);
  });
});
