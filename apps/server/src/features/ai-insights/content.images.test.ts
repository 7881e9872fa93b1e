/** Personalized images end to end: the PNG, hostile names, alt text, the ledger, the public link and its revocation. */
import fs from "node:fs";
import { createRequire } from "node:module";
import type { ImagePage, PersonalizedImage } from "@prospector/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { aiActions } from "../ai-ledger/index.ts";
import { leads } from "../leads/index.ts";
import { escapeXml, fitText, renderImage } from "./content.images.ts";
import { imagesDir, sweepImageFiles } from "./content.service.ts";

// pngjs ships no types: the one call the tests use.
const { PNG } = createRequire(import.meta.url)("pngjs") as { PNG: { sync: { read(b: Buffer): { width: number; height: number } } } };

let t: TestApp;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let leadId: string;
let hostileId: string;

const call = (user: TestUser | null, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
const pathOf = (url: string) => new URL(url).pathname;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app.ctx.db);
  viewer = await addMember(t.app.ctx.db, owner, "viewer");
  stranger = await createUser(t.app.ctx.db);
  const [a, h] = await t.app.ctx.db
    .insert(leads)
    .values([
      {
        workspaceId: owner.workspaceId,
        email: "grace@hopper.test",
        firstName: "Grace",
        companyName: "Hopper Compilers",
        website: "https://www.hopper.test/about",
      },
      {
        workspaceId: owner.workspaceId,
        email: "x@evil.test",
        firstName: "<b>Mallory</b>",
        companyName: `<script>alert(1)</script> & "Sons" ${"Very Long Company Name ".repeat(8)}`,
      },
    ])
    .returning();
  leadId = a!.id;
  hostileId = h!.id;
});
afterAll(() => t?.close());

describe("rendering", () => {
  it("escapes markup and drops characters XML forbids", () => {
    expect(escapeXml(`<script>&"'\u0001😀\ud800`)).toBe("&lt;script&gt;&amp;&quot;&apos;😀");
  });

  it("wraps and shrinks long text to the lines it may use", () => {
    const fit = fitText("Word ".repeat(60).trim(), 1000, 96, 36, 2);
    expect(fit.lines.length).toBeLessThanOrEqual(2);
    expect(fit.size).toBe(36);
    expect(fit.lines[1]!.endsWith("…")).toBe(true);
    expect(fitText("Acme", 1000, 96, 36, 2)).toEqual({ size: 96, lines: ["Acme"] });
  });

  it("draws a hostile company name as text: the SVG has no element from it and still renders", async () => {
    const out = await renderImage(
      "banner",
      {
        firstName: "<img src=x>",
        lastName: null,
        companyName: "<script>alert(1)</script> & Co",
        email: null,
        website: null,
        companyInsight: null,
        industry: null,
      },
      {},
    );
    expect(out.svg).not.toContain("<script");
    expect(out.svg).not.toContain("<img");
    expect(out.svg).toContain("&lt;script&gt;");
    const png = PNG.sync.read(out.png);
    expect([png.width, png.height]).toEqual([1200, 400]);
  });
});

describe("the images API", () => {
  let image: PersonalizedImage;

  it("generates a banner: a PNG of the template's size, alt text naming the company, a ledger row about the lead", async () => {
    const r = await call(owner, "POST", "/api/content/images", { lead_id: leadId, template: "banner" });
    expect(r.statusCode).toBe(201);
    image = r.json();
    expect([image.width, image.height]).toEqual([1200, 400]);
    expect(image.alt_text).toContain("Hopper Compilers");
    expect(image.embed_html).toContain(`alt="${image.alt_text}"`);
    const png = await call(owner, "GET", image.image_url);
    expect(png.statusCode).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    const decoded = PNG.sync.read(png.rawPayload);
    expect([decoded.width, decoded.height]).toEqual([1200, 400]);
    const [action] = await t.app.ctx.db.select().from(aiActions).where(eq(aiActions.id, image.ai_action_id!));
    expect(action).toMatchObject({ kind: "image", subjectType: "lead", subjectId: leadId, engine: "builtin" });
    expect(action!.explanation?.summary).toBe(image.explanation);
  });

  it("makes a website card from the lead's site", async () => {
    const r = await call(owner, "POST", "/api/content/images", {
      lead_id: leadId,
      template: "website_card",
      options: { accent_color: "#336699" },
    });
    expect(r.statusCode).toBe(201);
    const card: PersonalizedImage = r.json();
    expect(card.alt_text).toContain("hopper.test");
    const decoded = PNG.sync.read((await call(owner, "GET", card.image_url)).rawPayload);
    expect([decoded.width, decoded.height]).toEqual([1200, 630]);
  });

  it("renders a hostile name and keeps it verbatim in the alt text", async () => {
    const r = await call(owner, "POST", "/api/content/images", { lead_id: hostileId, template: "banner" });
    expect(r.statusCode).toBe(201);
    const img: PersonalizedImage = r.json();
    expect(img.alt_text).toContain("<script>");
    expect(img.embed_html).not.toContain("<script>");
    const decoded = PNG.sync.read((await call(owner, "GET", img.image_url)).rawPayload);
    expect(decoded.width).toBe(1200);
  });

  it("serves the public URL without a session, and stops after revoke", async () => {
    const pub = await call(null, "GET", pathOf(image.public_url!));
    expect(pub.statusCode).toBe(200);
    expect(PNG.sync.read(pub.rawPayload).height).toBe(400);
    expect((await call(null, "GET", image.image_url)).statusCode).toBe(401);
    const revoked = await call(owner, "DELETE", `/api/content/images/${image.id}/public-link`);
    expect(revoked.json().public_url).toBeNull();
    expect((await call(null, "GET", pathOf(image.public_url!))).statusCode).toBe(404);
    const fresh: PersonalizedImage = (await call(owner, "POST", `/api/content/images/${image.id}/public-link`)).json();
    expect(fresh.public_url).not.toBe(image.public_url);
    expect((await call(null, "GET", pathOf(fresh.public_url!))).statusCode).toBe(200);
    expect((await call(null, "GET", "/i/not-a-token")).statusCode).toBe(404);
  });

  it("edits the alt text (422 when empty), lists by lead with a keyset, and deletes", async () => {
    const bad = await call(owner, "PATCH", `/api/content/images/${image.id}`, { alt_text: "  " });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe("alt_text");
    const ok = await call(owner, "PATCH", `/api/content/images/${image.id}`, { alt_text: "Grace's banner" });
    expect(ok.json().alt_text).toBe("Grace's banner");

    const first: ImagePage = (await call(owner, "GET", `/api/content/images?lead_id=${leadId}&limit=1`)).json();
    expect(first.items).toHaveLength(1);
    const second: ImagePage = (
      await call(owner, "GET", `/api/content/images?lead_id=${leadId}&limit=1&cursor=${first.next_cursor}`)
    ).json();
    expect(second.items).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    expect(new Set([first.items[0]!.id, second.items[0]!.id]).size).toBe(2);

    expect((await call(viewer, "DELETE", `/api/content/images/${image.id}`)).statusCode).toBe(403);
    expect((await call(stranger, "DELETE", `/api/content/images/${image.id}`)).statusCode).toBe(404);
    expect((await call(owner, "DELETE", `/api/content/images/${image.id}`)).statusCode).toBe(204);
    expect((await call(owner, "GET", image.image_url)).statusCode).toBe(404);
  });

  it("refuses another workspace's lead and a bad template", async () => {
    expect((await call(stranger, "POST", "/api/content/images", { lead_id: leadId, template: "banner" })).statusCode).toBe(404);
    const bad = await call(owner, "POST", "/api/content/images", { lead_id: leadId, template: "poster" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe("template");
  });

  it("previews without keeping anything", async () => {
    const r = await call(owner, "GET", `/api/content/images/preview?lead_id=${leadId}&template=website_card`);
    expect(r.statusCode).toBe(200);
    expect(PNG.sync.read(r.rawPayload).width).toBe(1200);
  });
});

describe("the file sweep", () => {
  it("removes the files of images whose lead was deleted, and keeps the others", async () => {
    const made: PersonalizedImage = (await call(owner, "POST", "/api/content/images", { lead_id: hostileId, template: "banner" })).json();
    const kept: PersonalizedImage = (await call(owner, "POST", "/api/content/images", { lead_id: leadId, template: "banner" })).json();
    const dir = imagesDir(t.app.ctx);
    const before = fs.readdirSync(dir);
    await t.app.ctx.db.delete(leads).where(eq(leads.id, hostileId));
    expect(fs.readdirSync(dir)).toEqual(before);
    expect(await sweepImageFiles(t.app.ctx, 0)).toBeGreaterThanOrEqual(1);
    const after = fs.readdirSync(dir);
    expect(after.some((n) => n.startsWith(made.id))).toBe(false);
    expect(after.some((n) => n.startsWith(kept.id))).toBe(true);
    expect((await call(owner, "GET", kept.image_url)).statusCode).toBe(200);
  });
});
