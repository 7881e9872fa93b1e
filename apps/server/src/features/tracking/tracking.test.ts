/**
 * Tracking and unsubscribe over HTTP, with the links a real sent email carries: opens and clicks
 * recorded and pushed, forged or altered signatures refused (no open redirect), privacy proxies and
 * scanners flagged as bots and counted apart; the unsubscribe page, its button and RFC 8058
 * one-click POST.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { campaignEvents, campaignLeads, campaignMessages } from "../campaigns/campaigns.table.ts";
import { runSendingPass } from "../sending/sending.service.ts";
import { type SmtpSink, sendingHelpers, startSmtpSink, tomorrowAt } from "../sending/sending.test-helpers.ts";
import { classifyRequest } from "./tracking.bots.ts";

let t: TestApp;
let sink: SmtpSink;
let owner: TestUser;
const h = sendingHelpers(() => t);
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

let campaignId: string;
let leadId: string;
let html: string;
let listUnsubscribe: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ JOBS: "off", TRACKING_BASE_URL: "http://localhost", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
  owner = await createUser(t.database.db);
  const inbox = await h.inbox(owner, sink.port);
  const [lead] = await h.leads(owner, 1);
  leadId = lead!.id;
  const c = await h.launched(owner, { inboxIds: [inbox.id], leadIds: [leadId] });
  campaignId = c.id;
  await runSendingPass(h.engine(), c.id, tomorrowAt(12));
  await sink.waitFor(1);
  const mail = sink.received[0]!.mail;
  html = String(mail.html);
  listUnsubscribe = mail.headerLines.find((l) => l.key === "list-unsubscribe")!.line;
  // Delivered an hour ago: requests now are not "within seconds of delivery".
  await t.database.db
    .update(campaignMessages)
    .set({ sentAt: new Date(Date.now() - 3_600_000) })
    .where(eq(campaignMessages.campaignId, campaignId));
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const path = (url: string) => url.replace("http://localhost", "").replaceAll("&amp;", "&");
const pixel = () => path(/<img src="([^"]+)"/.exec(html)![1]!);
const click = () => path(/href="(http:\/\/localhost\/t\/c\/[^"]+)"/.exec(html)![1]!);
const events = () => t.database.db.select().from(campaignEvents).where(eq(campaignEvents.campaignId, campaignId));

describe("open pixel", () => {
  it("serves a GIF and records a human open", async () => {
    const res = await t.app.inject({ method: "GET", url: pixel(), headers: { "user-agent": BROWSER }, remoteAddress: "203.0.113.9" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/gif");
    expect(res.headers["cache-control"]).toContain("no-store");
    const opens = (await events()).filter((e) => e.type === "open");
    expect(opens).toHaveLength(1);
    expect(opens[0]).toMatchObject({ isBot: false, leadId, step: 0 });
  });

  it("flags Apple Mail Privacy Protection and Google's image proxy as bots, counted apart", async () => {
    await t.app.inject({ method: "GET", url: pixel(), headers: { "user-agent": "Mozilla/5.0" }, remoteAddress: "17.58.101.4" });
    await t.app.inject({
      method: "GET",
      url: pixel(),
      headers: { "user-agent": "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)" },
      remoteAddress: "66.249.84.1",
    });
    const opens = (await events()).filter((e) => e.type === "open");
    expect(opens.filter((o) => o.isBot).map((o) => o.detail?.bot_reason)).toEqual(["privacy_proxy", "privacy_proxy"]);
    const metrics = await h.ok(owner, "GET", `/api/campaigns/${campaignId}/metrics/refresh`.replace("/refresh", ""));
    expect(metrics.opens).toBe(1);
    expect(metrics.bot_opens).toBe(2);
  });

  it("still serves the pixel for a forged signature but records nothing", async () => {
    const before = (await events()).length;
    const forged = pixel().replace(/\/([\w-]+)\.gif$/, "/AAAAAAAAAAAAAAAAAAAAAA.gif");
    const res = await t.app.inject({ method: "GET", url: forged, headers: { "user-agent": BROWSER } });
    expect(res.statusCode).toBe(200);
    expect((await events()).length).toBe(before);
  });
});

describe("click redirect", () => {
  it("redirects to the link that was in the email and records the click", async () => {
    const res = await t.app.inject({ method: "GET", url: click(), headers: { "user-agent": BROWSER }, remoteAddress: "203.0.113.9" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("https://example.com/pricing?a=1&b=2");
    const clicks = (await events()).filter((e) => e.type === "click");
    expect(clicks.at(-1)).toMatchObject({ isBot: false, url: "https://example.com/pricing?a=1&b=2" });
  });

  it("refuses any other destination: no open redirect", async () => {
    const original = click();
    const evil = original.replace(/\?u=.*$/, `?u=${encodeURIComponent("https://evil.example/phish")}`);
    const res = await t.app.inject({ method: "GET", url: evil, headers: { "user-agent": BROWSER } });
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toMatchObject({ code: "TRACKING_LINK_INVALID" });
    // The right URL signed for another message id is refused too.
    const otherId = original.replace(/\/t\/c\/[0-9a-f-]{36}\//, "/t/c/0193a0c4-0000-7000-8000-000000000001/");
    expect((await t.app.inject({ method: "GET", url: otherId })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: original.replace(/\?u=.*$/, "?u=javascript%3Aalert(1)") })).statusCode).toBe(404);
  });

  it("flags scanner clicks: HEAD requests and security-gateway user agents", async () => {
    await t.app.inject({ method: "HEAD", url: click(), headers: { "user-agent": BROWSER } });
    await t.app.inject({ method: "GET", url: click(), headers: { "user-agent": "Mozilla/5.0 (compatible; Barracuda Sentinel)" } });
    const bots = (await events()).filter((e) => e.type === "click" && e.isBot);
    expect(bots.map((b) => b.detail?.bot_reason).sort()).toEqual(["head_request", "scanner"]);
  });

  it("flags a request within seconds of delivery as a scanner", () => {
    const sentAt = new Date();
    const v = classifyRequest({ method: "GET", ip: "203.0.113.9", userAgent: BROWSER, sentAt, now: new Date(sentAt.getTime() + 3000) });
    expect(v).toEqual({ isBot: true, reason: "too_fast" });
    expect(
      classifyRequest({ method: "GET", ip: "203.0.113.9", userAgent: BROWSER, sentAt, now: new Date(sentAt.getTime() + 60_000) }).isBot,
    ).toBe(false);
  });
});

describe("unsubscribe", () => {
  const token = () => /\/u\/([^>]+)>/.exec(listUnsubscribe)![1]!;

  it("shows a confirmation page on GET without unsubscribing (link scanners follow GETs)", async () => {
    const res = await t.app.inject({ method: "GET", url: `/u/${token()}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<form method="post"');
    expect((await h.ok(owner, "GET", "/api/suppression")).total).toBe(0);
  });

  it("refuses a forged token", async () => {
    const forged = token().replace(/\.[\w-]+$/, ".AAAAAAAAAAAAAAAAAAAAAA");
    expect((await t.app.inject({ method: "GET", url: `/u/${forged}` })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/u/${forged}`,
          payload: "List-Unsubscribe=One-Click",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("unsubscribes on the RFC 8058 one-click POST: suppressed, lead out of the sequence, one event", async () => {
    const post = () =>
      t.app.inject({
        method: "POST",
        url: `/u/${token()}`,
        payload: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    const res = await post();
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("Unsubscribed");
    await post();
    const list = await h.ok(owner, "GET", "/api/suppression");
    expect(list.entries).toHaveLength(1);
    expect(list.entries[0]).toMatchObject({ reason: "unsubscribed", campaign_id: campaignId });
    const [member] = await t.database.db.select().from(campaignLeads).where(eq(campaignLeads.campaignId, campaignId));
    expect(member?.state).toBe("unsubscribed");
    expect((await events()).filter((e) => e.type === "unsubscribe")).toHaveLength(1);
    expect((await t.app.inject({ method: "GET", url: `/u/${token()}` })).body).toContain("You are unsubscribed");
  });

  it("lets a person take an address off the list again", async () => {
    const email = (await h.ok(owner, "GET", "/api/suppression")).entries[0].email;
    expect((await h.call(owner, "DELETE", `/api/suppression/${encodeURIComponent(email)}`)).statusCode).toBe(204);
    expect((await h.call(owner, "DELETE", `/api/suppression/${encodeURIComponent(email)}`)).statusCode).toBe(404);
  });
});
