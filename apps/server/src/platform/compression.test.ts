import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../test/factories.ts";
import { COMPRESS_THRESHOLD, pickEncoding } from "./compression.ts";

describe("API answer compression", () => {
  let t: TestApp;
  let user: TestUser;
  const auth = () => ({ authorization: `Bearer ${user.token}` });
  beforeAll(async () => {
    t = await createTestApp({}, { work: false });
    user = await createUser(t.database.db);
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/leads",
        headers: auth(),
        payload: { first_name: `Lead${i}`, last_name: "Compressible", email: `lead${i}@compress.example`, company: "Deflate Inc" },
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  it("sends a large list brotli-compressed to a browser, gzip to a gzip-only client, plain otherwise", async () => {
    const plain = await t.app.inject({ url: "/api/leads?limit=50", headers: { ...auth(), "accept-encoding": "identity" } });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);

    const br = await t.app.inject({ url: "/api/leads?limit=50", headers: { ...auth(), "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({ url: "/api/leads?limit=50", headers: { ...auth(), "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it("leaves small answers (the hot paths) uncompressed and without Vary", async () => {
    const me = await t.app.inject({ url: "/api/auth/me", headers: { ...auth(), "accept-encoding": "br, gzip" } });
    expect(me.statusCode).toBe(200);
    expect(me.body.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(me.headers["content-encoding"]).toBeUndefined();
    expect(me.headers.vary).toBeUndefined();
  });

  it("honours q=0 and prefers brotli", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0.0, gzip;q=0")).toBeNull();
    expect(pickEncoding("*")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
