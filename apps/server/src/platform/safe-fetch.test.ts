import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeFetch, isBlockedIp, type SafeFetch, SafeFetchError } from "./safe-fetch.ts";

async function failure(p: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof SafeFetchError) return err;
    throw err;
  }
  throw new Error("expected the fetch to be refused");
}

describe("isBlockedIp", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "100.64.0.1",
    "169.254.169.254",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "::1",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "fd00::1",
    "fd00:ec2::254",
    "fc00::1",
    "fe80::1",
    "ff02::1",
    "64:ff9b::7f00:1",
    "2001:db8::1",
    "2002:7f00:1::1",
  ])("refuses %s", (ip) => {
    expect(isBlockedIp(ip)).toBe(true);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows public %s", (ip) => {
    expect(isBlockedIp(ip)).toBe(false);
  });
});

describe("safe fetch", () => {
  let server: http.Server;
  let port: number;
  let guarded: SafeFetch;
  let allowed: SafeFetch;
  const fakeDns: Record<string, string[]> = {
    "metadata.example.test": ["169.254.169.254"],
    "mixed.example.test": ["93.184.216.34", "10.0.0.7"],
    "v6-private.example.test": ["fd00::5"],
  };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/redirect-private") {
        res.writeHead(302, { location: `http://127.0.0.2:${port}/secret` });
        return res.end();
      }
      if (req.url === "/redirect-metadata") {
        res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" });
        return res.end();
      }
      if (req.url === "/redirect-ok") {
        res.writeHead(302, { location: "/hello" });
        return res.end();
      }
      if (req.url === "/loop") {
        res.writeHead(302, { location: "/loop" });
        return res.end();
      }
      if (req.url === "/big") {
        res.writeHead(200, { "content-type": "text/plain" });
        // Chunked, no content-length: the limit must hold while streaming.
        for (let i = 0; i < 40; i++) res.write("x".repeat(1024));
        return res.end();
      }
      if (req.url === "/slow") {
        setTimeout(() => res.end("late"), 2000);
        return;
      }
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(`hello from ${req.url} via ${req.headers["user-agent"]}`);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
    const lookup = async (h: string) => {
      const ips = fakeDns[h];
      if (ips) return ips.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
      const dns = await import("node:dns");
      return dns.promises.lookup(h, { all: true });
    };
    guarded = createSafeFetch({ lookup, userAgent: "TestBot/1" });
    allowed = createSafeFetch({ lookup, allowlist: ["127.0.0.1"], userAgent: "TestBot/1", maxBytes: 16 * 1024, timeoutMs: 500 });
  });
  afterAll(async () => {
    await guarded.close();
    await allowed.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it.each([
    "http://127.0.0.1:PORT/",
    "http://127.1:PORT/",
    "http://0x7f.1:PORT/",
    "http://017700000001:PORT/",
    "http://2130706433:PORT/",
    "http://[::ffff:127.0.0.1]:PORT/",
    "http://[::1]:PORT/",
    "http://[fd00::1]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://localhost:PORT/",
    "http://metadata.example.test/",
    "http://mixed.example.test/",
    "http://v6-private.example.test/",
  ])("refuses %s without an allowlist", async (u) => {
    const err = await failure(guarded(u.replace("PORT", String(port))));
    expect(err.reason).toBe("blocked_address");
  });

  it.each(["file:///etc/passwd", "ftp://example.com/", "gopher://127.0.0.1/", "javascript:alert(1)"])(
    "refuses the scheme of %s",
    async (u) => {
      const err = await failure(guarded(u));
      expect(err.reason).toBe("bad_scheme");
    },
  );

  it("refuses addresses with credentials and non-URLs", async () => {
    expect((await failure(guarded("http://user:pw@example.com/"))).reason).toBe("bad_url");
    expect((await failure(guarded("not a url"))).reason).toBe("bad_url");
  });

  it("fetches an allowlisted address, with the configured user agent", async () => {
    const res = await allowed(`http://127.0.0.1:${port}/hi`);
    expect(res.status).toBe(200);
    expect(res.text()).toBe("hello from /hi via TestBot/1");
  });

  it("allowlisting 127.0.0.1 does not open the rest of the loopback range or metadata", async () => {
    expect((await failure(allowed(`http://127.0.0.2:${port}/`))).reason).toBe("blocked_address");
    expect((await failure(allowed("http://169.254.169.254/"))).reason).toBe("blocked_address");
  });

  it("allows CIDR and host-name allowlist entries", async () => {
    const cidr = createSafeFetch({ allowlist: ["127.0.0.0/8"] });
    const byName = createSafeFetch({ allowlist: ["localhost"] });
    try {
      expect((await cidr(`http://127.0.0.1:${port}/a`)).status).toBe(200);
      expect((await byName(`http://localhost:${port}/b`)).text()).toContain("/b");
    } finally {
      await cidr.close();
      await byName.close();
    }
  });

  it("follows a redirect within allowed addresses and reports the final URL", async () => {
    const res = await allowed(`http://127.0.0.1:${port}/redirect-ok`);
    expect(res.url).toBe(`http://127.0.0.1:${port}/hello`);
    expect(res.text()).toContain("/hello");
  });

  it("re-checks every redirect: a hop to a private or metadata address is refused", async () => {
    expect((await failure(allowed(`http://127.0.0.1:${port}/redirect-private`))).reason).toBe("blocked_address");
    expect((await failure(allowed(`http://127.0.0.1:${port}/redirect-metadata`))).reason).toBe("blocked_address");
  });

  it("stops after the redirect limit", async () => {
    expect((await failure(allowed(`http://127.0.0.1:${port}/loop`))).reason).toBe("too_many_redirects");
  });

  it("enforces the size limit on a streamed body", async () => {
    expect((await failure(allowed(`http://127.0.0.1:${port}/big`))).reason).toBe("too_large");
  });

  it("enforces the time limit", async () => {
    expect((await failure(allowed(`http://127.0.0.1:${port}/slow`))).reason).toBe("timeout");
  });

  it("assertAllowed resolves names before any job is queued", async () => {
    await expect(guarded.assertAllowed("http://metadata.example.test/")).rejects.toMatchObject({ reason: "blocked_address" });
    await expect(allowed.assertAllowed(`http://127.0.0.1:${port}/`)).resolves.toBeInstanceOf(URL);
  });
});

describe("safe fetch redirects and credentials", () => {
  // Two origins (two ports): `first` redirects, `second` echoes the credential headers it got.
  let first: http.Server;
  let second: http.Server;
  let firstPort: number;
  let secondPort: number;
  let fetcher: SafeFetch;
  const seen = (req: http.IncomingMessage) =>
    JSON.stringify({
      authorization: req.headers.authorization ?? null,
      cookie: req.headers.cookie ?? null,
      proxy: req.headers["proxy-authorization"] ?? null,
      accept: req.headers.accept ?? null,
    });
  const listen = async (handler: http.RequestListener) => {
    const server = http.createServer(handler);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return [server, (server.address() as AddressInfo).port] as const;
  };

  beforeAll(async () => {
    [second, secondPort] = await listen((req, res) => {
      if (req.url === "/back") {
        res.writeHead(302, { location: `http://127.0.0.1:${firstPort}/echo` });
        return res.end();
      }
      res.end(seen(req));
    });
    [first, firstPort] = await listen((req, res) => {
      if (req.url === "/away") {
        res.writeHead(302, { location: `http://127.0.0.1:${secondPort}/echo` });
        return res.end();
      }
      if (req.url === "/away-and-back") {
        res.writeHead(307, { location: `http://127.0.0.1:${secondPort}/back` });
        return res.end();
      }
      if (req.url === "/here") {
        res.writeHead(301, { location: "/echo" });
        return res.end();
      }
      res.end(seen(req));
    });
    fetcher = createSafeFetch({ allowlist: ["127.0.0.1"] });
  });
  afterAll(async () => {
    await fetcher.close();
    for (const s of [first, second]) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });

  const credentials = {
    Authorization: "Bearer sk-secret",
    Cookie: "session=abc",
    "Proxy-Authorization": "Basic cHJveHk=",
    Accept: "text/plain",
  };

  it("keeps credential headers on a redirect within the same origin", async () => {
    const res = await fetcher(`http://127.0.0.1:${firstPort}/here`, { headers: credentials });
    expect(res.json()).toEqual({ authorization: "Bearer sk-secret", cookie: "session=abc", proxy: "Basic cHJveHk=", accept: "text/plain" });
  });

  it("strips Authorization, Cookie and Proxy-Authorization when a redirect leaves the origin", async () => {
    const res = await fetcher(`http://127.0.0.1:${firstPort}/away`, { headers: credentials });
    expect(res.url).toBe(`http://127.0.0.1:${secondPort}/echo`);
    expect(res.json()).toEqual({ authorization: null, cookie: null, proxy: null, accept: "text/plain" });
  });

  it("does not give the credentials back when the chain returns to the first origin", async () => {
    const res = await fetcher(`http://127.0.0.1:${firstPort}/away-and-back`, { headers: { authorization: "Bearer sk-secret" } });
    expect(res.url).toBe(`http://127.0.0.1:${firstPort}/echo`);
    expect(res.json()).toMatchObject({ authorization: null });
  });
});
