import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";

const URL = "/api/user-settings/profile/picture";

function multipart(filename: string, type: string, data: Buffer, field = "file") {
  const boundary = `----prospector${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const image = (format: "png" | "jpeg" | "gif", width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .withMetadata({ exif: { IFD0: { Copyright: "secret-location-data" } } })
    .toFormat(format)
    .toBuffer();

describe("profile picture", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const upload = (filename: string, type: string, data: Buffer, field?: string) => {
    const m = multipart(filename, type, data, field);
    return t.app.inject({ method: "POST", url: URL, headers: { ...user.headers, ...m.headers }, payload: m.payload });
  };

  it.each([
    ["png", "image/png", "png"],
    ["jpeg", "image/jpeg", "jpg"],
    ["gif", "image/gif", "png"],
  ] as const)("accepts a real %s, re-encoded to 256×256 without metadata", async (format, type, ext) => {
    const res = await upload(`me.${format}`, type, await image(format));
    expect(res.statusCode).toBe(200);
    const url: string = res.json().profile_picture_url;
    expect(url).toMatch(new RegExp(`^${URL}/[0-9a-f-]{36}-[0-9a-f]{32}\\.${ext}$`));
    const settings = await t.app.inject({ method: "GET", url: "/api/user-settings/settings/profile", headers: user.headers });
    expect(settings.json().profile_picture_url).toBe(url);

    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe(ext === "jpg" ? "image/jpeg" : "image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toContain("sandbox");
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from("secret-location-data"))).toBe(false);
  });

  it("replaces the previous file and deletes it with DELETE", async () => {
    const first = (await upload("a.png", "image/png", await image("png"))).json().profile_picture_url as string;
    const second = (await upload("b.png", "image/png", await image("png"))).json().profile_picture_url as string;
    const dir = path.join(t.config.dataDir, "uploads", "avatars");
    expect(fs.existsSync(path.join(dir, path.basename(first)))).toBe(false);
    expect(fs.existsSync(path.join(dir, path.basename(second)))).toBe(true);
    const del = await t.app.inject({ method: "DELETE", url: URL, headers: user.headers });
    expect(del.json()).toEqual({ profile_picture_url: null });
    expect(fs.existsSync(path.join(dir, path.basename(second)))).toBe(false);
    expect((await t.app.inject({ method: "GET", url: second })).statusCode).toBe(404);
  });

  it("refuses HTML named .png as INVALID_FILE_TYPE", async () => {
    const res = await upload("avatar.png", "image/png", Buffer.from("<html><script>alert(document.cookie)</script></html>"));
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe("INVALID_FILE_TYPE");
  });

  it("refuses a GIF header followed by garbage", async () => {
    const res = await upload(
      "x.gif",
      "image/gif",
      Buffer.concat([Buffer.from("GIF89a"), Buffer.from("<?php system($_GET['c']); ?>".repeat(20))]),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe("INVALID_FILE_TYPE");
  });

  it("refuses other real images (WebP) by content", async () => {
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer();
    expect((await upload("photo.jpg", "image/jpeg", webp)).json().code).toBe("INVALID_FILE_TYPE");
  });

  it("answers UPLOAD_FAILED for a damaged image", async () => {
    const png = await sharp(crypto.randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
      .png()
      .toBuffer();
    const res = await upload("cut.png", "image/png", png.subarray(0, Math.floor(png.length / 2)));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("UPLOAD_FAILED");
  });

  it("refuses 5 MB and more with FILE_TOO_LARGE", async () => {
    const big = Buffer.concat([await image("png", 50, 50), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload("big.png", "image/png", big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("FILE_TOO_LARGE");
  });

  it("needs the file in the `file` field", async () => {
    expect((await upload("a.png", "image/png", await image("png"), "avatar")).json().code).toBe("FILE_MISSING");
    const res = await t.app.inject({ method: "POST", url: URL, headers: user.headers, payload: { file: "x" } });
    expect(res.json().code).toBe("FILE_MISSING");
  });

  it("serves only stored names", async () => {
    expect((await t.app.inject({ method: "GET", url: `${URL}/..%2F..%2Fauth-secret` })).statusCode).toBe(404);
  });

  it("answers 507 INSUFFICIENT_STORAGE on a full disk, removes the part written and keeps the previous picture", async () => {
    const first = await upload("me.png", "image/png", await image("png"));
    expect(first.statusCode).toBe(200);
    const previous: string = first.json().profile_picture_url;
    const dir = path.join(t.app.ctx.config.dataDir, "uploads", "avatars");
    const filesBefore = fs.readdirSync(dir).sort();
    const realWrite = fs.promises.writeFile;
    // What a full volume does: the first bytes land, then the kernel refuses the rest.
    const spy = vi.spyOn(fs.promises, "writeFile").mockImplementationOnce(async (file, data) => {
      await realWrite(file as string, (data as Buffer).subarray(0, 100));
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    });
    try {
      const res = await upload("other.png", "image/png", await image("png", 200, 200));
      expect(res.statusCode).toBe(507);
      expect(res.json().code).toBe("INSUFFICIENT_STORAGE");
    } finally {
      spy.mockRestore();
    }
    expect(fs.readdirSync(dir).sort()).toEqual(filesBefore);
    expect((await t.app.inject({ method: "GET", url: previous })).statusCode).toBe(200);
  });
});
