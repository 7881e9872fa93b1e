/**
 * Cross-tenant sweep (issue 19, `npm run test:tenancy`): workspace A creates one record of every
 * kind; workspace B calls every templated route of the OpenAPI document with A's ids and a valid
 * body, by B's session, by B's API key and with no session. Pass: 404 (or the 403 the route map
 * allows) everywhere, no answer holding any of A's markers or ids, and every row of A's workspace
 * unchanged. The team socket is swept too. Prints one JSON object with the figures.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { API_PERMISSIONS } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSocket, socketUrl, type TestSocket } from "../../../src/features/team-socket/team-socket.test-client.ts";
import { createTestApp, type TestApp } from "../../create-test-app.ts";
import { createUser, type TestUser } from "../../factories.ts";
import { listOperations, type Operation, sampleValid } from "../openapi.ts";
import { EXCLUDED, ROUTE_MAP } from "./route-map.ts";
import { type Seeded, seedWorkspace } from "./seed.ts";
import { diffSnapshots, idsIn, type Snapshot, snapshotWorkspace, workspaceTables } from "./snapshot.ts";

interface Finding {
  operation: string;
  as: string;
  status: number;
  kind: "status" | "leak" | "validation" | "unmapped" | "changed" | "socket";
  detail: string;
}

const started = Date.now();
const DOWNLOAD = /download|\/files\/|\/export$|\.csv$|\/png$/;
const readable = fc.stringMatching(/^[a-z][a-z ]{0,15}$/);

/**
 * Values for the fields whose rules the JSON schema cannot say (zod refinements: a real URL, an ISO
 * 4217 code, an ordered schedule...), so the sampled body passes validation and the answer is the
 * route's own: a 422 before the lookup would prove nothing about tenancy.
 */
function fixBody(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => fixBody(v, key.replace(/s$/, "")));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== "schedule") out[k] = fixBody(v, k);
    return out;
  }
  if (typeof value !== "string") return value;
  if (/url$|website|linkedin/i.test(key)) return "https://example.com/tenancy";
  if (/^currency$/.test(key)) return "USD";
  if (/email$/i.test(key)) return "someone@example.org";
  if (/domain$/i.test(key)) return "tenant-b.example.org";
  if (/timezone/.test(key)) return "UTC";
  if (/date$|^date|_at$/.test(key)) return "2026-05-01T09:00:00.000Z";
  return value;
}

describe("cross-tenant sweep", () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  /** B's API keys: a key may make 100 requests a minute (outreach-core §9), so the sweep rotates keys. */
  const bKeys: { key: string; used: number }[] = [];
  let ops: Operation[];
  let seeded: Seeded;
  let tables: string[];
  let before: Snapshot;
  let secrets: string[];
  const findings: Finding[] = [];
  const byStatus: Record<string, number> = {};
  const noRecord = new Set<string>();
  const excluded: { path: string; reason: string }[] = [];
  let calls = 0;
  let swept = 0;
  let controls = 0;
  /** The file downloads (exports, backups, compliance exports, import errors, report exports, images): status by identity. */
  const downloads: Record<string, Record<string, number>> = {};
  let controlsWithData = 0;
  const controlMisses: string[] = [];
  const controlCalls: { op: Operation; url: string }[] = [];
  const socketFigures: Record<string, unknown> = {};

  beforeAll(async () => {
    // The inbox A connects points at a loopback relay; nothing is sent (no background work).
    t = await createTestApp({ OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: false });
    a = await createUser(t.database.db, { name: "Ada Tenant-A", email: `ada-${randomUUID().slice(0, 8)}@tenant-a.example.com` });
    b = await createUser(t.database.db, { name: "Bob Tenant-B" });
    ops = listOperations(t.app);
    seeded = await seedWorkspace(t.app, t.database.db, ops, a, `mk${randomUUID().slice(0, 6)}`);
    for (let i = 0; i < 8; i++) {
      const key = await t.app.inject({
        method: "POST",
        url: "/api/user-settings/api-keys",
        headers: b.headers,
        payload: { name: `B sweep key ${i}`, permissions: API_PERMISSIONS.map((x) => x.id) },
      });
      expect(key.statusCode, key.body).toBe(201);
      bKeys.push({ key: key.json().key, used: 0 });
    }
    tables = await workspaceTables(t.database.db);
    // The access audit is written in batches: what A's seeding logged must be in before the snapshot.
    await t.app.ctx.access.audit.flush();
    before = await snapshotWorkspace(t.database.db, tables, { workspaceId: a.workspaceId, organizationId: a.organizationId, userId: a.id });
    for (const table of new Set(ROUTE_MAP.flatMap((m) => Object.values(m.params)).filter((v) => v.startsWith("shared:")))) {
      const rows = (await t.database.db.execute(sql`select id from ${sql.identifier(table.slice(7))} limit 1`)) as unknown as {
        rows: { id: string }[];
      };
      if (rows.rows[0]) shared.set(table.slice(7), rows.rows[0].id);
    }
    secrets = [...seeded.markers, ...idsIn(before), a.workspaceId, a.organizationId, a.id, a.email, a.token];
  });
  afterAll(async () => {
    await t?.close();
  });

  /** First value of a column of A's rows of a table, from the snapshot taken before the sweep. */
  const fromTable = (source: string): string | undefined => {
    const [table, column = "id"] = source.slice("table:".length).split(".");
    const rows = before.get(table!) ?? [];
    const row = rows.map((l) => JSON.parse(l) as Record<string, unknown>).find((r) => r[column!] !== null && r[column!] !== undefined);
    return row ? String(row[column!]) : undefined;
  };

  const shared = new Map<string, string>();
  const resolve = (op: Operation, source: string): string => {
    if (source.startsWith("shared:")) return shared.get(source.slice(7)) ?? randomUUID();
    if (source === "workspace") return a.workspaceId;
    if (source === "organization") return a.organizationId;
    if (source === "user") return a.id;
    if (source.startsWith("own:")) return source.slice(4);
    if (source.startsWith("table:")) {
      const [table, fallback] = source.split("|");
      const v = fromTable(table!);
      if (v !== undefined) return v;
      if (fallback) return fallback;
      noRecord.add(`${op.path} (${source.slice(6)})`);
      return randomUUID();
    }
    throw new Error(`unknown source ${source} for ${op.path}`);
  };

  const leaksIn = (body: string, sent: string): string[] => secrets.filter((s) => s.length >= 6 && body.includes(s) && !sent.includes(s));

  const call = async (op: Operation, url: string, headers: Record<string, string>, seed: number) => {
    const payload = op.body?.contentType.includes("json") ? fixBody(sampleValid(op.body.schema, seed, { text: readable })) : undefined;
    const query = new URLSearchParams();
    for (const q of op.queryParams) if (q.required) query.set(q.name, String(sampleValid(q.schema, seed, { text: readable })));
    const full = query.size ? `${url}?${query}` : url;
    calls++;
    if (headers["x-api-key"]) {
      const k = bKeys.find((x) => x.used < 90);
      if (!k) throw new Error("add B keys: every key is at its rate limit");
      k.used++;
      headers = { "x-api-key": k.key };
    }
    const res = await t.app.inject({
      method: op.method as "GET",
      url: full,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { res, full, payload };
  };

  it("sweeps every templated operation with A's ids as B (session, API key, no session)", async () => {
    const templated = ops.filter((o) => o.path.includes("{"));
    expect(templated.length).toBeGreaterThan(150);
    for (const op of templated) {
      const name = `${op.method} ${op.path}`;
      const ex = EXCLUDED.find((e) => e.path.test(op.path));
      if (ex) {
        excluded.push({ path: name, reason: ex.reason });
        // Not aimed at A, but a made-up token must still answer nothing.
        const url = op.path.replace(/\{[^}]+\}/g, () => randomUUID().replaceAll("-", ""));
        for (const [as, headers] of [
          ["B session", b.headers],
          ["no session", {}],
        ] as const) {
          const { res } = await call(op, url, headers, 1);
          byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
          if (res.statusCode !== 404 && !(as === "no session" && res.statusCode === 401))
            findings.push({ operation: name, as, status: res.statusCode, kind: "status", detail: res.body.slice(0, 200) });
          const leaks = leaksIn(res.body, url);
          if (leaks.length) findings.push({ operation: name, as, status: res.statusCode, kind: "leak", detail: leaks.join(", ") });
        }
        continue;
      }
      const mapping = ROUTE_MAP.find((m) => m.path.test(op.path));
      const missing = op.pathParams.filter((p) => !mapping?.params[p.name]).map((p) => p.name);
      if (!mapping || missing.length) {
        findings.push({
          operation: name,
          as: "-",
          status: 0,
          kind: "unmapped",
          detail: `no source for {${missing.join("}, {")}}: add it to route-map.ts`,
        });
        continue;
      }
      // Only when no parameter aims at A (an enum of the caller's own scope) is any status below 500 fine.
      const own = op.pathParams.every((p) => /^(own|shared):/.test(mapping.params[p.name]!));
      let url = op.path;
      for (const p of op.pathParams) url = url.replace(`{${p.name}}`, encodeURIComponent(resolve(op, mapping.params[p.name]!)));
      swept++;
      // The control: A itself reaches the record through a GET, so B's 404 means refused, not absent.
      // (Run after the snapshot comparison: some reads record themselves, e.g. an export in the activity feed.)
      if (
        op.method === "GET" &&
        !own &&
        !op.pathParams.some((p) => noRecord.has(`${op.path} (${mapping.params[p.name]!.slice(6).split("|")[0]})`))
      ) {
        controlCalls.push({ op, url });
      }
      const identities: [string, Record<string, string>][] = [
        ["B session", b.headers],
        ["B API key", { "x-api-key": "(rotated)" }],
        ["no session", {}],
      ];
      for (const [as, headers] of identities) {
        let attempt = await call(op, url, headers, 1);
        // A valid-shaped body that a cross-field rule still refuses proves nothing: try other samples.
        for (let seed = 2; seed <= 4 && [400, 422].includes(attempt.res.statusCode); seed++) attempt = await call(op, url, headers, seed);
        const { res, full, payload } = attempt;
        byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
        if (DOWNLOAD.test(op.path)) downloads[name] = { ...downloads[name], [as]: res.statusCode };
        const sent = `${full} ${JSON.stringify(payload ?? "")}`;
        const leaks = leaksIn(res.body, sent);
        if (leaks.length)
          findings.push({ operation: name, as, status: res.statusCode, kind: "leak", detail: leaks.slice(0, 5).join(", ") });
        const ok =
          as === "no session"
            ? [401, 404].includes(res.statusCode)
            : own
              ? res.statusCode < 500 && ![400, 422].includes(res.statusCode)
              : res.statusCode === 404 ||
                (mapping.allow ?? []).includes(res.statusCode) ||
                // A key refused outright (a route keys may not use) has not looked anything up.
                (as === "B API key" && res.statusCode === 403 && /API_KEY/.test(res.body));
        if (!ok) {
          findings.push({
            operation: name,
            as,
            status: res.statusCode,
            kind: [400, 422].includes(res.statusCode) ? "validation" : "status",
            detail: `${full} ${JSON.stringify(payload ?? "").slice(0, 200)}: ${res.body.slice(0, 240)}`,
          });
        }
      }
    }
  });

  it("leaves every row of A's workspace as it was", async () => {
    await t.app.ctx.access.audit.flush();
    const after = await snapshotWorkspace(t.database.db, tables, {
      workspaceId: a.workspaceId,
      organizationId: a.organizationId,
      userId: a.id,
    });
    for (const d of diffSnapshots(before, after)) {
      findings.push({
        operation: d.table,
        as: "-",
        status: 0,
        kind: "changed",
        detail: `gone ${d.gone.slice(0, 2).join(" | ")} added ${d.added.slice(0, 2).join(" | ")}`.slice(0, 600),
      });
    }
  });

  it("refuses B on A's workspace over the team socket, and B never receives A's events", async () => {
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const open: TestSocket[] = [];
    try {
      const sa = await openSocket(socketUrl(base), { auth: a.token });
      const sb = await openSocket(socketUrl(base), { auth: b.token });
      open.push(sa, sb);
      const campaign = fromTable("table:campaigns")!;
      const refusals: Record<string, unknown> = {};
      for (const type of ["workspace.join", "workspace.switch"]) {
        sb.send(type, { workspace_id: a.workspaceId });
        refusals[type] = (await sb.next("error", (p) => p.request_type === type)).code;
      }
      sb.send("message.send", { workspace_id: a.workspaceId, channel: "general", body: "hello A", client_id: randomUUID() });
      refusals["message.send"] = (await sb.next("error", (p) => p.request_type === "message.send")).code;
      sb.send("message.read", { workspace_id: a.workspaceId, channel: "general", last_read_at: new Date().toISOString() });
      refusals["message.read"] = (await sb.next("error", (p) => p.request_type === "message.read")).code;
      for (const [type, code] of Object.entries(refusals)) {
        if (!code || code === "INVALID_MESSAGE")
          findings.push({ operation: `socket ${type}`, as: "B session", status: 0, kind: "socket", detail: `no refusal: ${code}` });
      }
      // B follows and locks A's campaign under its own name: that stays in B's workspace.
      sb.send("collaboration.subscribe", { resource: `campaign:${campaign}` });
      sb.send("collaboration.lock", { resource: `campaign:${campaign}` });
      sb.send("activity.request", {});
      await sb.next("activity.response");
      // A acts meanwhile: presence, a campaign edit (never 423 because of B's lock), chat.
      sa.send("presence.update", { status: "busy", current_resource: `campaign:${campaign}` });
      sa.send("collaboration.subscribe", { resource: `campaign:${campaign}` });
      const edit = await t.app.inject({
        method: "PUT",
        url: `/api/campaigns/${campaign}`,
        headers: a.headers,
        payload: { name: `${seeded.markers[0]} renamed` },
      });
      if (edit.statusCode === 423)
        findings.push({
          operation: "socket collaboration.lock",
          as: "B session",
          status: 423,
          kind: "socket",
          detail: "B's lock blocked A's campaign",
        });
      sa.send("message.send", {
        workspace_id: a.workspaceId,
        channel: "general",
        body: `${seeded.markers[1]} chat`,
        client_id: randomUUID(),
      });
      await sa.next("message.new");
      await new Promise((r) => setTimeout(r, 1000));
      const received = JSON.stringify(sb.frames);
      const leaks = leaksIn(received, `${campaign} ${b.workspaceId}`);
      if (leaks.length)
        findings.push({ operation: "socket frames", as: "B session", status: 0, kind: "socket", detail: leaks.slice(0, 5).join(", ") });
      // B's API key and no token at all open no socket (a key is not a session).
      const closes: Record<string, number> = {};
      for (const [as, token] of [
        ["B API key", bKeys[0]!.key],
        ["no session", "not-a-session"],
      ] as const) {
        const s = await openSocket(socketUrl(base), { auth: token, waitFor: null });
        open.push(s);
        const closed = await s.closed;
        closes[as] = closed.code;
        if (s.frames.some((f) => f.type === "connected"))
          findings.push({ operation: "socket auth", as, status: closed.code, kind: "socket", detail: "connected" });
      }
      Object.assign(socketFigures, { closes, refusals, frames_received_by_b: sb.frames.length, a_edit_status: edit.statusCode });
    } finally {
      await Promise.all(open.map((s) => s.close()));
    }
  });

  it("A reaches its own records through the same GETs (the control)", async () => {
    for (const { op, url } of controlCalls) {
      const mine = await call(op, url, a.headers, 1);
      controls++;
      if (mine.res.statusCode === 404) controlMisses.push(`${op.method} ${op.path}: ${mine.res.body.slice(0, 120)}`);
      // The leak detector sees A's data where it is meant to be: in A's own answers.
      if (leaksIn(mine.res.body, "").length) controlsWithData++;
    }
    expect(controls).toBeGreaterThan(50);
    expect(controlsWithData, "A's own answers hold A's markers or ids").toBeGreaterThan(40);
  });

  it("reports: one JSON object, and no finding", () => {
    const summary = {
      suite: "tenancy",
      database: process.env.DATABASE_URL ? "postgresql" : "pglite",
      redis: Boolean(process.env.REDIS_URL),
      operations_total: ops.length,
      operations_templated: ops.filter((o) => o.path.includes("{")).length,
      operations_swept: swept,
      calls,
      by_status: byStatus,
      tables_snapshotted: tables.length,
      rows_of_a: [...before.values()].reduce((n, r) => n + r.length, 0),
      records_created: seeded.created,
      records_refused: seeded.refused,
      mapped_without_a_record: [...noRecord].sort(),
      controls_by_a: controls,
      controls_by_a_with_a_data: controlsWithData,
      control_misses: controlMisses,
      excluded,
      downloads,
      socket: socketFigures,
      findings,
      duration_s: Math.round((Date.now() - started) / 100) / 10,
    };
    console.log(JSON.stringify(summary, null, 1));
    // A copy for CI summaries (and people) to read without scraping the log.
    if (process.env.TENANCY_JSON) fs.writeFileSync(process.env.TENANCY_JSON, JSON.stringify(summary, null, 1));
    expect(findings).toEqual([]);
  });
});
