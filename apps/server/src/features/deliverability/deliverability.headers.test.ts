/** Header analysis: folded lines, each result in words, Received-SPF, DKIM-Signature, ARC, alignment and the verdict. */
import { describe, expect, it } from "vitest";
import { analyzeHeaders, orgDomain, parseHeaders } from "./deliverability.headers.ts";

const gmail = `Delivered-To: me@gmail.com
ARC-Seal: i=1; a=rsa-sha256; t=1700000000; cv=none; d=google.com; s=arc-20160816; b=abc
ARC-Authentication-Results: i=1; mx.google.com;
       dkim=pass header.i=@mail.acme.co.uk header.s=s1 header.b=xyz;
       spf=pass (google.com: domain of bounce@esp.example designates 192.0.2.5 as permitted sender) smtp.mailfrom=bounce@esp.example
Authentication-Results: mx.google.com;
       dkim=fail (body hash did not verify) header.i=@esp.example header.s=k1 header.b=zzz;
       spf=pass (google.com: domain of bounce@esp.example designates 192.0.2.5 as permitted sender) smtp.mailfrom=bounce@esp.example;
       dmarc=fail (p=QUARANTINE sp=QUARANTINE dis=QUARANTINE) header.from=acme.co.uk
Received-SPF: pass (google.com: domain of bounce@esp.example designates 192.0.2.5 as permitted sender) client-ip=192.0.2.5;
DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=esp.example; s=k1;
 h=from:to:subject; bh=abc=; b=def
From: "Acme" <news@acme.co.uk>
To: me@gmail.com
Subject: Hello

Body text: not a header.`;

describe("header analysis", () => {
  it("unfolds headers and stops at the body; refuses text without headers", () => {
    const h = parseHeaders(gmail)!;
    expect(h.find((x) => x.name === "DKIM-Signature")?.value).toBe(
      "v=1; a=rsa-sha256; c=relaxed/relaxed; d=esp.example; s=k1; h=from:to:subject; bh=abc=; b=def",
    );
    expect(h.some((x) => x.name.startsWith("Body"))).toBe(false);
    expect(parseHeaders("hello there\nno colon lines")).toBeNull();
  });

  it("explains each result and says why DMARC failed: SPF and DKIM are about another domain", () => {
    const a = analyzeHeaders(parseHeaders(gmail)!);
    expect(a.from_domain).toBe("acme.co.uk");
    const receiver = a.results.filter((r) => r.source === "Authentication-Results");
    expect(receiver.map((r) => `${r.method}=${r.result}:${r.status}`)).toEqual(["dkim=fail:fail", "spf=pass:pass", "dmarc=fail:fail"]);
    expect(receiver[0]!.by).toBe("mx.google.com");
    expect(receiver[0]!.properties.comment).toBe("body hash did not verify");
    expect(receiver[0]!.meaning).toContain("did not verify");
    expect(receiver[2]!.meaning).toContain("quarantine means spam");
    expect(a.results.find((r) => r.source === "Received-SPF")).toMatchObject({ result: "pass", properties: { "client-ip": "192.0.2.5" } });
    expect(a.results.find((r) => r.source === "DKIM-Signature")).toMatchObject({
      status: "unknown",
      properties: { d: "esp.example", s: "k1" },
    });
    expect(a.results.find((r) => r.source === "ARC-Seal")).toMatchObject({ result: "none", status: "pass" });
    expect(a.results.filter((r) => r.source === "ARC-Authentication-Results").map((r) => r.method)).toEqual(["dkim", "spf"]);
    expect(a.alignment).toMatchObject({ spf_domain: "esp.example", spf_aligned: false, dkim_aligned: false });
    expect(a.alignment.meaning).toContain("Not aligned");
    expect(a.alignment.meaning).toContain("d=acme.co.uk");
    expect(a.verdict.status).toBe("fail");
    expect(a.notes.some((n) => n.includes("No one-click List-Unsubscribe"))).toBe(true);
  });

  it("passes relaxed alignment on a subdomain and reads the RFC 8058 pair", () => {
    const a = analyzeHeaders(
      parseHeaders(`Authentication-Results: mx.example.net; spf=softfail smtp.mailfrom=x@bounce.other.test; dkim=pass header.d=mail.acme.test
From: ana@acme.test
List-Unsubscribe: <https://app.example/u/abc>, <mailto:ana@acme.test?subject=unsubscribe>
List-Unsubscribe-Post: List-Unsubscribe=One-Click`)!,
    );
    expect(a.alignment).toMatchObject({ dkim_domains: ["mail.acme.test"], dkim_aligned: true, spf_aligned: false });
    expect(a.verdict).toMatchObject({ status: "pass" });
    expect(a.notes.some((n) => n.includes("one-click unsubscribe (RFC 8058) is offered"))).toBe(true);
    expect(orgDomain("mail.acme.co.uk")).toBe("acme.co.uk");
    expect(orgDomain("a.b.example.com")).toBe("example.com");
  });

  it("says unknown when no receiver wrote results", () => {
    const a = analyzeHeaders(parseHeaders("From: ana@acme.test\nSubject: hi")!);
    expect(a.verdict.status).toBe("unknown");
    expect(a.results).toEqual([]);
  });
});
