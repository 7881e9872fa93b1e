/**
 * A worker killed with SIGKILL mid-import (PostgreSQL, real worker processes): the import's job has
 * a heartbeat, so a new worker retries it within a minute (not after the hour of expireInSeconds)
 * and resumes after the last committed batch: every row accounted for, no lead twice.
 */
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser } from "../../../test/factories.ts";
import { type ChildServer, startWorker } from "../../../test/processes.ts";
import { waitFor } from "../../../test/wait.ts";

const ROWS = 8000;

describe.skipIf(!process.env.DATABASE_URL)("lead import after kill -9 of its worker (PostgreSQL)", () => {
  let t: TestApp;
  const workers: ChildServer[] = [];
  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill("SIGKILL");
    await t?.close();
  });

  it("is taken up again by a new worker within a minute and completes with every row accounted for", async () => {
    t = await createTestApp({ JOBS: "off" }, { work: false });
    const owner = await createUser(t.database.db);
    // A plan whose monthly lead allowance holds the whole file (the trial allows 2,000).
    await t.database.db.execute(sql`update organizations set plan = 'growth' where id = ${owner.organizationId}`);
    const lines = ["First Name,Email"];
    for (let i = 1; i <= ROWS; i++) lines.push(`Person${i},person${i}@crash.test`);
    const boundary = "----prospectorimportcrash";
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/leads/import",
      headers: { ...owner.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="crash.csv"\r\nContent-Type: text/csv\r\n\r\n${lines.join("\n")}\n\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode, upload.body).toBe(202);
    const id = upload.json().id as string;
    const job = async () =>
      (await t.app.inject({ method: "GET", url: `/api/leads/import-jobs/${id}`, headers: owner.headers })).json() as {
        status: string;
        processed_rows: number;
        created: number;
        skipped: number;
        failed: number;
      };
    const env = { DATABASE_URL: t.config.DATABASE_URL, AUTH_SECRET: t.config.AUTH_SECRET, DATA_DIR: t.config.dataDir, LOG_LEVEL: "warn" };
    const first = startWorker(env);
    workers.push(first);
    await waitFor(async () => (await job()).processed_rows > 0, { what: "the import's first batch", timeoutMs: 60_000, intervalMs: 20 });
    first.child.kill("SIGKILL");
    await first.exit;
    expect((await job()).processed_rows, "killed mid-import").toBeLessThan(ROWS);

    const second = startWorker(env);
    workers.push(second);
    const killedAt = Date.now();
    const done = await waitFor(
      async () => {
        const j = await job();
        return j.status === "completed" || j.status === "failed" ? j : null;
      },
      // Heartbeat (20 s) + the supervisor's pass (20 s) + the retry delay, on a loaded machine.
      { what: "the new worker to finish the import", timeoutMs: 80_000, intervalMs: 250 },
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${second.output()}`);
    });
    expect(done.status).toBe("completed");
    expect(Date.now() - killedAt).toBeLessThan(80_000);
    expect(done.processed_rows).toBe(ROWS);
    expect(done.created + done.skipped + done.failed).toBe(ROWS);
    const [counts] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n, count(distinct email)::int as d from leads where workspace_id = ${owner.workspaceId}`,
      )) as unknown as { rows: { n: number; d: number }[] }
    ).rows;
    expect(counts).toEqual({ n: ROWS, d: ROWS });
    second.child.kill("SIGTERM");
    await second.exit;
  }, 150_000);
});
