import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_SETUP_TOKEN, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { apiKeyActivity } from "../api-keys/index.ts";
import { notifications } from "../notifications/index.ts";
import { insertRun, updateRun } from "./detection.repository.ts";
import { detectNow } from "./detection.service.ts";
import { writeGeoIpFixture } from "./security.test-helpers.ts";

const PASSWORD = "Correct-horse-battery9";
const CHROME_WIN = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0";
const HOUR = 3_600_000;

interface Alert {
  id: string;
  workspace_id: string | null;
  rule: string;
  severity: string;
  subject: string;
  status: string;
  occurrences: number;
}

describe("/api/security threat detection over real sign-ins and API key calls", () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  const email = `owner-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const login = (password: string, ip: string, ua = CHROME_WIN, who = email) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: who, password },
      remoteAddress: ip,
      headers: { "user-agent": ua },
    });
  const get = (u: TestUser, url: string) => t.app.inject({ method: "GET", url, headers: u.headers });
  const alerts = async (u: TestUser, query = ""): Promise<Alert[]> => {
    const res = await get(u, `/api/security/alerts?limit=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items;
  };
  const put = (u: TestUser, url: string, payload: object) => t.app.inject({ method: "PUT", url, headers: u.headers, payload });

  beforeAll(async () => {
    t = await createTestApp({
      GEOIP_DATABASE_PATH: writeGeoIpFixture(),
      LOGIN_MAX_ATTEMPTS: "100",
      AUTH_RATE_LIMIT_PER_MINUTE: "500",
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: PASSWORD, full_name: "Owner", setup_token: TEST_SETUP_TOKEN },
      remoteAddress: "198.51.100.10",
    });
    expect(res.statusCode, res.body).toBe(201);
    const token = res.json().access_token as string;
    const me = (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } })).json();
    owner = {
      id: me.id,
      email,
      name: "Owner",
      token,
      organizationId: me.organization.id,
      workspaceId: me.workspace.id,
      role: "admin",
      headers: { authorization: `Bearer ${token}` },
    };
    expect(me.is_instance_admin).toBe(true);
    viewer = await addMember(t.app.ctx.db, owner, "viewer");
    outsider = await createUser(t.app.ctx.db);
  }, 120_000);
  afterAll(() => t.close());

  it("records sign-ins and stays quiet on normal traffic", async () => {
    expect((await login(PASSWORD, "198.51.100.10")).statusCode).toBe(200);
    expect((await login("Wrong-password-1", "198.51.100.10")).statusCode).toBe(401);
    const events = (await get(owner, "/api/security/events?limit=10")).json().items;
    expect(events.slice(0, 2).map((e: { outcome: string }) => e.outcome)).toEqual(["bad_password", "success"]);
    expect(events[0]).toMatchObject({ email, ip: "198.51.100.10", user_agent: CHROME_WIN, method: "password" });
    const run = await detectNow(t.app.ctx);
    expect(run).toMatchObject({ status: "done", steps_done: 4, steps_total: 4, alerts_raised: 0 });
    expect(await alerts(owner)).toEqual([]);
  });

  it("brute force: a burst of failed sign-ins raises one alert, notifies the admins once, and a repeat updates it", async () => {
    for (let i = 0; i < 6; i++) expect((await login(`Wrong-${i}-password`, "203.0.113.5")).statusCode).toBe(401);
    await detectNow(t.app.ctx);
    const [alert] = await alerts(owner, "&rule=brute_force");
    expect(alert).toMatchObject({
      workspace_id: owner.workspaceId,
      severity: "high",
      subject: `user:${owner.id}`,
      status: "new",
      occurrences: 1,
    });
    const detail = (await get(owner, `/api/security/alerts/${alert?.id}`)).json();
    expect(detail.evidence).toMatchObject({
      account: email,
      sources: expect.arrayContaining(["203.0.113.5"]),
      thresholds: { attempts: 5, minutes: 10 },
    });
    expect(detail.evidence.events.length).toBeGreaterThanOrEqual(5);
    const mine = await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(mine.filter((n) => n.link?.includes(alert!.id))).toHaveLength(1);
    // The same run again changes nothing (idempotent); one more failure updates the open alert.
    await detectNow(t.app.ctx);
    expect((await alerts(owner, "&rule=brute_force"))[0]?.occurrences).toBe(1);
    await login("Wrong-again-password", "203.0.113.5");
    await detectNow(t.app.ctx);
    const after = await alerts(owner, "&rule=brute_force");
    expect(after).toHaveLength(1);
    expect(after[0]?.occurrences).toBe(2);
  });

  it("impossible travel and new device: Paris, then Sydney minutes later in another browser", async () => {
    expect((await login(PASSWORD, "192.0.2.50", FIREFOX_MAC)).statusCode).toBe(200);
    await detectNow(t.app.ctx);
    const [travel] = await alerts(owner, "&rule=impossible_travel");
    expect(travel).toMatchObject({ severity: "high", subject: `user:${owner.id}` });
    const evidence = (await get(owner, `/api/security/alerts/${travel?.id}`)).json().evidence;
    expect(evidence.from.place).toContain("Paris");
    expect(evidence.to.place).toContain("Sydney");
    const [device] = await alerts(owner, "&rule=new_device");
    expect(device?.subject).toBe(`user:${owner.id}`);
    // The brute-force burst was followed by a successful sign-in: now critical.
    expect((await alerts(owner, "&rule=brute_force"))[0]?.severity).toBe("critical");
  });

  it("credential stuffing: one address over many accounts, instance-wide for the instance admin, per workspace naming only its members", async () => {
    for (let i = 0; i < 10; i++) await login("Guess-password-1", "100.64.0.9", CHROME_WIN, `nobody${i}@example.com`);
    await login("Guess-password-1", "100.64.0.9");
    await detectNow(t.app.ctx);
    const stuffing = await alerts(owner, "&rule=credential_stuffing");
    const instance = stuffing.find((a) => a.workspace_id === null);
    const mineWs = stuffing.find((a) => a.workspace_id === owner.workspaceId);
    expect(instance?.subject).toBe("ip:100.64.0.9");
    expect(mineWs?.subject).toBe("ip:100.64.0.9");
    const wsEvidence = (await get(owner, `/api/security/alerts/${mineWs?.id}`)).json().evidence;
    expect(wsEvidence.accounts).toEqual([email]);
    expect(wsEvidence.distinct_accounts).toBe(11);
    const instanceEvidence = (await get(owner, `/api/security/alerts/${instance?.id}`)).json().evidence;
    expect(instanceEvidence.accounts).toHaveLength(11);

    // Tenancy: another workspace's admin sees none of it; ids answer 404.
    expect(await alerts(outsider)).toEqual([]);
    expect((await get(outsider, `/api/security/alerts/${instance?.id}`)).statusCode).toBe(404);
    expect((await get(outsider, `/api/security/alerts/${mineWs?.id}`)).statusCode).toBe(404);
    expect((await get(outsider, "/api/security/events")).json().items).toEqual([]);
    // A viewer holds no security:read.
    expect((await get(viewer, "/api/security/alerts")).statusCode).toBe(403);
  });

  it("acknowledges, resolves and dismisses with a note; a closed alert answers 409", async () => {
    const [alert] = await alerts(owner, "&rule=new_device");
    const act = (action: string, payload: object = {}) =>
      t.app.inject({ method: "POST", url: `/api/security/alerts/${alert?.id}/${action}`, headers: owner.headers, payload });
    expect((await act("acknowledge", { note: "Looking" })).json()).toMatchObject({ status: "acknowledged", handled_by: owner.id });
    const resolved = await act("resolve", { note: "It was me on holiday" });
    expect(resolved.json().status).toBe("resolved");
    expect(resolved.json().evidence.notes).toHaveLength(2);
    expect((await act("dismiss")).statusCode).toBe(409);
    expect((await act("explode")).statusCode).toBe(422);
    expect((await get(owner, "/api/security/alerts?status=resolved")).json().items.map((a: Alert) => a.id)).toEqual([alert?.id]);
    expect((await get(owner, "/api/security/alerts?severity=extreme")).statusCode).toBe(422);
  });

  it("pages alerts by keyset", async () => {
    const all = await alerts(owner);
    const first = (await get(owner, "/api/security/alerts?limit=2")).json();
    expect(first.items).toHaveLength(2);
    const second = (await get(owner, `/api/security/alerts?limit=100&cursor=${first.next_cursor}`)).json();
    expect([...first.items, ...second.items].map((a: Alert) => a.id)).toEqual(all.map((a) => a.id));
    expect((await get(owner, "/api/security/alerts?cursor=nonsense")).statusCode).toBe(422);
  });

  it("tunes rules per workspace with validation", async () => {
    const rules = (await get(owner, "/api/security/rules")).json().items;
    expect(rules).toHaveLength(8);
    expect(rules.find((r: { rule: string }) => r.rule === "impossible_travel").unavailable).toBeNull();
    const bad = await put(owner, "/api/security/rules/brute_force", { thresholds: { attempts: 0 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe("thresholds.attempts");
    expect((await put(owner, "/api/security/rules/brute_force", { thresholds: { nonsense: 3 } })).json().errors[0].field).toBe(
      "thresholds.nonsense",
    );
    expect((await put(owner, "/api/security/rules/brute_force", { enabled: "yes" })).statusCode).toBe(422);
    expect((await put(owner, "/api/security/rules/no_such_rule", { enabled: false })).statusCode).toBe(404);
    const ok = await put(owner, "/api/security/rules/brute_force", { enabled: false, thresholds: { attempts: 8 } });
    const bf = ok.json().items.find((r: { rule: string }) => r.rule === "brute_force");
    expect(bf).toMatchObject({ enabled: false });
    expect(bf.thresholds.find((x: { key: string }) => x.key === "attempts").value).toBe(8);
    // Another workspace keeps the defaults.
    const theirs = (await get(outsider, "/api/security/rules")).json().items.find((r: { rule: string }) => r.rule === "brute_force");
    expect(theirs).toMatchObject({ enabled: true });
    expect((await put(viewer, "/api/security/rules/brute_force", { enabled: true })).statusCode).toBe(403);
  });

  it("API keys: a new address, a volume spike and a burst of refusals, from real key calls; a normal key stays quiet", async () => {
    const newKey = async (name: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/user-settings/api-keys",
        headers: owner.headers,
        payload: { name, permissions: ["leads:read"] },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; key: string };
    };
    const busy = await newKey("integration");
    const calm = await newKey("reporting");
    // Two days of history from the office address (10 requests an hour).
    const now = Math.floor(Date.now() / HOUR) * HOUR;
    const past = (apiKeyId: string) =>
      Array.from({ length: 48 }, (_, i) => ({ apiKeyId, hour: new Date(now - (i + 1) * HOUR), ip: "10.0.0.1", requests: 10, denied: 0 }));
    await t.app.ctx.db.insert(apiKeyActivity).values([...past(busy.id), ...past(calm.id)]);
    await put(owner, "/api/security/rules/api_key_volume", { thresholds: { min_requests: 20, multiplier: 5 } });
    await put(owner, "/api/security/rules/api_key_denied", { thresholds: { denied: 5 } });

    const call = (key: string, url: string, ip: string) =>
      t.app.inject({ method: "GET", url, headers: { "x-api-key": key }, remoteAddress: ip });
    for (let i = 0; i < 60; i++) expect((await call(busy.key, "/api/leads?limit=1", "10.9.9.9")).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) expect((await call(busy.key, "/api/campaigns", "10.9.9.9")).statusCode).toBe(403);
    for (let i = 0; i < 3; i++) expect((await call(calm.key, "/api/leads?limit=1", "10.0.0.1")).statusCode).toBe(200);
    await detectNow(t.app.ctx);

    const keyAlerts = (await alerts(owner)).filter((a) => a.rule.startsWith("api_key_"));
    expect(keyAlerts.map((a) => [a.rule, a.subject]).sort()).toEqual([
      ["api_key_denied", `api_key:${busy.id}`],
      ["api_key_new_address", `api_key:${busy.id}`],
      ["api_key_volume", `api_key:${busy.id}`],
    ]);
    const denied = keyAlerts.find((a) => a.rule === "api_key_denied");
    const evidence = (await get(owner, `/api/security/alerts/${denied?.id}`)).json().evidence;
    expect(evidence).toMatchObject({ denied: 6, thresholds: { denied: 5 } });
    expect(evidence.by_address).toEqual([expect.objectContaining({ ip: "10.9.9.9", denied: 6 })]);
  });

  it("privilege change: escalation to admin is high", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/rbac/roles/assign",
      headers: owner.headers,
      payload: { user_id: viewer.id, role: "admin" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await detectNow(t.app.ctx);
    const [change] = await alerts(owner, "&rule=privilege_change");
    expect(change).toMatchObject({ severity: "high", subject: `user:${viewer.id}:admin` });
  });

  it("runs detection as a job with visible progress, one at a time", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/security/detection/run", headers: owner.headers });
    expect(res.statusCode, res.body).toBe(202);
    const run = res.json();
    expect(run.status).toBe("queued");
    const done = await waitFor(
      async () => {
        const r = (await get(owner, `/api/security/detection/runs/${run.id}`)).json();
        return r.status === "done" ? r : null;
      },
      { what: "the detection run to finish", timeoutMs: 30_000 },
    );
    expect(done).toMatchObject({ steps_done: 4, steps_total: 4 });
    const status = (await get(owner, "/api/security/detection")).json();
    expect(status.latest.id).toBe(run.id);
    expect(status.geoip).toContain("csv");
    // One at a time: while a run is queued or running, another is refused.
    const queued = await insertRun(t.app.ctx.db, "scheduled", null);
    const busy = await t.app.inject({ method: "POST", url: "/api/security/detection/run", headers: owner.headers });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe("DETECTION_RUN_ACTIVE");
    await updateRun(t.app.ctx.db, queued.id, { status: "failed", error: "test" });
  });

  it("answers analytics over 7, 30 or 90 days", async () => {
    const res = await get(owner, "/api/security/analytics?days=7");
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    const log = (await get(owner, "/api/security/events?limit=100")).json().items as { outcome: string }[];
    const failed = log.filter((e) => e.outcome !== "success").length;
    expect(failed).toBeGreaterThanOrEqual(18);
    expect(a.failed_sign_ins_by_day.reduce((n: number, d: { failed: number }) => n + d.failed, 0)).toBe(failed);
    expect(a.top_sources[0]).toMatchObject({ ip: "100.64.0.9", accounts: 11 });
    expect(a.top_sources.find((s: { ip: string }) => s.ip === "203.0.113.5")).toMatchObject({ country: "US" });
    expect(a.targeted_accounts[0]).toMatchObject({ email });
    expect(a.alerts_by_day.some((d: { rule: string }) => d.rule === "brute_force")).toBe(true);
    expect(a.api_key_denials[0]).toMatchObject({ name: "integration", denied: 6 });
    expect((await get(owner, "/api/security/analytics?days=5")).statusCode).toBe(422);
    // Another workspace sees nothing of this one.
    const theirs = (await get(outsider, "/api/security/analytics?days=30")).json();
    expect(theirs).toMatchObject({ top_sources: [], targeted_accounts: [], alerts_by_day: [], api_key_denials: [] });
  });
});
