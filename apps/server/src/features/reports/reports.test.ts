import type { AddressInfo } from "node:net";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { campaigns } from "../campaigns/index.ts";
import { dayAgo, reputationHelpers } from "../reputation/reputation.test-helpers.ts";
import { tick } from "./reports.jobs.ts";

let t: TestApp;
let owner: TestUser;
let viewer: TestUser;
let analyst: TestUser;
let stranger: TestUser;
let smtp: SMTPServer;
const received: { to: string[]; raw: string }[] = [];
const h = reputationHelpers(() => t);
const patch = (user: TestUser, url: string, payload: object) => t.app.inject({ method: "PATCH", url, headers: user.headers, payload });

const definition = (over: Record<string, unknown> = {}) => ({
  metrics: ["sent", "reply_rate"],
  dimensions: ["campaign"],
  period: { last_days: 7 },
  chart: "bar",
  ...over,
});

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith("refused-")) {
        const err = new Error("Mailbox unavailable") as Error & { responseCode: number };
        err.responseCode = 550;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  t = await createTestApp({ OUTBOUND_ALLOWLIST: "127.0.0.1", SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` });
  owner = await createUser(t.database.db);
  viewer = await addMember(t.database.db, owner, "viewer");
  analyst = await addMember(t.database.db, owner, "analyst");
  stranger = await createUser(t.database.db);
  const inbox = await h.inbox(owner);
  const campaign = await h.campaign(owner, [inbox.id]);
  const ids = await h.sends(owner, campaign.id, inbox.id, 1, 40);
  await h.events(owner, campaign.id, ids.slice(0, 6), "reply", 1);
  // =cmd|… names must not run as a formula when the CSV is opened.
  await t.database.db.update(campaigns).set({ name: "=HYPERLINK(1)" }).where(eq(campaigns.id, campaign.id));
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("saved reports", () => {
  it("saves, lists in keyset pages, renames and deletes; names are unique per workspace", async () => {
    const a = await h.ok(owner, "POST", "/api/reports", { name: "Replies by campaign", definition: definition() }, 201);
    expect(a).toMatchObject({
      name: "Replies by campaign",
      definition: { period: { last_days: 7 }, chart: "bar" },
      created_by: { id: owner.id },
    });
    const dup = await h.call(analyst, "POST", "/api/reports", { name: "Replies by campaign", definition: definition() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: "REPORT_NAME_TAKEN", errors: [{ field: "name" }] });
    // Another workspace may use the same name and never sees this one.
    await h.ok(stranger, "POST", "/api/reports", { name: "Replies by campaign", definition: definition() }, 201);
    expect((await h.call(stranger, "GET", `/api/reports/${a.id}`)).statusCode).toBe(404);
    expect((await h.call(stranger, "DELETE", `/api/reports/${a.id}`)).statusCode).toBe(404);

    const b = await h.ok(
      analyst,
      "POST",
      "/api/reports",
      { name: "Sent by day", definition: definition({ dimensions: ["day"], chart: "line" }) },
      201,
    );
    const c = await h.ok(
      owner,
      "POST",
      "/api/reports",
      { name: "Totals", definition: definition({ dimensions: [], period: { from: "2026-01-01", to: "2026-01-31" } }) },
      201,
    );
    const page1 = await h.ok(owner, "GET", "/api/reports?limit=2");
    expect(page1.reports.map((r: { id: string }) => r.id)).toEqual([c.id, b.id]);
    const page2 = await h.ok(owner, "GET", `/api/reports?limit=2&cursor=${page1.next_cursor}`);
    expect(page2).toMatchObject({ reports: [{ id: a.id }], next_cursor: null });

    expect((await patch(owner, `/api/reports/${c.id}`, { name: "Totals for January" })).json().name).toBe("Totals for January");
    expect((await patch(owner, `/api/reports/${c.id}`, { name: "Sent by day" })).statusCode).toBe(409);
    expect((await h.call(owner, "DELETE", `/api/reports/${c.id}`)).statusCode).toBe(204);
    expect((await h.call(owner, "GET", `/api/reports/${c.id}`)).statusCode).toBe(404);
  });

  it("refuses what the engine cannot answer with a 422 naming the field, and writes from readers", async () => {
    const unknown = await h.call(owner, "POST", "/api/reports", { name: "X", definition: definition({ metrics: ["nope"] }) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].field).toMatch(/^definition\.metrics/);
    const incompatible = await h.call(owner, "POST", "/api/reports", {
      name: "Leads by campaign",
      definition: definition({ metrics: ["leads_created"], dimensions: ["campaign"] }),
    });
    expect(incompatible.statusCode).toBe(422);
    expect(incompatible.json().errors).toEqual([expect.objectContaining({ field: "definition.dimensions" })]);
    const backwards = await h.call(owner, "POST", "/api/reports", {
      name: "B",
      definition: definition({ period: { from: "2026-02-01", to: "2026-01-01" } }),
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors[0].field).toBe("definition.period.from");
    expect((await h.call(owner, "POST", "/api/reports", { name: "", definition: definition() })).json().errors[0].field).toBe("name");

    expect((await h.call(viewer, "POST", "/api/reports", { name: "Mine", definition: definition() })).statusCode).toBe(403);
    expect((await h.call(viewer, "GET", "/api/reports")).statusCode).toBe(200);
  });
});

describe("exports", () => {
  let id: string;
  beforeAll(async () => {
    id = (await h.ok(owner, "POST", "/api/reports", { name: "Weekly replies", definition: definition() }, 201)).id;
  });

  it("CSV: the rows and totals parse back, formulas are defused, headers say it is a download", async () => {
    const res = await h.call(viewer, "GET", `/api/reports/${id}/export?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      new RegExp(`attachment; filename="weekly-replies-${dayAgo(6)}-to-${dayAgo(0)}.csv"`),
    );
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual(["Campaign", "Sent", "Reply rate (%)", "Reply rate: n", "Reply rate: 95% low (%)", "Reply rate: 95% high (%)"]);
    expect(rows[1]?.slice(0, 4)).toEqual(["'=HYPERLINK(1)", "40", "15", "40"]);
    expect(Number(rows[1]?.[4])).toBeLessThan(15);
    expect(Number(rows[1]?.[5])).toBeGreaterThan(15);
    expect(rows.at(-1)?.slice(0, 2)).toEqual(["Total", "40"]);
  });

  it("XLSX reads back with exceljs, with an About sheet naming the sources", async () => {
    const res = await h.call(owner, "GET", `/api/reports/${id}/export?format=xlsx`);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet("Report");
    expect(sheet?.getRow(2).getCell(1).value).toBe("'=HYPERLINK(1)");
    expect(sheet?.getRow(2).getCell(2).value).toBe(40);
    const about = wb.getWorksheet("About");
    const text = JSON.stringify(about?.getSheetValues());
    expect(text).toContain("Replied ÷ delivered");
    expect(text).toContain(`${dayAgo(6)} to ${dayAgo(0)}`);
  });

  it("PDF starts with %PDF and carries the title; an unsaved definition exports too", async () => {
    const res = await h.call(owner, "GET", `/api/reports/${id}/export?format=pdf`);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(res.rawPayload.toString("latin1")).toContain("(Weekly replies)");

    const adhoc = await h.call(viewer, "POST", "/api/reports/export", {
      name: "Ad hoc",
      definition: definition({ dimensions: ["day"] }),
      format: "csv",
    });
    expect(adhoc.statusCode).toBe(200);
    expect((parse(adhoc.body) as string[][])[0]?.[0]).toBe("Day");
    const bad = await h.call(viewer, "GET", `/api/reports/${id}/export?format=doc`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe("format");
    expect((await h.call(stranger, "GET", `/api/reports/${id}/export?format=csv`)).statusCode).toBe(404);
  });
});

describe("schedules and deliveries", () => {
  it("accepts only members as recipients, names the field, and computes the next run in the schedule's zone", async () => {
    const report = await h.ok(owner, "POST", "/api/reports", { name: "Scheduled", definition: definition() }, 201);
    const outsider = await h.call(owner, "POST", `/api/reports/${report.id}/schedules`, {
      frequency: "daily",
      hour: 8,
      timezone: "Europe/Paris",
      recipients: [owner.email, "someone@elsewhere.test"],
    });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().errors).toEqual([
      { field: "recipients.1", message: "someone@elsewhere.test is not a member of this workspace" },
    ]);
    const zone = await h.call(owner, "POST", `/api/reports/${report.id}/schedules`, {
      frequency: "daily",
      hour: 8,
      timezone: "Mars/Base",
      recipients: [owner.email],
    });
    expect(zone.json().errors[0].field).toBe("timezone");
    const weekly = await h.call(owner, "POST", `/api/reports/${report.id}/schedules`, {
      frequency: "weekly",
      hour: 8,
      timezone: "UTC",
      recipients: [owner.email],
    });
    expect(weekly.json().errors[0].field).toBe("weekday");

    const s = await h.ok(
      owner,
      "POST",
      `/api/reports/${report.id}/schedules`,
      { frequency: "weekly", weekday: 1, hour: 8, timezone: "Europe/Paris", recipients: [viewer.email], format: "csv" },
      201,
    );
    const next = new Date(s.next_run_at);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    const local = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", weekday: "long", hour: "2-digit", hourCycle: "h23" }).format(
      next,
    );
    expect(local.replace(",", "")).toBe("Monday 08");
    expect((await h.ok(owner, "GET", `/api/reports/${report.id}/schedules`)).schedules).toHaveLength(1);
    expect((await h.call(stranger, "GET", `/api/reports/${report.id}/schedules`)).statusCode).toBe(404);
  });

  it("a due run emails the export once per slot to each recipient over SMTP, logged as sent", async () => {
    const report = await h.ok(owner, "POST", "/api/reports", { name: "Daily digest", definition: definition() }, 201);
    const s = await h.ok(
      owner,
      "POST",
      `/api/reports/${report.id}/schedules`,
      { frequency: "daily", hour: 6, timezone: "America/New_York", recipients: [analyst.email], format: "csv" },
      201,
    );
    const due = new Date(s.next_run_at);
    // Two ticks at the due time (two processes, or a retried tick) make one delivery.
    const [a, b] = await Promise.all([tick(t.app.ctx, due), tick(t.app.ctx, due)]);
    expect(a + b).toBe(1);
    expect(await tick(t.app.ctx, due)).toBe(0);
    const mail = await waitFor(async () => received.find((r) => r.to.includes(analyst.email) && r.raw.includes("Daily digest")) ?? null, {
      what: "the report mail",
    });
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe(`Daily digest: ${dayAgo(6)} to ${dayAgo(0)}`);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]?.filename).toMatch(/^daily-digest-.*\.csv$/);
    expect((parse(parsed.attachments[0]?.content.toString() ?? "") as string[][])[1]?.[1]).toBe("40");
    expect(received.filter((r) => r.raw.includes("Daily digest"))).toHaveLength(1);

    const log = await waitFor(
      async () => {
        const l = await h.ok(owner, "GET", `/api/reports/deliveries?report_id=${report.id}`);
        return l.deliveries[0]?.status === "sent" ? l : null;
      },
      { what: "the delivery to be logged as sent" },
    );
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({
      manual: false,
      slot: due.toISOString(),
      rows: 1,
      recipients: [{ email: analyst.email, status: "sent" }],
    });
    const schedule = (await h.ok(owner, "GET", `/api/reports/${report.id}/schedules`)).schedules[0];
    expect(new Date(schedule.next_run_at).getTime() - due.getTime()).toBe(24 * 3_600_000);
    expect(schedule.last_status).toBe("sent");
    expect((await h.ok(stranger, "GET", "/api/reports/deliveries")).deliveries).toEqual([]);
  });

  it("Send now delivers at once; viewers may not", async () => {
    const report = await h.ok(
      owner,
      "POST",
      "/api/reports",
      { name: "On demand", definition: definition({ chart: "line", dimensions: ["day"] }) },
      201,
    );
    const s = await h.ok(
      owner,
      "POST",
      `/api/reports/${report.id}/schedules`,
      { frequency: "monthly", monthday: 1, hour: 9, timezone: "UTC", recipients: [owner.email], format: "pdf" },
      201,
    );
    expect((await h.call(viewer, "POST", `/api/reports/schedules/${s.id}/send`)).statusCode).toBe(403);
    const d = await h.ok(owner, "POST", `/api/reports/schedules/${s.id}/send`, undefined, 202);
    expect(d).toMatchObject({ manual: true, status: "preparing", report_name: "On demand" });
    const mail = await waitFor(async () => received.find((r) => r.to.includes(owner.email) && r.raw.includes("On demand")) ?? null, {
      what: "Send now",
    });
    const parsed = await simpleParser(mail.raw);
    expect(parsed.attachments[0]?.contentType).toBe("application/pdf");
    expect(parsed.attachments[0]?.content.subarray(0, 4).toString()).toBe("%PDF");
    expect((await h.call(stranger, "POST", `/api/reports/schedules/${s.id}/send`)).statusCode).toBe(404);
  });

  it("a mail the SMTP server refuses is logged as failed with the reason, on the delivery and its schedule", async () => {
    const refused = await addMember(t.database.db, owner, "viewer", { email: `refused-${Date.now()}@example.com` });
    const report = await h.ok(owner, "POST", "/api/reports", { name: "Refused", definition: definition() }, 201);
    const s = await h.ok(
      owner,
      "POST",
      `/api/reports/${report.id}/schedules`,
      { frequency: "daily", hour: 7, timezone: "UTC", recipients: [refused.email], format: "csv" },
      201,
    );
    await h.ok(owner, "POST", `/api/reports/schedules/${s.id}/send`, undefined, 202);
    const failed = await waitFor(
      async () => {
        const d = (await h.ok(owner, "GET", `/api/reports/deliveries?report_id=${report.id}`)).deliveries[0];
        return d?.status === "failed" ? d : null;
      },
      { what: "the refusal to be logged" },
    );
    expect(failed.error).toContain("Mailbox unavailable");
    expect(failed.recipients).toEqual([{ email: refused.email, status: "failed", error: expect.stringContaining("Mailbox unavailable") }]);
    const schedule = (await h.ok(owner, "GET", `/api/reports/${report.id}/schedules`)).schedules[0];
    expect(schedule).toMatchObject({ last_status: "failed", last_error: expect.stringContaining("Mailbox unavailable") });
  });
});
