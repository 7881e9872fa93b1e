/**
 * The failure-mode catalogue behind /system/edge-cases (docs/operations.md, "Failure modes"): each
 * failure the system handles, what it does about it (true to the code paths cited in the docs), how
 * to recover, and a live status computed now from real records (bounded queries, each check under
 * a time limit). A check that cannot run says "unknown" and why; nothing is sample data.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { EdgeCase, EdgeCaseList, EdgeCaseStatus } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import * as repo from "./edge-cases.repository.ts";
import { requireInstanceAdmin, sanitizeText } from "./monitor.service.ts";

type Ctx = Pick<AppContext, "db" | "jobs" | "log" | "config" | "redis">;

/** The thresholds the statuses use; tests (and only tests) pass others. */
export interface EdgeCaseLimits {
  /** Free space on DATA_DIR's volume below which the disk is degraded / failing (the larger of bytes and share). */
  diskDegradedBytes: number;
  diskDegradedRatio: number;
  diskFailingBytes: number;
  diskFailingRatio: number;
  /** A ready job waiting longer than this makes the queues degraded / failing. */
  backlogDegradedSeconds: number;
  backlogFailingSeconds: number;
  /** A database round trip slower than this is degraded. */
  dbSlowMs: number;
  /** Each check's time limit. */
  checkTimeoutMs: number;
}
export const EDGE_CASE_LIMITS: EdgeCaseLimits = {
  diskDegradedBytes: 2 * 1024 ** 3,
  diskDegradedRatio: 0.1,
  diskFailingBytes: 512 * 1024 ** 2,
  diskFailingRatio: 0.02,
  backlogDegradedSeconds: 5 * 60,
  backlogFailingSeconds: 30 * 60,
  dbSlowMs: 200,
  checkTimeoutMs: 3000,
};

interface Verdict {
  status: EdgeCaseStatus;
  evidence: string;
  details?: string[];
}
interface Definition extends Omit<EdgeCase, "status" | "evidence" | "details" | "checked_ms"> {
  check(ctx: Ctx, limits: EdgeCaseLimits): Promise<Verdict>;
}

const ago = (ms: number, now = Date.now()) => {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 90) return `${s} s ago`;
  if (s < 5400) return `${Math.round(s / 60)} min ago`;
  return `${Math.round(s / 3600)} h ago`;
};
const gb = (n: number) => `${(n / 1024 ** 3).toFixed(2)} GB`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Errors that mean the SMTP server could not be reached or refused the login (nodemailer's texts). */
const SMTP_CONNECT =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|ESOCKET|ECONNECTION|Greeting never received|Connection timeout|Connection closed|socket hang up|connect\b/i;
const SMTP_AUTH = /Invalid login|EAUTH|\b535\b|\b534\b|authentication (failed|unsuccessful)|Username and Password not accepted/i;
const IMAP_AUTH = /auth|login|credential|password|AUTHENTICATIONFAILED|\bNO\b.*LOGIN|invalid user/i;

export const CATALOGUE: readonly Definition[] = [
  {
    id: "smtp-down",
    title: "SMTP server down or refusing the login",
    what_happens:
      "An inbox's SMTP server does not answer, drops the connection or refuses the password: campaign messages from that inbox are not delivered.",
    system_response:
      "The sender keeps the message and retries it with backoff (1, 5, 30 and 120 minutes; at most 5 attempts), recording the server's answer on the message; after the last attempt, or a permanent 5xx, the message is failed and the lead stopped with reason delivery_failed. A login refusal (EAUTH) is always retried. Other inboxes of the campaign keep sending.",
    recovery:
      "Fix the server or the credentials on Inboxes (edit the inbox and use its connection test); the queued retries go out on their next attempt. To stop the retries meanwhile, hold the inbox with the kill switch.",
    fix_path: "/inboxes",
    fix_label: "Inboxes",
    async check(ctx) {
      const rows = await repo.inboxesWithFailedSend(ctx.db, 24);
      const down = rows.filter((r) => SMTP_CONNECT.test(r.error) || SMTP_AUTH.test(r.error));
      const details = rows.map((r) => `${r.email}: ${sanitizeText(r.error, 160)} (${ago(r.atMs)})`).slice(0, 10);
      if (down.length > 0)
        return {
          status: "failing",
          evidence: `${plural(down.length, "inbox", "inboxes")} could not reach or log in to their SMTP server on their latest attempt`,
          details,
        };
      if (rows.length > 0)
        return {
          status: "degraded",
          evidence: `${plural(rows.length, "inbox", "inboxes")} had their latest delivery fail (not a connection error)`,
          details,
        };
      return { status: "ok", evidence: "No inbox's latest delivery attempt in the last 24 h failed" };
    },
  },
  {
    id: "imap-auth",
    title: "IMAP login fails",
    what_happens: "An inbox's IMAP server refuses the login (or cannot be reached): its replies and bounces are not read.",
    system_response:
      'The reply poller records the error on the inbox (imap_error) and the inbox\'s health turns to warning ("Replies cannot be read"); it tries again every IMAP_POLL_SECONDS, and the first good poll clears the error and reads what arrived meanwhile. Sending continues.',
    recovery: "Correct the IMAP password or app password on Inboxes; the next poll clears the status.",
    fix_path: "/inboxes",
    fix_label: "Inboxes",
    async check(ctx) {
      const rows = await repo.inboxesWithImapError(ctx.db);
      const auth = rows.filter((r) => IMAP_AUTH.test(r.error));
      const details = rows.map((r) => `${r.email}: ${sanitizeText(r.error, 160)}`).slice(0, 10);
      if (auth.length > 0)
        return { status: "failing", evidence: `${plural(auth.length, "inbox", "inboxes")} cannot log in to IMAP`, details };
      if (rows.length > 0)
        return {
          status: "degraded",
          evidence: `${plural(rows.length, "inbox", "inboxes")} failed their last IMAP poll (not a login refusal)`,
          details,
        };
      return { status: "ok", evidence: "Every inbox with IMAP read its mail on the last poll (or none has IMAP)" };
    },
  },
  {
    id: "database",
    title: "Database restart or unreachable",
    what_happens: "PostgreSQL restarts or the network to it drops (embedded PGlite runs in this process and cannot be unreachable).",
    system_response:
      "Requests that need the database answer 503 SERVICE_UNAVAILABLE with Retry-After (platform/errors.ts) and GET /api/health answers 503 (the reason in the log, and to instance admins); the connection pool drops broken connections and opens new ones on the next query, pg-boss reconnects on its own, and transactions picked as deadlock victims are re-run (db/retry.ts). Sessions already cached (60 s) keep authenticating.",
    recovery: "Bring PostgreSQL back; nothing to restart here. /system-health shows the latency history.",
    fix_path: "/system-health",
    fix_label: "System health",
    async check(ctx, limits) {
      const t = performance.now();
      try {
        await repo.ping(ctx.db);
      } catch (err) {
        return { status: "failing", evidence: `The database did not answer: ${sanitizeText((err as Error).message, 200)}` };
      }
      const ms = Math.round((performance.now() - t) * 10) / 10;
      const kind = ctx.config.DATABASE_URL ? "PostgreSQL" : "Embedded PGlite";
      if (ms > limits.dbSlowMs)
        return { status: "degraded", evidence: `${kind} answered a ping in ${ms} ms (slow: over ${limits.dbSlowMs} ms)` };
      return { status: "ok", evidence: `${kind} answered a ping in ${ms} ms` };
    },
  },
  {
    id: "redis-lost",
    title: "Redis lost",
    what_happens:
      "With REDIS_URL set, Redis stops answering: events between processes (the bus), shared rate-limit windows and presence are not shared any more.",
    system_response:
      "ioredis reconnects with backoff and the error is logged; each rate limit falls back to its own process's memory at once (platform/rate-limit.ts, platform/redis-availability.ts) instead of refusing, waiting or letting everything through; the team socket keeps presence and locks in each process's memory and the bus delivers within the process, resubscribing when Redis is back; GET /api/health reports redis as error. Without REDIS_URL everything lives in one process's memory by design (one API process).",
    recovery: "Restore Redis (or fix REDIS_URL and restart); the processes reconnect by themselves.",
    fix_path: "/system-health/infrastructure",
    fix_label: "Infrastructure",
    async check(ctx) {
      if (!ctx.redis)
        return {
          status: "ok",
          evidence: "Redis is not configured: the bus, rate limits and presence live in this process's memory (fine for one API process)",
        };
      const t = performance.now();
      await ctx.redis.ping();
      return { status: "ok", evidence: `Redis answered a ping in ${Math.round((performance.now() - t) * 10) / 10} ms` };
    },
  },
  {
    id: "disk-full",
    title: "Disk full",
    what_happens: "The volume holding DATA_DIR (embedded database, uploads, exports, backups, local mailbox) runs out of space.",
    system_response:
      "Exports and backups refuse to start unless 256 MB stay free after them (data-exports/storage.ts, with STORAGE_QUOTA_BYTES as a further limit); the sampler records free space every minute for /system-health. Writes that still fail (ENOSPC) answer 507 INSUFFICIENT_STORAGE, remove what they had written and are logged (platform/errors.ts).",
    recovery: "Free space (old exports and backups under DATA_DIR/exports and /backups, logs) or grow the volume.",
    fix_path: "/system-health/infrastructure",
    fix_label: "Infrastructure",
    async check(ctx, limits) {
      const dir = path.resolve(ctx.config.dataDir ?? ctx.config.DATA_DIR);
      const s = await fs.statfs(dir);
      const free = Number(s.bavail) * Number(s.bsize);
      const total = Number(s.blocks) * Number(s.bsize);
      const ratio = total > 0 ? free / total : 0;
      const line = `${gb(free)} free of ${gb(total)} (${(ratio * 100).toFixed(1)}%) on the volume of ${dir}`;
      if (free < limits.diskFailingBytes || ratio < limits.diskFailingRatio)
        return {
          status: "failing",
          evidence: line,
          details: [`Failing below ${gb(limits.diskFailingBytes)} or ${limits.diskFailingRatio * 100}% free`],
        };
      if (free < limits.diskDegradedBytes || ratio < limits.diskDegradedRatio)
        return {
          status: "degraded",
          evidence: line,
          details: [`Degraded below ${gb(limits.diskDegradedBytes)} or ${limits.diskDegradedRatio * 100}% free`],
        };
      return { status: "ok", evidence: line };
    },
  },
  {
    id: "provider-rate-limited",
    title: "Data provider rate limited",
    what_happens: "Google Places, the LinkedIn data provider or an enrichment provider answers 429 Too Many Requests.",
    system_response:
      'Each call is retried twice, waiting for the provider\'s Retry-After (at most 30 s) or 1 s, 2 s (scraping/provider-http.ts); if it still answers 429 the job stops with "<provider> rate limit reached; try again later" as its error, keeping what it saved so far.',
    recovery: "Wait for the provider's window, or raise the plan with the provider; then start the job again from Discovery or Leads.",
    fix_path: "/discovery",
    fix_label: "Discovery",
    async check(ctx) {
      const rows = await repo.providerRateLimits(ctx.db, 24);
      const details = rows.map((r) => `${r.kind}: ${sanitizeText(r.error, 160)} (${ago(r.atMs)})`).slice(0, 10);
      const lastHour = rows.filter((r) => r.atMs > Date.now() - 3600_000);
      if (lastHour.length > 0)
        return {
          status: "failing",
          evidence: `${plural(lastHour.length, "job")} stopped on a provider's rate limit in the last hour`,
          details,
        };
      if (rows.length > 0)
        return {
          status: "degraded",
          evidence: `${plural(rows.length, "job")} stopped on a provider's rate limit in the last 24 h`,
          details,
        };
      return { status: "ok", evidence: "No scraping or enrichment job stopped on a rate limit in the last 24 h" };
    },
  },
  {
    id: "llm-unreachable",
    title: "Language model unreachable or monthly cap reached",
    what_happens: "The configured model (LLM_BASE_URL) times out, fails or rate limits, or a workspace reaches its monthly spend cap.",
    system_response:
      "Calls are retried with exponential backoff and jitter (never shorter than Retry-After) up to LLM_RETRIES, each failure recorded in the AI ledger; at the cap the call is refused before reaching the model (AI_MONTHLY_CAP_REACHED) and recorded as refused. Features fall back to their built-in engines where they have one (templates, rules).",
    recovery: "Check the model server and LLM_BASE_URL / LLM_API_KEY; raise a workspace's cap on AI Activity.",
    fix_path: "/ai-activity",
    fix_label: "AI Activity",
    async check(ctx) {
      const calls = await repo.recentLlmCalls(ctx.db, 24);
      const capped = new Set(calls.filter((c) => c.outcome === "refused").map((c) => c.workspaceId));
      const hour = calls.filter((c) => c.atMs > Date.now() - 3600_000 && c.outcome !== "refused");
      const errors = hour.filter((c) => c.outcome === "error");
      const details = calls
        .filter((c) => c.outcome === "error" || c.outcome === "refused")
        .slice(0, 10)
        .map((c) => `${c.outcome}: ${sanitizeText(c.error ?? "", 160)} (${ago(c.atMs)})`);
      if (!ctx.config.LLM_BASE_URL && calls.length === 0)
        return { status: "ok", evidence: "No language model is configured (LLM_BASE_URL): features use their built-in engines" };
      if (hour.length > 0 && hour[0]!.outcome === "error")
        return {
          status: "failing",
          evidence: `The latest model call failed; ${errors.length} of ${hour.length} calls failed in the last hour`,
          details,
        };
      if (errors.length > 0 || capped.size > 0) {
        const parts = [
          errors.length ? `${errors.length} of ${hour.length} calls failed in the last hour` : "",
          capped.size ? `${plural(capped.size, "workspace")} hit the monthly cap in 24 h` : "",
        ].filter(Boolean);
        return { status: "degraded", evidence: parts.join("; "), details };
      }
      return {
        status: "ok",
        evidence: hour.length
          ? `${plural(hour.length, "call")} in the last hour, none failed`
          : "No failed or refused model call in the last 24 h",
      };
    },
  },
  {
    id: "dns-timeouts",
    title: "DNS lookups time out",
    what_happens:
      "The DNS servers (DNS_SERVERS or the system's) do not answer the deliverability checks (SPF, DKIM, DMARC, MX, blocklists).",
    system_response:
      'A lookup that times out, fails (SERVFAIL) or answers garbage is never taken as "record missing": the check is stored as unknown with the reason (deliverability.dns.ts), so scores are not lowered by an outage; the next scheduled or manual run checks again.',
    recovery: "Check DNS_SERVERS and the network; run the checks again on Deliverability.",
    fix_path: "/deliverability",
    fix_label: "Deliverability",
    async check(ctx) {
      const rows = await repo.unansweredDnsChecks(ctx.db, 24);
      if (rows.length === 0) return { status: "ok", evidence: "Every DNS check of the last 24 h got an answer" };
      return {
        status: "degraded",
        evidence: `${plural(rows.length, "DNS check")} of the last 24 h got no answer`,
        details: rows.slice(0, 10).map((r) => `${r.domain} ${r.kind}: ${sanitizeText(r.summary, 140)}`),
      };
    },
  },
  {
    id: "kill-switch",
    title: "Kill switch engaged",
    what_happens: "Someone held sending for a workspace, an inbox or a campaign.",
    system_response:
      'The sender reads the holds right before every handoff to SMTP: held messages go back to the queue untouched, in-flight ones finish; nothing is lost and sending resumes where it stopped when the hold is released (docs/sending.md, "Kill switch").',
    recovery: "Release the hold on the Kill switch page once the cause is fixed.",
    fix_path: "/kill-switch",
    fix_label: "Kill switch",
    async check(ctx) {
      const holds = await repo.activeHolds(ctx.db);
      if (holds.length === 0) return { status: "ok", evidence: "No hold is on: sending runs everywhere" };
      return {
        status: "degraded",
        evidence: `${plural(holds.length, "hold")} on: sending is stopped there on purpose`,
        details: holds.slice(0, 10).map((h) => `${h.scope} ${h.label}: ${sanitizeText(h.reason, 120)} (${ago(h.atMs)})`),
      };
    },
  },
  {
    id: "job-backlog",
    title: "Job queue backlog or failing jobs",
    what_happens: "Background jobs (sending schedule, imports, scraping, exports …) wait too long or keep failing.",
    system_response:
      "pg-boss retries a failed job with exponential backoff (3 times by default, platform/jobs.ts) and retries an expired one; jobs sent now wake a worker through LISTEN/NOTIFY, with polling as a backstop. Failed jobs stay visible with their error on System monitor, where an admin can retry them.",
    recovery:
      "Look at the failing queue on System monitor, fix the cause, retry; add `npm run worker` processes if the backlog comes from load.",
    fix_path: "/system-monitor",
    fix_label: "System monitor",
    async check(ctx, limits) {
      if (!(await ctx.jobs.healthy())) return { status: "failing", evidence: "The job queue is not running in this process" };
      const stats = await ctx.jobs.queueStats({ windowSeconds: 3600 });
      const oldest = stats.reduce((m, s) => Math.max(m, s.oldestQueuedSeconds ?? 0), 0);
      const failing = stats.filter((s) => s.failed > 0);
      const slow = stats.filter((s) => (s.oldestQueuedSeconds ?? 0) > limits.backlogDegradedSeconds);
      const details = [
        ...slow.map((s) => `${s.name}: oldest ready job waiting ${Math.round(s.oldestQueuedSeconds ?? 0)} s, ${s.queued} queued`),
        ...failing.map((s) => `${s.name}: ${plural(s.failed, "job")} failed in the last hour`),
      ].slice(0, 10);
      if (oldest > limits.backlogFailingSeconds)
        return {
          status: "failing",
          evidence: `A ready job has waited ${Math.round(oldest / 60)} min (over ${limits.backlogFailingSeconds / 60} min)`,
          details,
        };
      if (slow.length > 0 || failing.length > 0) {
        const parts = [
          slow.length ? `${plural(slow.length, "queue")} with jobs waiting over ${limits.backlogDegradedSeconds / 60} min` : "",
          failing.length ? `${plural(failing.length, "queue")} with failed jobs in the last hour` : "",
        ].filter(Boolean);
        return { status: "degraded", evidence: parts.join("; "), details };
      }
      return {
        status: "ok",
        evidence: `${plural(stats.length, "queue")}: no job waiting over ${limits.backlogDegradedSeconds / 60} min, none failed in the last hour`,
      };
    },
  },
];

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]);
}

/** Runs one definition's check: a throw is "failing" for the service the check talks to, else "unknown". */
async function run(ctx: Ctx, def: Definition, limits: EdgeCaseLimits): Promise<EdgeCase> {
  const t = performance.now();
  let verdict: Verdict;
  try {
    verdict = await withTimeout(def.check(ctx, limits), limits.checkTimeoutMs);
  } catch (err) {
    const why = sanitizeText((err as Error).message ?? String(err), 200);
    // Redis's own check throws when Redis does not answer: that is the failure it watches for.
    if (def.id === "redis-lost") verdict = { status: "failing", evidence: `Redis did not answer: ${why}` };
    else {
      ctx.log.warn({ err, check: def.id }, "failure-mode check could not run");
      verdict = { status: "unknown", evidence: `Could not check: ${why}` };
    }
  }
  const { check: _check, ...rest } = def;
  return { ...rest, ...verdict, details: verdict.details ?? [], checked_ms: Math.round((performance.now() - t) * 10) / 10 };
}

export async function edgeCases(ctx: Ctx, auth: AuthContext, limits: EdgeCaseLimits = EDGE_CASE_LIMITS): Promise<EdgeCaseList> {
  requireInstanceAdmin(auth);
  const cases = await Promise.all(CATALOGUE.map((def) => run(ctx, def, limits)));
  const summary: Record<EdgeCaseStatus, number> = { ok: 0, degraded: 0, failing: 0, unknown: 0 };
  for (const c of cases) summary[c.status] += 1;
  return { checked_at: new Date().toISOString(), summary, cases };
}
