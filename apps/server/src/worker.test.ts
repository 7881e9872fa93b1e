/**
 * `npm run worker` as a real child process: it listens on no port (it builds the runtime, not the
 * HTTP app), runs the jobs of several features queued by an API process that runs none
 * (JOBS=off) — the mailer's delivery, a lead import and a data export — on one PostgreSQL
 * database, and exits cleanly on SIGTERM.
 */
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/create-test-app.ts";
import { createUser } from "../test/factories.ts";
import { type ChildServer, listeningPorts, startWorker } from "../test/processes.ts";
import { waitFor } from "../test/wait.ts";
import { EXPORT_JOB } from "./features/data-exports/data-exports.service.ts";
import { IMPORT_JOB } from "./features/leads/leads.import.ts";
import { mailMessages } from "./platform/mailbox.table.ts";
import { MAIL_DELIVER } from "./platform/mailer.ts";
import { createLogger } from "./platform/request-log.ts";
import { createRuntime } from "./runtime.ts";

/** A CSV upload as a browser's FormData sends it. */
function csvUpload(csv: string) {
  const boundary = "----prospectorworkertest";
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe("worker runtime", () => {
  it("defines every job the API defines, without building the HTTP app", async () => {
    const api = await createTestApp({}, { work: false });
    try {
      // The worker's context: the same config and database, features registered, no Fastify.
      const runtime = await createRuntime({ config: api.config, database: api.database, log: createLogger({ LOG_LEVEL: "silent" }) });
      try {
        const apiJobs = api.app.ctx.jobs.names();
        expect(apiJobs).toEqual(expect.arrayContaining([MAIL_DELIVER, IMPORT_JOB, EXPORT_JOB]));
        expect(runtime.ctx.jobs.names().sort()).toEqual([...apiJobs].sort());
      } finally {
        await runtime.close();
      }
    } finally {
      await api.close();
    }
  }, 60_000);
});

describe("worker process", () => {
  it("refuses to start without DATABASE_URL and says why", async () => {
    const w = startWorker({ DATA_DIR: "/tmp/prospector-worker-none" });
    expect(await w.exit).toBe(1);
    expect(w.output()).toContain("npm run worker needs DATABASE_URL (PostgreSQL). The embedded database is single-process");
  }, 60_000);

  describe.skipIf(!process.env.DATABASE_URL)("on PostgreSQL", () => {
    let api: TestApp;
    let smtp: SMTPServer;
    let worker: ChildServer | null = null;
    const received: string[] = [];
    afterAll(async () => {
      if (worker && worker.child.exitCode === null) worker.child.kill("SIGKILL");
      await api?.close();
      await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    });

    it("runs the mail, lead-import and data-export jobs an API process that runs no jobs queued, serves no HTTP, and stops on SIGTERM", async () => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onData(stream, _session, cb) {
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            received.push(Buffer.concat(chunks).toString());
            cb();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
      const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
      api = await createTestApp({ SMTP_URL: smtpUrl, JOBS: "off" }, { work: false });
      const user = await createUser(api.database.db);

      // Two features' jobs: the mailer's delivery and a CSV import of leads.
      const { id } = await api.app.ctx.mailer.send({
        to: "prospect@example.com",
        subject: "Worker check",
        text: "sent by the worker",
        kind: "invite",
      });
      const csv = "First Name,Last Name,Email,Company\nAnn,Lee,ann@acme.test,Acme Corp\nBob,Stone,bob@initech.test,Initech\n";
      const form = csvUpload(csv);
      const upload = await api.app.inject({
        method: "POST",
        url: "/api/leads/import",
        payload: form.payload,
        headers: { ...form.headers, ...user.headers },
      });
      expect(upload.statusCode, upload.body).toBe(202);
      const importId = upload.json().id as string;
      const exported = await api.app.inject({
        method: "POST",
        url: "/api/user-settings/exports",
        headers: user.headers,
        payload: { includePersonalData: true, format: "json" },
      });
      expect(exported.statusCode, exported.body).toBe(202);
      const exportId = exported.json().id as string;
      const exportStatus = async () =>
        (
          (await api.app.inject({ method: "GET", url: `/api/user-settings/exports/${exportId}`, headers: user.headers })).json() as {
            status: string;
          }
        ).status;

      const mailStatus = async () => (await api.database.db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0]?.status;
      const importJob = async () =>
        (await api.app.inject({ method: "GET", url: `/api/leads/import-jobs/${importId}`, headers: user.headers })).json() as {
          status: string;
          created: number;
        };
      // The API process runs no handlers: the three jobs wait in the queue.
      const queued = (await api.database.db.execute(
        sql`select name, state from pgboss.job where name in (${MAIL_DELIVER}, ${IMPORT_JOB}, ${EXPORT_JOB})`,
      )) as unknown as { rows: { name: string; state: string }[] };
      expect(queued.rows.map((r) => `${r.name}:${r.state}`).sort()).toEqual(
        [`${MAIL_DELIVER}:created`, `${IMPORT_JOB}:created`, `${EXPORT_JOB}:created`].sort(),
      );
      expect(await mailStatus()).toBe("queued");
      expect((await importJob()).status).toBe("queued");
      expect(await exportStatus()).toBe("queued");

      worker = startWorker({
        DATABASE_URL: api.config.DATABASE_URL,
        REDIS_URL: api.config.REDIS_URL,
        SMTP_URL: smtpUrl,
        DATA_DIR: api.config.dataDir,
        AUTH_SECRET: api.config.AUTH_SECRET,
        LOG_LEVEL: "info",
      });
      await worker.waitForOutput("Prospector worker is running jobs", 45_000);
      const ports = listeningPorts(worker.child.pid!);
      if (ports) expect(ports, "the worker listens on no port").toEqual([]);

      const w = worker;
      const withOutput = (err: Error) => {
        throw new Error(`${err.message}\n${w.output()}`);
      };
      await waitFor(async () => (await mailStatus()) === "sent", { what: "the mail to be sent", timeoutMs: 45_000 }).catch(withOutput);
      expect(received.join("\n")).toContain("Subject: Worker check");
      const done = await waitFor(
        async () => {
          const job = await importJob();
          return job.status === "completed" || job.status === "failed" ? job : null;
        },
        { what: "the lead import to finish", timeoutMs: 45_000 },
      ).catch(withOutput);
      expect(done).toMatchObject({ status: "completed", created: 2, failed: 0 });
      const exportDone = await waitFor(
        async () => {
          const status = await exportStatus();
          return status === "completed" || status === "failed" ? status : null;
        },
        { what: "the data export to finish", timeoutMs: 45_000 },
      ).catch(withOutput);
      expect(exportDone).toBe("completed");

      worker.child.kill("SIGTERM");
      expect(await worker.exit).toBe(0);
      expect(worker.output()).toContain("SIGTERM: finishing running jobs, then stopping");
    }, 120_000);
  });
});
