/**
 * `npm run worker` as a real child process: it delivers mail queued by an API process that runs
 * no jobs (JOBS=off), both on one PostgreSQL database, and exits cleanly on SIGTERM.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/create-test-app.ts";
import { mailMessages } from "./platform/mailbox.table.ts";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function startWorker(env: Record<string, string | undefined>): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  let out = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/worker.ts"], {
    cwd: serverDir,
    // Only what the worker is given: never the test runner's own DATABASE_URL by accident.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exit };
}

describe("worker process", () => {
  it("refuses to start without DATABASE_URL and says why", async () => {
    const w = startWorker({ DATA_DIR: "/tmp/prospector-worker-none" });
    expect(await w.exit).toBe(1);
    expect(w.output()).toContain("npm run worker needs DATABASE_URL (PostgreSQL). The embedded database is single-process");
  }, 60_000);

  describe.skipIf(!process.env.DATABASE_URL)("on PostgreSQL", () => {
    let api: TestApp;
    let smtp: SMTPServer;
    let worker: ReturnType<typeof startWorker> | null = null;
    const received: string[] = [];
    afterAll(async () => {
      if (worker && worker.child.exitCode === null) worker.child.kill("SIGKILL");
      await api?.close();
      await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    });

    it("delivers a mail job queued by an API process that runs no jobs, then stops on SIGTERM", async () => {
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

      const { id } = await api.app.ctx.mailer.send({
        to: "prospect@example.com",
        subject: "Worker check",
        text: "sent by the worker",
        kind: "invite",
      });
      const status = async () => (await api.database.db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0]?.status;
      await new Promise((r) => setTimeout(r, 1500));
      expect(await status()).toBe("queued"); // the API process itself delivers nothing

      worker = startWorker({
        DATABASE_URL: api.config.DATABASE_URL,
        REDIS_URL: api.config.REDIS_URL,
        SMTP_URL: smtpUrl,
        DATA_DIR: api.config.dataDir,
        AUTH_SECRET: api.config.AUTH_SECRET,
        LOG_LEVEL: "info",
      });
      const deadline = Date.now() + 45_000;
      while ((await status()) !== "sent" && Date.now() < deadline && worker.child.exitCode === null) {
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(await status(), worker.output()).toBe("sent");
      expect(received.join("\n")).toContain("Subject: Worker check");

      worker.child.kill("SIGTERM");
      expect(await worker.exit).toBe(0);
      expect(worker.output()).toContain("SIGTERM: finishing running jobs, then stopping");
    }, 90_000);
  });
});
