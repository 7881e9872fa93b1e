/**
 * Sending benchmark: campaign emails rendered (Liquid + spintax), tracked (signed links, pixel,
 * List-Unsubscribe) and delivered to a local SMTP sink per second through the real sender path
 * (claim transaction → outbox rows → pooled nodemailer → batched "sent" marks), against raw pooled
 * nodemailer sending the same number of pre-built messages to the same sink in the same run.
 * Targets: ≥ 500 msg/s and ≥ 0.5× raw. The sink runs in a child process. Prints one JSON object.
 *
 *   node bench/send.bench.ts                            # PGlite
 *   DATABASE_URL=postgres://… node bench/send.bench.ts   # PostgreSQL (fresh database, dropped after)
 *   SEND_BENCH_MESSAGES=3000 (default)
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const server = path.join(here, "../apps/server");
const MESSAGES = Number(process.env.SEND_BENCH_MESSAGES ?? 3000);
const TARGET_MPS = 500;
const TARGET_RATIO = 0.5;

function startSink(): Promise<{ port: number; stop: () => void }> {
  const proc = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--sink"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    proc.stdout.on("data", (chunk: Buffer) => {
      const m = /SINK_PORT (\d+)/.exec(chunk.toString());
      if (m) resolve({ port: Number(m[1]), stop: () => proc.kill("SIGTERM") });
    });
    proc.on("exit", (code) => reject(new Error(`sink exited ${code}`)));
  });
}

async function main(): Promise<void> {
  const load = () => os.loadavg()[0]?.toFixed(1);
  const loadBefore = load();
  const sink = await startSink();
  try {
    const raw = await rawNodemailer(sink.port);
    const real = await realPath(sink.port);
    const ratio = Math.round((real.messages_per_second / raw.messages_per_second) * 100) / 100;
    console.log(
      JSON.stringify(
        {
          bench: "send",
          database: process.env.DATABASE_URL ? "postgres" : "pglite",
          messages: MESSAGES,
          raw_nodemailer_mps: raw.messages_per_second,
          sender_mps: real.messages_per_second,
          ratio,
          targets: { messages_per_second: TARGET_MPS, ratio: TARGET_RATIO },
          pass: real.messages_per_second >= TARGET_MPS && ratio >= TARGET_RATIO,
          detail: { raw, real },
          machine: { cpus: os.cpus().length, load_before: loadBefore, load_after: load() },
        },
        null,
        2,
      ),
    );
  } finally {
    sink.stop();
  }
}

const BODY = (i: number) =>
  `<p>Hello Lead${i},</p><p>I noticed Acme ${i} is growing. Would a short call next week help?</p>` +
  `<p>See <a href="https://example.com/pricing?ref=${i}">our pricing</a> and <a href="https://example.com/cases">case studies</a>.</p>` +
  `<p>Best,<br>Sam</p><p><a href="https://example.com/u/${i}">Unsubscribe</a></p>`;

/** Baseline: pooled nodemailer (same pool size as the sender), messages built up front. */
async function rawNodemailer(port: number) {
  const nodemailer = (await import("nodemailer")).default;
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    pool: true,
    maxConnections: 5,
    maxMessages: 1000,
  });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: MESSAGES }, (_, i) =>
      transport.sendMail({
        from: { name: "Sam Sender", address: "sam@outbound.test" },
        to: `lead${i}@prospect.test`,
        subject: `Hi Lead${i}`,
        html: BODY(i),
        text: `Hello Lead${i}`,
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return { seconds: Math.round(seconds * 100) / 100, messages_per_second: Math.round(MESSAGES / seconds) };
}

/** The sender: a launched campaign with tracking on, passes until every lead has its email. */
async function realPath(port: number) {
  const { createTestApp } = await import(path.join(server, "test/create-test-app.ts"));
  const { createUser } = await import(path.join(server, "test/factories.ts"));
  const { organizations } = await import(path.join(server, "src/features/organizations/organizations.table.ts"));
  const { leads } = await import(path.join(server, "src/features/leads/leads.table.ts"));
  const { runSendingPass } = await import(path.join(server, "src/features/sending/sending.service.ts"));
  const { newId } = await import(path.join(server, "src/platform/ids.ts"));
  const { eq } = await import("drizzle-orm");

  // The SMTP sink is local and speaks no TLS: allowed explicitly, as an admin would.
  const t = await createTestApp(
    { JOBS: "off", TRACKING_BASE_URL: "https://track.example.org", OUTBOUND_ALLOWLIST: "127.0.0.1" },
    { work: false },
  );
  try {
    const db = t.app.ctx.db;
    const user = await createUser(db);
    await db.update(organizations).set({ plan: "enterprise" }).where(eq(organizations.id, user.organizationId));
    const call = async (method: string, url: string, payload?: unknown) => {
      const res = await t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const inbox = await call("POST", "/api/inboxes", {
      email: "sam@outbound.test",
      from_name: "Sam Sender",
      smtp: { host: "127.0.0.1", port, secure: false, username: "", password: "" },
      imap: null,
      allow_plaintext: true,
      daily_limit: 10_000,
      min_gap_seconds: 0,
    });
    const ids: string[] = [];
    for (let i = 0; i < MESSAGES; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, MESSAGES - i) }, (_, j) => {
        const n = i + j;
        const id = newId();
        ids.push(id);
        return {
          id,
          workspaceId: user.workspaceId,
          firstName: `Lead${n}`,
          email: `lead${n}@prospect.test`,
          companyName: `Acme ${n}`,
          source: "import",
        };
      });
      await db.insert(leads).values(rows);
    }
    const campaign = await call("POST", "/api/campaigns/", {
      name: "Bench",
      subject_line: "{Hi|Hello} {{ first_name }}",
      body:
        "<p>{Hello|Hi} {{ first_name }},</p><p>I noticed {{ company_name }} is growing. Would a short call next week help?</p>" +
        '<p>See <a href="https://example.com/pricing?ref={{ first_name }}">our pricing</a> and <a href="https://example.com/cases">case studies</a>.</p>' +
        '<p>Best,<br>{{ sender_name }}</p><p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p>',
      inbox_ids: [inbox.id],
      schedule: { timezone: "UTC", days: [0, 1, 2, 3, 4, 5, 6], start: "00:00", end: "23:59" },
      track_opens: true,
      track_clicks: true,
    });
    for (let i = 0; i < ids.length; i += 1000)
      await call("POST", `/api/campaigns/${campaign.id}/leads`, { lead_ids: ids.slice(i, i + 1000) });
    await call("POST", `/api/campaigns/${campaign.id}/launch`);

    const engine = t.app.ctx.sending;
    const d = new Date();
    const noon = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, 12));
    let sent = 0;
    let passes = 0;
    const started = performance.now();
    while (sent < MESSAGES && passes < MESSAGES) {
      const r = await runSendingPass(engine, campaign.id, new Date(noon.getTime() + (performance.now() - started)));
      passes++;
      sent += r.sent;
      if (r.sent === 0 && r.failed === 0) break;
    }
    const seconds = (performance.now() - started) / 1000;
    return { seconds: Math.round(seconds * 100) / 100, sent, passes, messages_per_second: Math.round(sent / seconds) };
  } finally {
    await t.close();
  }
}

async function runSink(): Promise<void> {
  // Child: an SMTP server that accepts everything and counts messages.
  const { SMTPServer } = await import("smtp-server");
  let count = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(_a: unknown, _s: unknown, cb: (e: null, r: { user: string }) => void) {
      cb(null, { user: "bench" });
    },
    onData(stream: NodeJS.ReadableStream, _s: unknown, cb: () => void) {
      stream.on("data", () => {});
      stream.on("end", () => {
        count++;
        cb();
      });
    },
  });
  sink.listen(0, "127.0.0.1", () => {
    console.log(`SINK_PORT ${(sink.server.address() as { port: number }).port}`);
  });
  setInterval(() => console.log(`SINK_COUNT ${count}`), 1000).unref();
  process.on("SIGTERM", () => process.exit(0));
}

if (process.argv[2] === "--sink") await runSink();
else await main();
