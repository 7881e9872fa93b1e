import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor as poll } from "../../../test/wait.ts";
import { leads } from "../leads/leads.table.ts";
import { notifications } from "../notifications/notifications.table.ts";
import { dataExports, scheduledExports } from "./data-exports.table.ts";
import { tickScheduledExports } from "./scheduled-exports.service.ts";

const URL = "/api/user-settings/exports";

/** Reads a zip's entries (stored or deflated) through its central directory. */
function unzip(buf: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let p = buf.readUInt32LE(eocd + 16);
  const n = buf.readUInt16LE(eocd + 10);
  for (let i = 0; i < n; i++) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString();
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    out.set(name, method === 8 ? zlib.inflateRawSync(data) : data);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** The export once it has completed or failed. */
function waitFor(t: TestApp, u: TestUser, id: string) {
  return poll(
    async () => {
      const r = (await t.app.inject({ method: "GET", url: `${URL}/${id}`, headers: u.headers })).json();
      return r.status === "completed" || r.status === "failed" ? r : null;
    },
    { what: `export ${id} to finish`, timeoutMs: 20_000, intervalMs: 100 },
  );
}

describe("data exports", () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db, { name: "Grace Hopper" });
    await t.app.ctx.db.insert(leads).values([
      { workspaceId: owner.workspaceId, email: "a@acme.test", firstName: "Ann", companyName: '=HYPERLINK("http://evil")', source: "csv" },
      {
        workspaceId: owner.workspaceId,
        email: "b@acme.test",
        firstName: "Bob",
        source: "manual",
        createdAt: new Date("2020-01-01T00:00:00Z"),
      },
    ]);
    await t.app.ctx.db.insert(notifications).values(
      Array.from({ length: 60 }, (_, i) => ({
        workspaceId: owner.workspaceId,
        userId: owner.id,
        title: `Note ${i}`,
        message: "x".repeat(200),
      })),
    );
  });
  afterAll(() => t.close());

  const start = (u: TestUser, body: object) => t.app.inject({ method: "POST", url: URL, headers: u.headers, payload: body });

  it("exports personal and campaign data as zipped JSON, downloadable by the owner only", async () => {
    const res = await start(owner, { includePersonalData: true, includeCampaignData: true, format: "json" });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: "queued", type: "multiple", format: "json", downloadUrl: null });
    const done = await waitFor(t, owner, res.json().id);
    expect(done).toMatchObject({ status: "completed", downloadUrl: `${URL}/${done.id}/download` });
    expect(done.fileSize).toBeGreaterThan(0);

    const dl = await t.app.inject({ method: "GET", url: done.downloadUrl, headers: owner.headers });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers["content-type"]).toBe("application/zip");
    expect(dl.headers["content-disposition"]).toMatch(/^attachment; filename="export-/);
    const files = unzip(dl.rawPayload);
    // campaigns.json joins once the campaigns feature's table exists.
    expect([...files.keys()].filter((n) => n !== "campaigns.json").sort()).toEqual([
      "api_keys.json",
      "leads.json",
      "notifications.json",
      "profile.json",
      "settings.json",
    ]);
    expect(JSON.parse(files.get("profile.json")!.toString())[0]).toMatchObject({ name: "Grace Hopper", email: owner.email });
    expect(JSON.parse(files.get("settings.json")!.toString())[0]).toMatchObject({ timezone: "UTC", follow_up_delay: 3 });
    expect(
      JSON.parse(files.get("leads.json")!.toString())
        .map((l: { email: string }) => l.email)
        .sort(),
    ).toEqual(["a@acme.test", "b@acme.test"]);
    expect(JSON.parse(files.get("notifications.json")!.toString())).toHaveLength(60);

    const stranger = await createUser(t.app.ctx.db);
    const teammate = await addMember(t.app.ctx.db, owner, "admin");
    for (const u of [stranger, teammate]) {
      const r = await t.app.inject({ method: "GET", url: done.downloadUrl, headers: u.headers });
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe("EXPORT_NOT_FOUND");
    }
    const history = (await t.app.inject({ method: "GET", url: URL, headers: owner.headers })).json();
    expect(history[0]).toMatchObject({ id: done.id, status: "completed" });
    const note = await t.app.ctx.db.select().from(notifications).where(eq(notifications.title, "Your export is ready"));
    expect(note).toHaveLength(1);
  });

  it("writes formula-safe CSV, filters by date and splits files at maxFileSize", async () => {
    // The first export's "ready" notification is part of the data now.
    const expected = (await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, owner.id))).length;
    const res = await start(owner, {
      includePersonalData: true,
      includeCampaignData: true,
      format: "csv",
      compression: "none",
      splitLargeFiles: true,
      maxFileSize: 0.01,
      dateRange: { from: "2021-01-01T00:00:00Z", to: null },
    });
    const done = await waitFor(t, owner, res.json().id);
    expect(done.status).toBe("completed");
    const names = done.files.map((f: { name: string }) => f.name);
    expect(names).toContain("leads.csv");
    const parts = names.filter((n: string) => n.startsWith("notifications-part"));
    expect(parts.length).toBeGreaterThanOrEqual(2);
    for (const f of done.files) expect(f.size).toBeLessThanOrEqual(0.01 * 1024 * 1024 + 1024);
    expect(done.downloadUrl).toBeNull();

    const leadsFile = done.files.find((f: { name: string }) => f.name === "leads.csv");
    const csv = (await t.app.inject({ method: "GET", url: leadsFile.downloadUrl, headers: owner.headers })).body;
    expect(csv.split("\n")[0]).toContain("email");
    expect(csv).toContain("a@acme.test");
    expect(csv).not.toContain("b@acme.test");
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    let rows = 0;
    for (const name of parts) {
      const f = done.files.find((x: { name: string }) => x.name === name);
      const body = (await t.app.inject({ method: "GET", url: f.downloadUrl, headers: owner.headers })).body;
      expect(body.startsWith("id,")).toBe(true);
      rows += body.trim().split("\n").length - 1;
    }
    expect(rows).toBe(expected);
  });

  it("writes XLSX that a spreadsheet library can read", async () => {
    const res = await start(owner, { includePersonalData: false, includeAnalyticsData: true, format: "xlsx", compression: "none" });
    const done = await waitFor(t, owner, res.json().id);
    expect(done.status).toBe("completed");
    const f = done.files.find((x: { name: string }) => x.name === "leads_by_source.xlsx");
    const dl = await t.app.inject({ method: "GET", url: f.downloadUrl, headers: owner.headers });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(dl.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const values = sheet
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(values).toEqual([
      ["source", "leads"],
      ["csv", 1],
      ["manual", 1],
    ]);
  });

  it("checks permissions per kind of data", async () => {
    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    const res = await start(viewer, { includePersonalData: false, includeSystemLogs: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "FORBIDDEN", requiredPermission: "audit:read" });
    const support = await addMember(t.app.ctx.db, owner, "support");
    expect((await start(support, { includeCampaignData: true, includePersonalData: false })).json().requiredPermission).toBe("leads:read");
    expect((await start(viewer, { includePersonalData: false })).statusCode).toBe(422);
  });

  it("deletes an export and its files", async () => {
    const done = await waitFor(t, owner, (await start(owner, { format: "json", compression: "none" })).json().id);
    const dir = path.join(t.app.ctx.config.dataDir, "exports", owner.workspaceId, done.id);
    const names = done.files.map((f: { name: string }) => f.name);
    expect(names.length).toBeGreaterThan(1);
    expect(fs.readdirSync(dir).sort()).toEqual([...names].sort());
    expect((await t.app.inject({ method: "DELETE", url: `${URL}/${done.id}`, headers: owner.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: `${URL}/${done.id}`, headers: owner.headers })).statusCode).toBe(404);
    expect(fs.existsSync(dir)).toBe(false);
    expect((await t.app.inject({ method: "GET", url: `${URL}/${done.id}/files/${names[0]}`, headers: owner.headers })).statusCode).toBe(
      404,
    );
  });

  it("schedules exports with cron, shows the next run, and runs them when due", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user-settings/scheduled-exports",
      headers: owner.headers,
      payload: {
        name: "Weekly leads",
        schedule: "0 6 * * 1",
        timezone: "Europe/Berlin",
        options: { includeCampaignData: true, format: "csv" },
      },
    });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    const next = new Date(s.nextRun);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.toLocaleString("en-GB", { timeZone: "Europe/Berlin", weekday: "short", hour: "2-digit", minute: "2-digit" })).toBe(
      "Mon 06:00",
    );

    for (const [schedule, field] of [
      ["every monday", "schedule"],
      ["* * * * *", "schedule"],
      ["0 6 * * 1 *", "schedule"],
    ]) {
      const bad = await t.app.inject({
        method: "POST",
        url: "/api/user-settings/scheduled-exports",
        headers: owner.headers,
        payload: { name: "x", schedule, options: {} },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0].field).toBe(field);
    }

    await t.app.ctx.db
      .update(scheduledExports)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledExports.id, s.id));
    expect(await tickScheduledExports(t.app.ctx)).toBe(1);
    expect(await tickScheduledExports(t.app.ctx)).toBe(0);
    const history = (await t.app.inject({ method: "GET", url: URL, headers: owner.headers })).json();
    const run = history.find((e: { scheduledExportId: string | null }) => e.scheduledExportId === s.id);
    expect(run).toBeDefined();
    expect((await waitFor(t, owner, run.id)).status).toBe("completed");
    const after = (await t.app.inject({ method: "GET", url: "/api/user-settings/scheduled-exports", headers: owner.headers })).json()[0];
    expect(after.lastRun).not.toBeNull();
    expect(Date.parse(after.nextRun)).toBeGreaterThan(Date.now());
  });
});

describe("data export limits", () => {
  let small: TestApp;
  let full: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ EXPORT_MAX_BYTES: "100" }, { work: false });
    full = await createTestApp({ STORAGE_QUOTA_BYTES: "1000" });
  });
  afterAll(async () => {
    await small?.close();
    await full?.close();
  });

  it("answers EXPORT_TOO_LARGE from the estimate, before anything is queued", async () => {
    const u = await createUser(small.app.ctx.db);
    const res = await small.app.inject({ method: "POST", url: URL, headers: u.headers, payload: {} });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("EXPORT_TOO_LARGE");
    expect((await small.app.inject({ method: "GET", url: URL, headers: u.headers })).json()).toEqual([]);
  });

  it("answers EXPORT_IN_PROGRESS while one is queued, and EXPORT_NOT_READY for its download", async () => {
    const u = await createUser(small.app.ctx.db);
    const [queued] = await small.app.ctx.db
      .insert(dataExports)
      .values({ workspaceId: u.workspaceId, userId: u.id, type: "personal_data", format: "json", options: {} })
      .returning();
    const res = await small.app.inject({ method: "POST", url: URL, headers: u.headers, payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("EXPORT_IN_PROGRESS");
    const early = await small.app.inject({ method: "GET", url: `${URL}/${queued!.id}/download`, headers: u.headers });
    expect(early.json().code).toBe("EXPORT_NOT_READY");
  });

  it("answers INSUFFICIENT_STORAGE (507) when the storage quota is used up", async () => {
    const v = await createUser(full.app.ctx.db);
    const res = await full.app.inject({ method: "POST", url: URL, headers: v.headers, payload: {} });
    expect(res.statusCode).toBe(507);
    expect(res.json().code).toBe("INSUFFICIENT_STORAGE");
    expect((await full.app.inject({ method: "GET", url: URL, headers: v.headers })).json()).toEqual([]);
  });
});
