import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/create-test-app.ts";
import { CONTENT_SECURITY_POLICY } from "./security-headers.ts";
import { IMMUTABLE_CACHE } from "./web-app.ts";

/** A built web app as the build leaves it: hashed assets with .br and .gz copies beside them. */
function writeDist(dir: string) {
  const script = `export const greeting = ${JSON.stringify("hello ".repeat(400))};\n`;
  const html = `<!doctype html><html lang="en"><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>`;
  fs.mkdirSync(path.join(dir, "assets"), { recursive: true });
  for (const [file, body] of [
    ["index.html", html],
    ["assets/index-AbC123.js", script],
  ] as const) {
    fs.writeFileSync(path.join(dir, file), body);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(body));
  }
  fs.writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
  fs.writeFileSync(
    path.join(dir, "route-preloads.json"),
    JSON.stringify({ "/": ["/assets/landing-X1.js", "/assets/ui-X2.js"], "/sign-in": ["/assets/sign-in-X3.js"] }),
  );
  return { script, html };
}

describe("web app serving", () => {
  let t: TestApp;
  let dist: string;
  let files: ReturnType<typeof writeDist>;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-dist-"));
    files = writeDist(dist);
    t = await createTestApp({ WEB_DIST: dist }, { work: false });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("sends a hashed asset brotli- or gzip-compressed by Accept-Encoding, cached for a year", async () => {
    const br = await t.app.inject({ url: "/assets/index-AbC123.js", headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
    expect(br.rawPayload.length).toBeLessThan(files.script.length / 10);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(files.script);

    const gz = await t.app.inject({ url: "/assets/index-AbC123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(files.script);
    expect(gz.headers["cache-control"]).toBe(IMMUTABLE_CACHE);

    const plain = await t.app.inject({ url: "/assets/index-AbC123.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(files.script);
  });

  it("answers 404 for an asset that is not there instead of the page (a stale tab's import fails cleanly)", async () => {
    const res = await t.app.inject({ url: "/assets/index-Old999.js", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.headers["cache-control"]).not.toBe(IMMUTABLE_CACHE);
  });

  it("serves index.html for client-side routes, revalidated on every visit and under the strict policy", async () => {
    for (const url of ["/", "/sign-in", "/dashboard?x=1", "/campaigns/123/edit"]) {
      const res = await t.app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers["content-encoding"], url).toBe("br");
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(files.html);
      expect(res.headers["content-security-policy"], url).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it("sends index.html with modulepreload links for the chunks of the page at that address", async () => {
    const landing = await t.app.inject({ url: "/" });
    expect(landing.headers.link).toBe("</assets/landing-X1.js>; rel=modulepreload, </assets/ui-X2.js>; rel=modulepreload");
    const signIn = await t.app.inject({ url: "/sign-in/?next=1" });
    expect(signIn.headers.link).toBe("</assets/sign-in-X3.js>; rel=modulepreload");
    const other = await t.app.inject({ url: "/campaigns/123" });
    expect(other.statusCode).toBe(200);
    expect(other.headers.link).toBeUndefined();
  });

  it("keeps the policy strict: own scripts only, no eval, no framing, no plugins", () => {
    const directives = Object.fromEntries(CONTENT_SECURITY_POLICY.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));
    expect(directives["script-src"]).toEqual(["'self'"]);
    expect(directives["default-src"]).toEqual(["'self'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["base-uri"]).toEqual(["'self'"]);
    expect(directives["form-action"]).toEqual(["'self'"]);
    expect(directives["connect-src"]).toEqual(["'self'"]);
    expect(directives["img-src"]).toEqual(["'self'", "data:", "blob:"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|\*/);
  });

  it("gives the policy to static files as well, and unhashed files are not cached for good", async () => {
    const asset = await t.app.inject({ url: "/assets/index-AbC123.js" });
    expect(asset.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
    const robots = await t.app.inject({ url: "/robots.txt" });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toBe("User-agent: *\n");
    expect(robots.headers["cache-control"]).toBe("no-cache");
    expect(robots.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
  });

  it("never serves the compressed copies or files outside the build by their own names", async () => {
    const copy = await t.app.inject({ url: "/index.html.br" });
    expect(copy.headers["content-type"]).toMatch(/^text\/html/);
    expect(copy.body).toBe(files.html);
    for (const url of ["/..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/etc/passwd", "/assets/..%2f..%2fpackage.json"]) {
      const res = await t.app.inject({ url });
      expect(res.body, url).not.toMatch(/root:|"name"/);
    }
  });

  it("keeps unknown API paths as JSON 404s", async () => {
    const res = await t.app.inject({ url: "/api/no-such-route" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "ROUTE_NOT_FOUND" });
  });
});

describe("web app serving with the prerendered landing page", () => {
  let t: TestApp;
  let dist: string;
  let files: ReturnType<typeof writeDist>;
  const landing = `<!doctype html><html lang="en"><head><style data-prerendered="landing">.css-1{color:red}</style></head><body><div id="root" data-prerendered="landing"><main>Find leads</main></div></body></html>`;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-dist-"));
    files = writeDist(dist);
    fs.writeFileSync(path.join(dist, "landing.html"), landing);
    fs.writeFileSync(path.join(dist, "landing.html.br"), zlib.brotliCompressSync(landing));
    fs.writeFileSync(path.join(dist, "landing.html.gz"), zlib.gzipSync(landing));
    t = await createTestApp({ WEB_DIST: dist }, { work: false });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("sends landing.html for exactly /, compressed, revalidated, without preload headers (it lists its chunks)", async () => {
    for (const url of ["/", "/?utm_source=x"]) {
      const res = await t.app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["content-encoding"], url).toBe("br");
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers["content-security-policy"], url).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.link, url).toBeUndefined();
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(landing);
    }
    const gz = await t.app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(landing);
  });

  it("keeps index.html for every other address, /landing included", async () => {
    for (const url of ["/landing", "/sign-in", "/dashboard", "/x/"]) {
      const res = await t.app.inject({ url, headers: { "accept-encoding": "identity" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(files.html);
    }
    const signIn = await t.app.inject({ url: "/sign-in" });
    expect(signIn.headers.link).toBe("</assets/sign-in-X3.js>; rel=modulepreload");
  });
});
