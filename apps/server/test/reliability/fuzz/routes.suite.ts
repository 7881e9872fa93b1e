/**
 * `npm run test:fuzz`: every operation of the OpenAPI document fuzzed from its contract, in process
 * (app.inject) as an owner who is also the instance admin, with real ids mixed into path parameters.
 *
 * Pass: no 5xx (except ALLOWED_5XX), every status declared or a standard 4xx with the error
 * envelope, 2xx JSON bodies valid against the declared schema, no CR/LF from the input in a response
 * header, the server alive afterwards (/api/health/live, /api/auth/me) and its heap bounded.
 *
 * FUZZ_RUNS (requests per operation, default 6; the 13 kinds of request rotate over the
 * operations, so each kind reaches every part of the API), FUZZ_SEED (reproduce a run),
 * FUZZ_TIME_CAP_S (default 150; runs go round by round over all operations, so a cap cuts evenly).
 * Prints one JSON object of figures (and writes TEST_REPORT_DIR/fuzz-figures.json when set).
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissionsChanged } from "../../../src/features/access/access.events.ts";
import { deletePolicy } from "../../../src/features/access/access-rules.repository.ts";
import { users } from "../../../src/features/identity/identity.table.ts";
import { workspaceMembers } from "../../../src/features/organizations/organizations.table.ts";
import { createTestApp, TEST_SETUP_TOKEN, type TestApp } from "../../create-test-app.ts";
import { addMember, createSession, type TestUser } from "../../factories.ts";
import { arbitraryFor, listOperations, type Operation, sampleValid, validatorFor } from "../openapi.ts";
import { type Case, IdPool, KINDS, makeCase, violation } from "./fuzz.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const TIME_CAP_MS = Number(process.env.FUZZ_TIME_CAP_S ?? 150) * 1000;
/**
 * The fuzz requests rotate over this many admins of the workspace (all instance admins): the
 * per-role rate limit (admin: 1000 a minute per user) would otherwise answer much of a fast run
 * 429 (an idle machine runs ~100 requests a second in process; `by_status` shows any 429 left).
 */
const ACTORS = 10;
/** A request with no answer by then is a finding (a hang); the slowest answers are in the figures. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Heap growth bound after gc: see the test "stays alive and bounded" for why 64 MB. */
const HEAP_BOUND_MB = 64;

/**
 * Operations left out, each because it would end or replace the fuzzing session's own state (a
 * session that dies anyway is re-created: see `send`).
 */
const EXCLUDED = new Map<string, string>([
  ["POST /api/auth/logout", "ends the session"],
  ["POST /api/user-settings/sessions/revoke", "revokes the session in use"],
  ["DELETE /api/v1/workspaces/{id}", "deletes the workspace that holds the fuzz records"],
  ["POST /api/v1/workspaces/{id}/archive", "archives the fuzzing workspace"],
  ["POST /api/v1/workspaces/{id}/transfer", "hands the workspace to another member"],
  ["POST /api/user-settings/backups/{id}/restore", "replaces the workspace's data with a backup"],
  ["POST /api/user-settings/backups/restore", "replaces the workspace's data with an uploaded backup"],
]);

/** The error of a pino log line (message and first stack frames). */
const errorOf = (line: string): string => {
  try {
    const o = JSON.parse(line) as { msg?: string; err?: { message?: string; stack?: string; code?: string } };
    return o.err ? `${o.err.code ?? ""} ${o.err.stack?.split("\n").slice(0, 4).join(" ") ?? o.err.message}` : (o.msg ?? "");
  } catch {
    return line.slice(0, 300);
  }
};
/**
 * Operations whose success could lock the fuzzing admins out of the rest of the run (an access
 * policy may deny everything, its own deletion included, or rate-limit them): what they made is
 * removed right away, straight from the table (as the policy may refuse the DELETE route), with the
 * access caches told as the feature tells them.
 */
const UNDO: Record<string, (body: { id?: string }, url: string) => string | undefined> = {
  "POST /api/v1/rbac/policies": (body) => body.id,
  "PUT /api/v1/rbac/policies/{id}": (_body, url) => url.split("?")[0]!.split("/").pop(),
};

const truncate = (s: string | undefined, n = 400) =>
  s === undefined ? undefined : s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s;

describe("fuzz: every operation from its contract", () => {
  let t: TestApp;
  /** The owner first, then admins of the same workspace; the fuzz requests rotate over them. */
  const actors: { id: string; token: string }[] = [];
  let actor = 0;
  let workspaceId = "";
  let ops: Operation[];
  const pool = new IdPool();
  const findings: Record<string, unknown>[] = [];
  const byStatus: Record<string, number> = {};
  let requests = 0;
  let reauth = 0;
  let heapBefore = 0;
  let capped = false;
  let setupSeconds = 0;
  const serverErrors: string[] = [];
  const slowest: { op: string; kind: string; ms: number }[] = [];
  const started = Date.now();

  const inject = async (c: { method: string; url: string; payload?: string }, who = 0) => {
    const headers: Record<string, string> = {};
    headers.authorization = `Bearer ${actors[who]!.token}`;
    if (c.payload !== undefined) headers["content-type"] = "application/json";
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
    });
    try {
      return await Promise.race([t.app.inject({ method: c.method as "GET", url: c.url, headers, payload: c.payload }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  const undo = async (op: Operation, res: { statusCode: number; body: string }, url: string) => {
    const id = res.statusCode < 300 ? UNDO[`${op.method} ${op.path}`]?.(JSON.parse(res.body || "{}"), url) : undefined;
    if (!id || !workspaceId) return;
    await deletePolicy(t.database.db, workspaceId, decodeURIComponent(id));
    await permissionsChanged(t.app.ctx, { workspaceId });
  };

  /** One fuzz request, checked; a dead session is replaced (and counted) so the run goes on. */
  const send = async (op: Operation, c: Case, run: number) => {
    requests++;
    const who = actor++ % actors.length;
    let res: Awaited<ReturnType<typeof inject>>;
    const t0 = performance.now();
    try {
      res = await inject(c, who);
      const ms = Math.round(performance.now() - t0);
      if (slowest.length < 5 || ms > slowest[slowest.length - 1]!.ms) {
        slowest.push({ op: `${op.method} ${op.path}`, kind: c.kind, ms });
        slowest.sort((a, b) => b.ms - a.ms).splice(5);
      }
    } catch (err) {
      findings.push({
        op: `${op.method} ${op.path}`,
        kind: c.kind,
        problem: String(err),
        request: { method: c.method, url: truncate(c.url), payload: truncate(c.payload) },
        seed: SEED,
        run,
      });
      return;
    }
    byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
    const problem = violation(op, { statusCode: res.statusCode, headers: res.headers, body: res.body });
    const logged = serverErrors.splice(0).map(errorOf).filter(Boolean).join(" | ");
    if (problem) {
      findings.push({
        ...(logged ? { server_error: truncate(logged, 600) } : {}),
        op: `${op.method} ${op.path}`,
        kind: c.kind,
        problem,
        request: { method: c.method, url: truncate(c.url), payload: truncate(c.payload) },
        response: truncate(res.body, 300),
        seed: SEED,
        run,
      });
    }
    if (res.statusCode >= 200 && res.statusCode < 300 && String(res.headers["content-type"]).includes("json")) {
      try {
        pool.harvest(op.path.replace(/\/\{[^}]+\}$/, ""), JSON.parse(res.body));
      } catch {}
    }
    await undo(op, res, c.url);
    if (res.statusCode === 401 && op.access !== "public") {
      const me = await inject({ method: "GET", url: "/api/auth/me" }, who);
      if (me.statusCode === 401) {
        actors[who]!.token = await createSession(t.database.db, actors[who]!.id);
        reauth++;
      }
    }
  };

  beforeAll(async () => {
    // Error lines of the server's log: a 5xx finding carries the error behind it.
    t = await createTestApp({ LOG_LEVEL: "error" }, { work: false, logStream: { write: (line) => serverErrors.push(line) } });
    const reg = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: "fuzz-owner@example.com", password: "Correct-Horse7", full_name: "Fuzz Owner", setup_token: TEST_SETUP_TOKEN },
    });
    expect(reg.statusCode).toBe(201);
    actors.push({ id: "", token: reg.json().access_token });
    const me = await inject({ method: "GET", url: "/api/auth/me" });
    expect(me.statusCode).toBe(200);
    actors[0]!.id = me.json().id;
    expect(me.json().is_instance_admin).toBe(true);
    const owner = { id: me.json().id, workspaceId: me.json().workspace_id ?? me.json().workspace?.id } as TestUser;
    const [membership] = await t.database.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, owner.id));
    owner.workspaceId = membership!.workspaceId;
    workspaceId = owner.workspaceId;
    for (let i = 1; i < ACTORS; i++) {
      const admin = await addMember(t.database.db, owner, "admin");
      await t.database.db.update(users).set({ isInstanceAdmin: true }).where(eq(users.id, admin.id));
      actors.push({ id: admin.id, token: admin.token });
    }
    ops = listOperations(t.app).filter((op) => !EXCLUDED.has(`${op.method} ${op.path}`));
    pool.harvest("", me.json());

    // Real records: a lead, a campaign, then one valid-shaped create of every collection.
    const lead = await inject({
      method: "POST",
      url: "/api/leads",
      payload: JSON.stringify({ email: "lead@example.com", first_name: "Lea", company_name: "Acme" }),
    });
    expect(lead.statusCode).toBe(201);
    pool.add("/api/leads", lead.json().id);
    const campaign = await inject({
      method: "POST",
      url: "/api/campaigns",
      payload: JSON.stringify({ name: "Fuzz campaign", subject_line: "Hello {{first_name}}", body: "Hi" }),
    });
    expect(campaign.statusCode).toBe(201);
    pool.add("/api/campaigns", campaign.json().id);
    for (const op of ops) {
      if (op.method !== "POST" || op.pathParams.length || !op.body || op.access === "public") continue;
      const res = await inject(
        { method: "POST", url: op.path, payload: JSON.stringify(sampleValid(op.body.schema, SEED)) },
        actor++ % ACTORS,
      );
      await undo(op, res, op.path);
      if (res.statusCode < 300 && String(res.headers["content-type"]).includes("json")) pool.harvest(op.path, res.json());
    }
    // The suite's own response validators are compiled now, so heap growth is the app's.
    for (const op of ops) for (const schema of Object.values(op.responses)) if (schema) validatorFor(schema);
    globalThis.gc?.();
    heapBefore = process.memoryUsage().heapUsed;
    setupSeconds = (Date.now() - started) / 1000;
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  it("generates only values valid for their schema (property of arbitraryFor)", () => {
    const schemas = listOperations(t.app).flatMap((op) =>
      [op.body?.schema, ...op.queryParams.map((q) => q.schema)].filter((s) => s !== undefined),
    );
    expect(schemas.length).toBeGreaterThan(100);
    fc.assert(
      fc.property(fc.constantFrom(...schemas), fc.integer(), (schema, seed) => {
        const value = fc.sample(arbitraryFor(schema), { seed, numRuns: 1 })[0];
        return validatorFor(schema)(value);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("answers every fuzzed request within its contract", async () => {
    // Round by round over every operation; deletions last in a round so the ids live longest.
    const order = [...ops].sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
    rounds: for (let run = 0; run < RUNS; run++) {
      for (const [i, op] of order.entries()) {
        if (Date.now() - started > TIME_CAP_MS) {
          capped = true;
          break rounds;
        }
        const kind = KINDS[(run + i) % KINDS.length]!;
        await send(op, makeCase(op, run, SEED, pool, kind), run);
      }
    }
    for (const f of findings.slice(0, 40)) console.error("FUZZ FINDING", JSON.stringify(f));
    expect(findings, `${findings.length} findings (FUZZ_SEED=${SEED}); first ones printed above`).toEqual([]);
  });

  it("stays alive and bounded after the run", async () => {
    const live = await t.app.inject({ method: "GET", url: "/api/health/live" });
    const me = await inject({ method: "GET", url: "/api/auth/me" });
    globalThis.gc?.();
    await new Promise((r) => setTimeout(r, 100));
    globalThis.gc?.();
    const heapAfter = process.memoryUsage().heapUsed;
    const growthMb = (heapAfter - heapBefore) / 2 ** 20;
    const figures = {
      suite: "fuzz",
      database: process.env.DATABASE_URL ? "postgresql" : "pglite",
      redis: Boolean(process.env.REDIS_URL),
      seed: SEED,
      runs_per_operation: RUNS,
      operations: ops.length,
      operations_without_response_schema: ops.filter((op) => Object.keys(op.responses).length === 0).length,
      excluded: [...EXCLUDED.keys()],
      requests,
      by_status: byStatus,
      findings: findings.length,
      reauthenticated: reauth,
      capped,
      slowest_ms: slowest,
      duration_s: Math.round((Date.now() - started) / 100) / 10,
      setup_s: Math.round(setupSeconds * 10) / 10,
      alive: { live: live.statusCode, me: me.statusCode },
      heap_mb: { before: Math.round(heapBefore / 2 ** 20), after: Math.round(heapAfter / 2 ** 20), bound_growth: HEAP_BOUND_MB },
      gc: typeof globalThis.gc === "function",
    };
    console.log(JSON.stringify(figures));
    if (process.env.TEST_REPORT_DIR) {
      fs.mkdirSync(process.env.TEST_REPORT_DIR, { recursive: true });
      fs.writeFileSync(path.join(process.env.TEST_REPORT_DIR, "fuzz-figures.json"), `${JSON.stringify(figures, null, 2)}\n`);
    }
    expect(live.statusCode).toBe(200);
    expect(me.statusCode).toBe(200);
    // No `__proto__` / `constructor.prototype` key of any request reached Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isInstanceAdmin).toBeUndefined();
    expect(typeof globalThis.gc).toBe("function");
    // Every operation got a 1 MB string at least once (hundreds of MB in all): retaining even a
    // fraction of those requests would pass 64 MB, while the app's warm caches (compiled schemas,
    // prepared queries) were already built before heapBefore was taken.
    expect(growthMb).toBeLessThan(HEAP_BOUND_MB);
  });
});
