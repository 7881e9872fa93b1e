/**
 * Provider intelligence against a local DNS server: well-known domains without DNS, Google and
 * Microsoft MX records, a self-hosted MX, no MX, a domain that does not exist and a DNS server
 * that never answers; the lookup job with progress; per-provider figures; tenancy.
 */
import dgram from "node:dgram";
import type { AddressInfo } from "node:net";
import type { MxLookupJob, ProviderDomainPage, ProviderInsights } from "@prospector/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { helpers } from "../campaigns/campaigns.test-helpers.ts";
import { startDnsServer } from "../enrichment/dns.fixtures.ts";
import { createMxResolver, lookupDomain, providerFromMx } from "./send-insights.providers.ts";
import { seedSends } from "./send-insights.test-helpers.ts";

const URL = "/api/send-insights/providers";

describe("provider classification", () => {
  it("names the provider from the most preferred MX host that says who it is", () => {
    expect(providerFromMx(["aspmx.l.google.com", "alt1.aspmx.l.google.com"])).toBe("gmail");
    expect(providerFromMx(["contoso-com.mail.protection.outlook.com."])).toBe("microsoft");
    expect(providerFromMx(["mta7.am0.yahoodns.net"])).toBe("yahoo");
    expect(providerFromMx(["mx01.mail.icloud.com"])).toBe("icloud");
    expect(providerFromMx(["mail.protonmail.ch"])).toBe("proton");
    expect(providerFromMx(["mx.zoho.eu"])).toBe("zoho");
    expect(providerFromMx(["mxa-001.pphosted.com"])).toBe("other");
    expect(providerFromMx(["mail.acme.example"])).toBe("corporate");
    // A look-alike is not Google.
    expect(providerFromMx(["mx.notgoogle.com"])).toBe("corporate");
  });
});

describe("provider intelligence", () => {
  let t: TestApp;
  const h = helpers(() => t);
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  let silent: dgram.Socket;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    dns = await startDnsServer({
      "acme.test": {
        mx: [
          { preference: 10, exchange: "aspmx.l.google.com" },
          { preference: 20, exchange: "alt1.aspmx.l.google.com" },
        ],
      },
      "contoso.test": { mx: [{ preference: 0, exchange: "contoso-test.mail.protection.outlook.com" }] },
      "selfhosted.test": { mx: [{ preference: 5, exchange: "mail.selfhosted.test" }] },
      "nomx.test": { a: ["192.0.2.1"] },
    });
    // A DNS server that never answers: lookups through it time out.
    silent = dgram.createSocket("udp4");
    await new Promise<void>((r) => silent.bind(0, "127.0.0.1", r));
    const slow = createMxResolver(`127.0.0.1:${(silent.address() as AddressInfo).port}`, { timeoutMs: 200, tries: 1 });
    const fixture = createMxResolver(dns.server);
    t = await createTestApp();
    t.app.ctx.mxResolver = { resolveMx: (d) => (d === "slow.test" ? slow.resolveMx(d) : fixture.resolveMx(d)) };
    owner = await createUser(t.app.ctx.db);
    viewer = await addMember(t.app.ctx.db, owner, "viewer");
    stranger = await createUser(t.app.ctx.db);
    const email = (e: string) => h.lead(owner, { email: e }).then((l) => l.id as string);
    const ids = {
      gmail: await email("ana@gmail.com"),
      acme1: await email("bo@acme.test"),
      acme2: await email("cy@acme.test"),
      contoso: await email("di@contoso.test"),
      self: await email("ed@selfhosted.test"),
      nomx: await email("fa@nomx.test"),
      gone: await email("gu@gone.test"),
      slow: await email("ha@slow.test"),
    };
    const c = await h.campaign(owner);
    const at = new Date(Date.now() - 3 * 86_400_000);
    await seedSends(t, owner, c.id, [
      { leadId: ids.gmail, at, events: [{ type: "open" }, { type: "reply" }] },
      { leadId: ids.gmail, at, events: [{ type: "open", bot: true }] },
      { leadId: ids.acme1, at, events: [{ type: "open" }, { type: "click" }] },
      { leadId: ids.acme2, at, status: "bounced", events: [{ type: "bounce" }] },
      { leadId: ids.contoso, at, events: [{ type: "click", bot: true }] },
      { leadId: ids.contoso, at },
      { leadId: ids.slow, at, events: [{ type: "reply" }] },
      { leadId: ids.gmail, at, status: "queued" },
    ]);
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
    silent.close();
  });

  const refresh = async (user: TestUser, force = false): Promise<MxLookupJob> => {
    const res = await h.call(user, "POST", `${URL}/refresh`, { force });
    expect([200, 202], res.body).toContain(res.statusCode);
    const job = res.json() as MxLookupJob;
    return waitFor(
      async () => {
        const j: MxLookupJob = await h.ok(user, "GET", `${URL}/lookup-jobs/${job.id}`);
        return j.status === "completed" || j.status === "failed" ? j : null;
      },
      { what: "the lookup job to finish" },
    );
  };

  it("classifies well-known domains without DNS and leaves the rest pending until a lookup", async () => {
    const r: ProviderInsights = await h.ok(owner, "GET", URL);
    expect(r.lookups).toMatchObject({ domains: 7, classified: 1, pending: 6, unresolved: 0, last_checked_at: null });
    const gmail = r.providers.find((p) => p.provider === "gmail")!;
    expect(gmail).toMatchObject({ leads: 1, sent: 2, delivered: 2, opened: 1, replied: 1, open_rate: 0.5, reply_rate: 0.5 });
    expect(r.providers.find((p) => p.provider === "unknown")).toMatchObject({ leads: 7, sent: 5 });
    expect(await h.ok(owner, "GET", `${URL}/lookup-jobs/latest`)).toBeNull();
  });

  it("looks the domains up in a job and shows per-provider sends, opens, clicks, replies and bounces", async () => {
    const job = await refresh(owner);
    expect(job).toMatchObject({ status: "completed", total: 7, processed: 7, classified: 4, unresolved: 3, progress: 100 });
    expect(dns.queries.some((q) => q.name === "gmail.com")).toBe(false);

    const r: ProviderInsights = await h.ok(owner, "GET", URL);
    const by = Object.fromEntries(r.providers.map((p) => [p.provider, p]));
    expect(by.gmail).toMatchObject({ label: "Gmail / Google Workspace", leads: 3, domains: 2, sent: 4, bounced: 1, delivered: 3 });
    expect(by.gmail).toMatchObject({ opened: 2, clicked: 1, replied: 1, bounce_rate: 0.25 });
    expect(by.gmail!.open_rate).toBeCloseTo(2 / 3, 4);
    // The scanner's click is not a person's.
    expect(by.microsoft).toMatchObject({ leads: 1, sent: 2, delivered: 2, opened: 0, clicked: 0, replied: 0 });
    expect(by.corporate).toMatchObject({ leads: 1, sent: 0 });
    expect(by.unknown).toMatchObject({ leads: 3, domains: 3, sent: 1, replied: 1 });
    expect(r.totals).toMatchObject({ sent: 7, bounced: 1, delivered: 6, opened: 2, clicked: 1, replied: 2 });
    expect(r.lookups).toMatchObject({ domains: 7, classified: 4, pending: 0, unresolved: 3 });
    expect(r.lookups.last_checked_at).not.toBeNull();
  });

  it("lists the domains with their MX hosts, and says why a provider is unknown", async () => {
    const unknown: ProviderDomainPage = await h.ok(owner, "GET", `${URL}/domains?provider=unknown`);
    expect(unknown.total).toBe(3);
    const by = Object.fromEntries(unknown.items.map((d) => [d.domain, d]));
    expect(by["nomx.test"]).toMatchObject({ status: "no_mx", error: "nomx.test has no MX record" });
    expect(by["gone.test"]).toMatchObject({ status: "no_domain", error: "gone.test does not exist in DNS" });
    expect(by["slow.test"]!.status).toBe("error");
    expect(by["slow.test"]!.error).toContain("timeout");

    const all: ProviderDomainPage = await h.ok(owner, "GET", `${URL}/domains?per_page=2`);
    expect(all.total).toBe(7);
    expect(all.items.map((d) => d.domain)).toEqual(["acme.test", "contoso.test"]);
    expect(all.items[0]).toMatchObject({
      provider: "gmail",
      status: "mx",
      leads: 2,
      mx_hosts: ["aspmx.l.google.com", "alt1.aspmx.l.google.com"],
    });
    const page2: ProviderDomainPage = await h.ok(owner, "GET", `${URL}/domains?per_page=2&page=2`);
    expect(page2.items.map((d) => d.domain)).toEqual(["gmail.com", "gone.test"]);
    const search: ProviderDomainPage = await h.ok(owner, "GET", `${URL}/domains?q=SELF`);
    expect(search.items).toEqual([expect.objectContaining({ domain: "selfhosted.test", provider: "corporate" })]);
    expect((await h.call(owner, "GET", `${URL}/domains?provider=hotmail`)).statusCode).toBe(422);
  });

  it("skips fresh lookups unless forced, and a real timeout is unknown with the reason", async () => {
    const again = await refresh(owner);
    expect(again).toMatchObject({ status: "completed", total: 0 });
    const forced = await refresh(owner, true);
    expect(forced.total).toBe(7);
    const direct = await lookupDomain(createMxResolver(dns.server), "contoso.test");
    expect(direct).toEqual({
      provider: "microsoft",
      status: "mx",
      mxHosts: ["contoso-test.mail.protection.outlook.com"],
      error: null,
    });
    expect(await lookupDomain(t.app.ctx.mxResolver, "slow.test")).toMatchObject({ provider: "unknown", status: "error" });
  });

  it("lets a viewer read but not start lookups; another workspace sees nothing of this one", async () => {
    expect((await h.call(viewer, "GET", URL)).statusCode).toBe(200);
    expect((await h.call(viewer, "POST", `${URL}/refresh`, {})).statusCode).toBe(403);
    const latest: MxLookupJob = await h.ok(owner, "GET", `${URL}/lookup-jobs/latest`);
    const theirs: ProviderInsights = await h.ok(stranger, "GET", URL);
    expect(theirs.providers).toEqual([]);
    expect(theirs.lookups.domains).toBe(0);
    expect(((await h.ok(stranger, "GET", `${URL}/domains`)) as ProviderDomainPage).total).toBe(0);
    expect(await h.ok(stranger, "GET", `${URL}/lookup-jobs/latest`)).toBeNull();
    const res = await h.call(stranger, "GET", `${URL}/lookup-jobs/${latest.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("MX_LOOKUP_JOB_NOT_FOUND");
  });
});
