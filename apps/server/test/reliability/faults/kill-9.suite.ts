/**
 * kill -9 during a send, an import, an export and a backup restore (issue 19, faults part 1).
 *
 * Real processes on one fresh PostgreSQL database: the API (`src/main.ts`) and the worker
 * (`src/worker.ts`), killed with SIGKILL at a moment chosen from real progress, then restarted.
 * The in-process test app runs no jobs (JOBS=off): it only sets things up through the API and
 * reads the database. Pass conditions:
 * - send (worker killed; API with JOBS=inline killed): every lead gets its email, and no more
 *   arrive twice than the outbox rows left "sending" at the kill (the in-flight bound; measured:
 *   the messages on the wire, at most HANDOFF_LANES per inbox, since marks are group-committed);
 * - import: resumes to completion or fails visibly, imported + updated + skipped + failed = rows,
 *   and the leads table agrees (no loss, no duplicate);
 * - export: never offered while half-written; after the restart it completes with complete files
 *   (every CSV parses, the leads file has every lead) or is marked failed;
 * - restore: the workspace is either wholly as before or wholly restored, never half.
 * Prints one JSON object with the figures. Skipped without DATABASE_URL (PGlite is one process).
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { campaignMessages } from "../../../src/features/campaigns/campaigns.table.ts";
import { inWindow } from "../../../src/features/sending/send-window.ts";
import { HANDOFF_LANES } from "../../../src/features/sending/sending.deliver.ts";
import { type SmtpSink, sendingHelpers, startSmtpSink } from "../../../src/features/sending/sending.test-helpers.ts";
import { createTestApp, type TestApp } from "../../create-test-app.ts";
import { createUser, type TestUser } from "../../factories.ts";
import { freePort, startServer, startWorker } from "../../processes.ts";
import { waitFor } from "../../wait.ts";
import { Children, childEnv, type Figures, kill9, seconds, withOutput } from "./kill/harness.ts";

const SEND_LEADS = 120;
const IMPORT_ROWS = 20_000;
/** Waiting for a restarted process to finish what the killed one left (a heartbeat, a supervisor pass, a retry delay, load). */
const RECOVERY_MS = 100_000;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

if (!process.env.DATABASE_URL) {
  process.stdout.write(
    `${JSON.stringify({ suite: "faults/kill-9", skipped: "needs DATABASE_URL (PostgreSQL): the API and worker processes killed here share one database, which the embedded PGlite cannot" })}\n`,
  );
}

describe.skipIf(!process.env.DATABASE_URL)("kill -9 during send, import, export and restore (PostgreSQL, real processes)", () => {
  let t: TestApp;
  const children = new Children();
  const sinks: SmtpSink[] = [];
  const figures: Figures = {};
  const started = Date.now();
  const h = sendingHelpers(() => t);

  beforeAll(async () => {
    t = await createTestApp({ JOBS: "off", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
  });

  // A scenario that failed may have left its restarted process running: it must not take the next one's jobs.
  beforeEach(() => children.killAll());

  afterAll(async () => {
    children.killAll();
    for (const s of sinks) await s.close();
    await t?.close();
    figures.total = { seconds: seconds(Date.now() - started) };
    process.stdout.write(`\n${JSON.stringify({ suite: "faults/kill-9", database: "postgresql", figures })}\n`);
  });

  /** A launched campaign of `n` fresh leads from an inbox on a fresh SMTP sink. */
  async function campaign(owner: TestUser, n: number) {
    const sink = await startSmtpSink();
    sinks.push(sink);
    const inbox = await h.inbox(owner, sink.port, { daily_limit: 1000, min_gap_seconds: 0 });
    const leads = await h.leads(owner, n);
    // Any zone whose clock is not in its last minutes of the day: the window stays open.
    const timezone = ["UTC", "Asia/Tokyo"].find((tz) => inWindow({ ...h.ALWAYS, timezone: tz }, new Date(Date.now() + 300_000))) as string;
    const c = await h.launched(owner, {
      inboxIds: [inbox.id],
      leadIds: leads.map((l) => l.id),
      body: { schedule: { ...h.ALWAYS, timezone } },
    });
    return { sink, leads, campaignId: c.id };
  }

  const outbox = (campaignId: string) => t.database.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, campaignId));

  /** Kills `first` once the sink has `killAt` messages, restarts with `restart`, checks exactly-once within the bound. */
  async function sendScenario(name: string, start: () => Promise<import("../../processes.ts").ChildServer>, killAt: number): Promise<void> {
    const owner = await createUser(t.database.db);
    const { sink, leads, campaignId } = await campaign(owner, SEND_LEADS);
    const t0 = Date.now();
    const first = children.track(await start());
    await waitFor(() => sink.received.length >= killAt, {
      what: `${killAt} messages at the SMTP server`,
      timeoutMs: 90_000,
      intervalMs: 5,
    }).catch(withOutput(first));
    await kill9(first);
    const deliveredAtKill = sink.received.length;
    // The process is gone: rows it left "sending" are exactly those that may have been on the wire.
    const inFlight = (await outbox(campaignId)).filter((r) => r.status === "sending").length;
    const tKill = Date.now();
    const second = children.track(await start());
    await waitFor(async () => (await outbox(campaignId)).filter((r) => r.status === "sent").length === SEND_LEADS, {
      what: "every outbox row sent after the restart",
      timeoutMs: RECOVERY_MS,
      intervalMs: 200,
    }).catch(withOutput(second));
    second.child.kill("SIGTERM");
    await second.exit;

    const perRecipient = new Map<string, number>();
    for (const r of sink.received) for (const to of r.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    // Which copies of a repeated message arrived before the kill (a repeat before it is no crash's doing).
    const beforeKill = new Map<string, number>();
    for (const r of sink.received.slice(0, deliveredAtKill)) for (const to of r.to) beforeKill.set(to, (beforeKill.get(to) ?? 0) + 1);
    const repeatedBeforeKill = [...beforeKill.values()].reduce((n, c) => n + Math.max(0, c - 1), 0);
    const repeatedIds = sink.received
      .filter((r) => (perRecipient.get(r.to[0] ?? "") ?? 0) > 1)
      .map((r) => `${r.to[0]} ${r.mail.messageId}`)
      .slice(0, 12);
    const skipped = leads.filter((l) => !perRecipient.has(l.email)).length;
    const duplicates = [...perRecipient.values()].reduce((n, c) => n + Math.max(0, c - 1), 0);
    const rows = await outbox(campaignId);
    figures[name] = {
      N: SEND_LEADS,
      killedAtDelivered: deliveredAtKill,
      inFlightAtKill: inFlight,
      // Messages one inbox has on the wire at once: what a kill can repeat, plus the marks being written.
      onTheWirePerInbox: HANDOFF_LANES,
      duplicates,
      repeatedBeforeKill,
      ...(duplicates > 0 ? { repeatedIds } : {}),
      skipped,
      outboxRows: rows.length,
      resumed: true,
      secondsToKill: seconds(tKill - t0),
      secondsToRecover: seconds(Date.now() - tKill),
    };
    expect(deliveredAtKill, "killed mid-send").toBeLessThan(SEND_LEADS);
    expect(skipped, "leads that never got their email").toBe(0);
    expect(duplicates, "messages delivered twice beyond those in flight at the kill").toBeLessThanOrEqual(inFlight);
    expect(rows).toHaveLength(SEND_LEADS);
    expect(new Set(rows.map((r) => r.leadId)).size).toBe(SEND_LEADS);
  }

  it("send: kill -9 of the worker mid-send, then a new worker", async () => {
    await sendScenario("sendWorker", async () => startWorker(childEnv(t)), 40);
  }, 180_000);

  it("send: kill -9 of the API process running the jobs (JOBS=inline) mid-send, then a new one", async () => {
    const port = await freePort();
    await sendScenario("sendApiInline", () => startServer(childEnv(t, { JOBS: "inline" }), port), 40);
  }, 180_000);

  // Import, export and restore share one workspace: the import's leads are what is exported and restored.
  let owner: TestUser;

  it("import: kill -9 of the worker mid-import; the new worker resumes it, every row accounted for", async () => {
    owner = await createUser(t.database.db);
    // A plan whose monthly lead allowance holds the whole file (the trial allows 2,000).
    await t.database.db.execute(sql`update organizations set plan = 'growth' where id = ${owner.organizationId}`);
    const lines = ["First Name,Last Name,Email,Company"];
    for (let i = 1; i <= IMPORT_ROWS; i++) {
      // Every 97th row has an address no one can send to; every 101st repeats an earlier one.
      const email = i % 97 === 0 ? `not-an-address-${i}` : i % 101 === 0 ? `person${i - 50}@import.test` : `person${i}@import.test`;
      lines.push(`First${i},Last${i},${email},Company ${i % 300}`);
    }
    const csv = `${lines.join("\n")}\n`;
    const boundary = "----prospectorkill9";
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/leads/import",
      headers: { ...owner.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode, upload.body).toBe(202);
    const importId = upload.json().id as string;
    const job = async () =>
      (await t.app.inject({ method: "GET", url: `/api/leads/import-jobs/${importId}`, headers: owner.headers })).json() as {
        status: string;
        processed_rows: number;
        created: number;
        updated: number;
        skipped: number;
        failed: number;
        error: string | null;
      };

    const t0 = Date.now();
    const first = children.track(startWorker(childEnv(t)));
    const atKill = await waitFor(
      async () => {
        const j = await job();
        return j.processed_rows > 0 ? j : null;
      },
      { what: "the import to report progress", timeoutMs: 90_000, intervalMs: 20 },
    ).catch(withOutput(first));
    await kill9(first);
    const tKill = Date.now();
    const afterKill = await job();
    expect(afterKill.processed_rows, "killed mid-import").toBeLessThan(IMPORT_ROWS);

    const second = children.track(startWorker(childEnv(t)));
    const done = await waitFor(
      async () => {
        const j = await job();
        return j.status === "completed" || j.status === "failed" ? j : null;
      },
      { what: "the import to complete or fail visibly after the restart", timeoutMs: RECOVERY_MS, intervalMs: 250 },
    ).catch(withOutput(second));
    second.child.kill("SIGTERM");
    await second.exit;

    const [{ leads, distinct }] = rowsOf<{ leads: number; distinct: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as leads, count(distinct lower(email))::int as distinct from leads where workspace_id = ${owner.workspaceId}`,
      ),
    ) as [{ leads: number; distinct: number }];
    const accounted = done.created + done.updated + done.skipped + done.failed;
    figures.import = {
      N: IMPORT_ROWS,
      killedAtRows: afterKill.processed_rows,
      killedAtReported: atKill.processed_rows,
      status: done.status,
      error: done.error,
      created: done.created,
      updated: done.updated,
      skipped: done.skipped,
      failed: done.failed,
      accounted,
      leadsInTable: leads,
      duplicates: leads - distinct,
      secondsToKill: seconds(tKill - t0),
      secondsToRecover: seconds(Date.now() - tKill),
    };
    if (done.status === "failed") {
      // Failing is allowed when visible: a reason, and the rows it did save accounted for.
      expect(done.error, "a failed import says why").toBeTruthy();
      expect(leads).toBe(done.created);
    } else {
      expect(done.processed_rows).toBe(IMPORT_ROWS);
      expect(accounted, "imported + updated + skipped + failed = rows").toBe(IMPORT_ROWS);
      expect(leads, "the leads table agrees with the job").toBe(done.created);
    }
    expect(leads - distinct, "no lead imported twice").toBe(0);
  }, 240_000);

  it("export: kill -9 of the worker mid-write offers no half-written file; the restart completes it or marks it failed", async () => {
    expect(owner, "runs after the import").toBeTruthy();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user-settings/exports",
      headers: owner.headers,
      payload: { includePersonalData: true, includeCampaignData: true, format: "csv", compression: "none" },
    });
    expect(res.statusCode, res.body).toBe(202);
    const exportId = res.json().id as string;
    const record = async () =>
      (await t.app.inject({ method: "GET", url: `/api/user-settings/exports/${exportId}`, headers: owner.headers })).json() as {
        status: string;
        files: { name: string; size: number }[];
        error: string | null;
      };
    const dir = path.join(t.config.dataDir, "exports", owner.workspaceId, exportId);
    const partial = () => {
      try {
        return fs.readdirSync(dir).some((f) => fs.statSync(path.join(dir, f)).size > 0);
      } catch {
        return false;
      }
    };

    const t0 = Date.now();
    const first = children.track(startWorker(childEnv(t)));
    await waitFor(partial, { what: "the export to start writing its files", timeoutMs: 90_000, intervalMs: 2 }).catch(withOutput(first));
    await kill9(first);
    const tKill = Date.now();
    const bytesAtKill = fs.readdirSync(dir).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
    const atKill = await record();
    const download = await t.app.inject({ method: "GET", url: `/api/user-settings/exports/${exportId}/download`, headers: owner.headers });
    expect(atKill.status, "a killed export is not offered as ready").not.toBe("completed");
    expect(download.statusCode, "nothing to download while the export is unfinished").not.toBe(200);

    const second = children.track(startWorker(childEnv(t)));
    const done = await waitFor(
      async () => {
        const r = await record();
        return r.status === "completed" || r.status === "failed" ? r : null;
      },
      { what: "the export to complete or fail after the restart", timeoutMs: RECOVERY_MS, intervalMs: 250 },
    ).catch(withOutput(second));
    second.child.kill("SIGTERM");
    await second.exit;

    let leadRows: number | null = null;
    if (done.status === "completed") {
      for (const f of done.files) {
        const file = await t.app.inject({
          method: "GET",
          url: `/api/user-settings/exports/${exportId}/files/${encodeURIComponent(f.name)}`,
          headers: owner.headers,
        });
        expect(file.statusCode, f.name).toBe(200);
        expect(file.rawPayload.length, `${f.name}: the size the export recorded`).toBe(f.size);
        const rows = parse(file.body, { columns: true, relax_column_count: false }) as unknown[];
        if (f.name.startsWith("leads")) leadRows = (leadRows ?? 0) + rows.length;
      }
      const [{ n }] = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from leads where workspace_id = ${owner.workspaceId}`),
      ) as [{ n: number }];
      expect(leadRows, "every lead in the export's leads file").toBe(n);
    } else {
      expect(done.error, "a failed export says why").toBeTruthy();
    }
    figures.export = {
      N: leadRows,
      killedAtBytes: bytesAtKill,
      statusAtKill: atKill.status,
      downloadAtKill: download.statusCode,
      status: done.status,
      error: done.error,
      files: done.files.length,
      secondsToKill: seconds(tKill - t0),
      secondsToRecover: seconds(Date.now() - tKill),
    };
  }, 240_000);

  it("restore: kill -9 of the API mid-restore leaves the workspace wholly as it was, and a new restore completes", async () => {
    expect(owner, "runs after the import").toBeTruthy();
    const count = async (where: ReturnType<typeof sql>) =>
      (
        rowsOf<{ n: number }>(
          await t.database.db.execute(sql`select count(*)::int as n from leads where workspace_id = ${owner.workspaceId} and ${where}`),
        )[0] as { n: number }
      ).n;
    const total = await count(sql`true`);
    expect(total).toBeGreaterThan(1000);

    // A backup made by a worker, then every lead changed after it.
    const worker = children.track(startWorker(childEnv(t)));
    const backup = await t.app.inject({ method: "POST", url: "/api/user-settings/backups", headers: owner.headers });
    expect(backup.statusCode, backup.body).toBe(202);
    const backupId = backup.json().id as string;
    await waitFor(
      async () => {
        const list = (await t.app.inject({ method: "GET", url: "/api/user-settings/backups", headers: owner.headers })).json() as {
          id: string;
          status: string;
        }[];
        const b = list.find((x) => x.id === backupId);
        if (b?.status === "failed") throw new Error("the backup failed");
        return b?.status === "completed";
      },
      { what: "the backup to complete", timeoutMs: 90_000, intervalMs: 250 },
    ).catch(withOutput(worker));
    worker.child.kill("SIGTERM");
    await worker.exit;
    await t.database.db.execute(sql`update leads set first_name = 'Changed after the backup' where workspace_id = ${owner.workspaceId}`);
    const changed = () => count(sql`first_name = 'Changed after the backup'`);

    const port = await freePort();
    const api = children.track(await startServer(childEnv(t, { JOBS: "off" }), port));
    const t0 = Date.now();
    const request = fetch(`http://127.0.0.1:${port}/api/user-settings/backups/${backupId}/restore`, {
      method: "POST",
      headers: owner.headers,
    }).then(
      async (r) => ({ status: r.status, body: await r.text() }),
      (err: Error) => ({ status: 0, body: err.message }),
    );
    // The restore's writes are running: its transaction is open on the server.
    await waitFor(
      async () =>
        rowsOf<{ n: number }>(
          await t.database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle' and query ilike '%json_populate_recordset%'`,
          ),
        )[0]?.n,
      { what: "the restore's writes to start", timeoutMs: 60_000, intervalMs: 5 },
    ).catch(withOutput(api));
    await kill9(api);
    const tKill = Date.now();
    const answer = await request;
    // PostgreSQL rolls back the transaction of a connection whose process died.
    const changedAfterKill = await waitFor(
      async () => {
        const busy = rowsOf<{ n: number }>(
          await t.database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike '%json_populate_recordset%' and state <> 'idle'`,
          ),
        )[0]?.n;
        return busy ? null : { n: await changed() };
      },
      { what: "the killed restore's session to end", timeoutMs: 30_000, intervalMs: 100 },
    );
    const totalAfterKill = await count(sql`true`);

    // A new API process: the same restore now completes.
    const again = children.track(await startServer(childEnv(t, { JOBS: "off" }), port));
    const ok = await fetch(`http://127.0.0.1:${port}/api/user-settings/backups/${backupId}/restore`, {
      method: "POST",
      headers: owner.headers,
    });
    const okBody = await ok.text();
    again.child.kill("SIGTERM");
    await again.exit;
    const changedAfterRestore = await changed();
    figures.restore = {
      N: total,
      killedAfterSeconds: seconds(tKill - t0),
      answerAtKill: answer.status,
      changedRowsAfterKill: changedAfterKill.n,
      totalAfterKill,
      outcomeAfterKill: changedAfterKill.n === total ? "old state" : changedAfterKill.n === 0 ? "new state" : "HALF",
      restoreAgain: ok.status,
      changedRowsAfterRestore: changedAfterRestore,
    };
    expect(answer.status, "the killed request got no success answer").not.toBe(200);
    expect([0, total], "all or nothing: never a half-restored workspace").toContain(changedAfterKill.n);
    expect(totalAfterKill).toBe(total);
    expect(ok.status, okBody).toBe(200);
    expect(changedAfterRestore, "the completed restore brought every lead back").toBe(0);
  }, 240_000);
});
