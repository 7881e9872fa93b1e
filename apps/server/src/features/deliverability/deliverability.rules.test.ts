/**
 * The checks against a local DNS server: records present, missing, malformed, timeouts, SERVFAIL,
 * two SPF records, too many SPF lookups, p=none, no MX, a blocklist zone that lists 127.0.0.2 and
 * one that is down. Doubt is never a pass.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type Zone } from "../enrichment/dns.fixtures.ts";
import { createDeliverabilityDns, type DeliverabilityDns } from "./deliverability.dns.ts";
import { checkBlocklists, checkDkim, checkDmarc, checkMx, checkSpf, sendingAddresses, spfMechanismFor } from "./deliverability.rules.ts";

const zone: Zone = {
  "good.test": {
    txt: ["v=spf1 include:_spf.good.test ~all", "google-site-verification=abc"],
    mx: [{ preference: 10, exchange: "mx.good.test" }],
  },
  "_spf.good.test": { txt: ["v=spf1 ip4:192.0.2.1 -all"] },
  "_dmarc.good.test": { txt: ["v=DMARC1; p=reject; rua=mailto:d@good.test"] },
  "selector1._domainkey.good.test": { txt: ["v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC"] },
  "smtp.good.test": { a: ["127.0.0.2"] },
  "twospf.test": { txt: ["v=spf1 a -all", "v=spf1 mx ~all"] },
  "_dmarc.twospf.test": { txt: ["v=DMARC1; p=none; rua=mailto:r@twospf.test"] },
  "nomx.test": { a: ["192.0.2.10"], txt: ["v=spf1 +all"] },
  "slow.test": { timeout: true },
  "garbage.test": { garbage: true },
  "servfail.test": { servfail: true },
  "many.test": { txt: [`v=spf1 ${Array.from({ length: 11 }, (_, i) => `include:i${i}.many.test`).join(" ")} -all`] },
  "custom.test": { txt: ["v=spf1 mx -all"] },
  "mysel._domainkey.custom.test": { txt: ["v=DKIM1; p=MIIBIjANBgkq"] },
  "s1._domainkey.revoked.test": { txt: ["v=DKIM1; p="] },
  "revoked.test": { txt: ["v=spf1 -all"] },
  "2.0.0.127.bl.test": { a: ["127.0.0.2"] },
  "*.down.test": { timeout: true },
  "*.refuse.test": { a: ["127.255.255.254"] },
};
for (let i = 0; i < 11; i++) zone[`i${i}.many.test`] = { txt: ["v=spf1 a -all"] };

let dns: Awaited<ReturnType<typeof startDnsServer>>;
let d: DeliverabilityDns;

beforeAll(async () => {
  dns = await startDnsServer(zone);
  d = createDeliverabilityDns({ DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: 200 });
});
afterAll(() => dns?.close());

describe("SPF", () => {
  it("passes one record within the lookup limit, counting includes", async () => {
    const a = await checkSpf(d, "good.test", "smtp.good.test");
    expect(a).toMatchObject({ kind: "spf", status: "pass", found: "v=spf1 include:_spf.good.test ~all", fix: null });
    expect(a.summary).toContain("1 DNS lookup of 10");
  });
  it("fails two SPF records (permerror) and offers them merged into one", async () => {
    const a = await checkSpf(d, "twospf.test", null);
    expect(a.status).toBe("fail");
    expect(a.summary).toContain("permerror");
    expect(a.fix).toEqual({ name: "twospf.test", type: "TXT", value: "v=spf1 a mx -all" });
  });
  it("warns when the record needs more than 10 lookups", async () => {
    const a = await checkSpf(d, "many.test", null);
    expect(a.status).toBe("warn");
    expect(a.summary).toMatch(/needs 2\d DNS lookups|needs 1[1-9] DNS lookups/);
  });
  it("fails a missing record with the record to publish for the inbox's provider, and +all", async () => {
    const missing = await checkSpf(d, "slow-not-there.test", "smtp.gmail.com");
    expect(missing.status).toBe("fail");
    expect(missing.fix).toBeNull(); // the domain does not exist: no record would help
    const none = await checkSpf(d, "smtp.good.test", "smtp.gmail.com");
    expect(none).toMatchObject({
      status: "fail",
      fix: { name: "smtp.good.test", type: "TXT", value: "v=spf1 include:_spf.google.com ~all" },
    });
    const plusAll = await checkSpf(d, "nomx.test", null);
    expect(plusAll.status).toBe("fail");
    expect(plusAll.fix?.value).toBe("v=spf1 ~all");
    expect(spfMechanismFor("smtp.office365.com")).toBe("include:spf.protection.outlook.com");
    expect(spfMechanismFor("mail.example.org")).toBe("a:mail.example.org");
  });
  it("says unknown, with the reason, when DNS times out, fails or answers garbage", async () => {
    const slow = await checkSpf(d, "slow.test", null);
    expect(slow).toMatchObject({ status: "unknown", fix: null });
    expect(slow.summary).toContain("did not answer in time");
    const garbage = await checkSpf(d, "garbage.test", null);
    expect(garbage.status).toBe("unknown");
    expect(garbage.summary).toMatch(/not a valid DNS reply|did not answer/);
    const servfail = await checkSpf(d, "servfail.test", null);
    expect(servfail).toMatchObject({ status: "unknown" });
    expect(servfail.summary).toContain("SERVFAIL");
  });
});

describe("DMARC", () => {
  it("passes p=reject, warns p=none with advice, fails a missing record with the exact record to add", async () => {
    expect(await checkDmarc(d, "good.test")).toMatchObject({ status: "pass", found: "v=DMARC1; p=reject; rua=mailto:d@good.test" });
    const none = await checkDmarc(d, "twospf.test");
    expect(none.status).toBe("warn");
    expect(none.summary).toContain("p=quarantine");
    expect(none.fix?.value).toBe("v=DMARC1; p=quarantine; rua=mailto:r@twospf.test");
    const missing = await checkDmarc(d, "custom.test");
    expect(missing).toMatchObject({
      status: "fail",
      fix: {
        name: "_dmarc.custom.test",
        type: "TXT",
        value: "v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@custom.test; adkim=r; aspf=r; pct=100",
      },
    });
  });
  it("is unknown when the _dmarc name times out", async () => {
    zone["_dmarc.slow.test"] = { timeout: true };
    expect((await checkDmarc(d, "slow.test")).status).toBe("unknown");
  });
});

describe("DKIM", () => {
  it("finds a key at a common selector, or at the selector the user saved", async () => {
    expect(await checkDkim(d, "good.test", null)).toMatchObject({ status: "pass", summary: expect.stringContaining("selector1") });
    const without = await checkDkim(d, "custom.test", null);
    expect(without.status).toBe("fail");
    expect(without.summary).toContain("default, google, selector1, selector2, k1, s1, mail, dkim");
    expect(await checkDkim(d, "custom.test", "mysel")).toMatchObject({ status: "pass", summary: expect.stringContaining("mysel") });
  });
  it("fails a revoked (empty) key and is unknown when every selector times out", async () => {
    expect((await checkDkim(d, "revoked.test", null)).summary).toContain("revoked");
    zone["*.slow.test"] = { timeout: true };
    expect((await checkDkim(d, "slow.test", null)).status).toBe("unknown");
  });
});

describe("MX", () => {
  it("passes mail servers, fails a domain without MX with a record to add, unknown on garbage", async () => {
    expect(await checkMx(d, "good.test", null)).toMatchObject({ status: "pass", found: "10 mx.good.test" });
    expect(await checkMx(d, "nomx.test", "imap.nomx.test")).toMatchObject({
      status: "fail",
      fix: { name: "nomx.test", type: "MX", value: "10 imap.nomx.test" },
    });
    expect((await checkMx(d, "garbage.test", null)).status).toBe("unknown");
  });
});

describe("blocklists", () => {
  it("reads a listing of 127.0.0.2, calls a down zone unknown and a refusing one unknown, never pass", async () => {
    const hosts = await sendingAddresses(d, ["smtp.good.test", "nowhere.test"]);
    expect(hosts).toEqual([
      { host: "smtp.good.test", ips: ["127.0.0.2"], error: null },
      { host: "nowhere.test", ips: [], error: "it has no IPv4 address" },
    ]);
    const answers = await checkBlocklists(d, "good.test", hosts, ["bl.test", "down.test", "refuse.test", "clean.test"], ["dbl.test"]);
    const by = Object.fromEntries(answers.map((a) => [a.kind, a]));
    expect(by["blocklist:bl.test"]).toMatchObject({ status: "fail", found: "127.0.0.2 → 127.0.0.2" });
    expect(by["blocklist:down.test"]?.status).toBe("unknown");
    expect(by["blocklist:down.test"]?.summary).toContain("did not answer in time");
    expect(by["blocklist:refuse.test"]?.status).toBe("unknown");
    expect(by["blocklist:clean.test"]).toMatchObject({ status: "pass" });
    expect(by["blocklist:dbl.test"]).toMatchObject({ status: "pass", summary: "Not listed on dbl.test (good.test)." });
    expect(dns.queries.some((q) => q.name === "2.0.0.127.bl.test" && q.type === 1)).toBe(true);
  });
  it("has nothing to look up without a sending host: unknown, not pass", async () => {
    const [a] = await checkBlocklists(d, "custom.test", [], ["bl.test"], []);
    expect(a).toMatchObject({ status: "unknown", summary: expect.stringContaining("No SMTP host") });
  });
});
