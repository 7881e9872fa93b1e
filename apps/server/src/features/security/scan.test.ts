import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { apiKeys } from "../api-keys/api-keys.table.ts";
import { users } from "../identity/identity.table.ts";
import { inboxes } from "../inboxes/inboxes.table.ts";
import { workspaceInvites } from "../workspaces/workspaces.table.ts";
import { runChecks, type ScanFacts, scoreOf } from "./scan.checks.ts";

type Check = { id: string; status: string; evidence: string; fix_link: string };

describe("/api/security/scan: live checks on the workspace and the configuration", () => {
  let t: TestApp;
  let admin: TestUser;
  let rep: TestUser;
  const scan = async (u: TestUser = admin) => {
    const res = await t.app.inject({ method: "GET", url: "/api/security/scan", headers: u.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { score: number; checks: Check[] };
    return { score: body.score, check: (id: string) => body.checks.find((c) => c.id === id)! };
  };

  beforeAll(async () => {
    // SMTP_URL unset and sign-up open: the defaults.
    t = await createTestApp();
    admin = await createUser(t.app.ctx.db, { name: "Ada Admin" });
    rep = await addMember(t.app.ctx.db, admin, "sales_rep");
  }, 120_000);
  afterAll(() => t.close());

  it("two-factor: fails while an admin lacks it, warns while a member does, passes when all have it", async () => {
    const first = await scan();
    expect(first.check("two_factor")).toMatchObject({ status: "fail", fix_link: "/settings/security" });
    expect(first.check("two_factor").evidence).toContain("Ada Admin");
    await t.app.ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, admin.id));
    expect((await scan()).check("two_factor").status).toBe("warn");
    await t.app.ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, rep.id));
    const after = await scan();
    expect(after.check("two_factor")).toMatchObject({ status: "pass", evidence: expect.stringContaining("2 of 2") });
    expect(after.score).toBeGreaterThan(first.score);
  });

  it("API keys: a key unused for 90 days warns; *:* fails; a scoped key passes", async () => {
    expect((await scan()).check("stale_api_keys").status).toBe("pass");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/user-settings/api-keys",
      headers: rep.headers,
      payload: { name: "crm-sync", permissions: ["leads:read"] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const keyId = res.json().id as string;
    let s = await scan();
    expect(s.check("stale_api_keys").status).toBe("pass");
    expect(s.check("over_privileged_api_keys").status).toBe("pass");
    const old = new Date(Date.now() - 100 * 86_400_000);
    await t.app.ctx.db.update(apiKeys).set({ createdAt: old, lastUsedAt: old }).where(eq(apiKeys.id, keyId));
    s = await scan();
    expect(s.check("stale_api_keys")).toMatchObject({ status: "warn", evidence: expect.stringContaining("crm-sync") });
    await t.app.ctx.db
      .update(apiKeys)
      .set({ permissions: ["campaigns:delete"] })
      .where(eq(apiKeys.id, keyId));
    expect((await scan()).check("over_privileged_api_keys")).toMatchObject({
      status: "fail",
      evidence: expect.stringContaining("crm-sync"),
    });
    await t.app.ctx.db.update(apiKeys).set({ isActive: false }).where(eq(apiKeys.id, keyId));
    expect((await scan()).check("over_privileged_api_keys").status).toBe("pass");
  });

  it("an invitation pending for more than 7 days warns", async () => {
    const insert = (email: string, days: number) =>
      t.app.ctx.db.insert(workspaceInvites).values({
        workspaceId: admin.workspaceId,
        email,
        role: "viewer",
        tokenHash: `hash-${email}`,
        expiresAt: new Date(Date.now() + 86_400_000),
        createdAt: new Date(Date.now() - days * 86_400_000),
      });
    await insert("fresh@example.com", 2);
    expect((await scan()).check("old_invitations").status).toBe("pass");
    await insert("old@example.com", 9);
    expect((await scan()).check("old_invitations")).toMatchObject({ status: "warn", evidence: expect.stringContaining("old@example.com") });
  });

  it("an inbox without TLS that allows plaintext fails; STARTTLS required passes", async () => {
    const smtp = { host: "mail.example.com", port: 587, secure: false, username: "u" };
    const [row] = await t.app.ctx.db
      .insert(inboxes)
      .values({ workspaceId: admin.workspaceId, email: "sales@example.com", smtp, allowPlaintext: false })
      .returning();
    expect((await scan()).check("inbox_tls").status).toBe("pass");
    await t.app.ctx.db.update(inboxes).set({ allowPlaintext: true }).where(eq(inboxes.id, row!.id));
    expect((await scan()).check("inbox_tls")).toMatchObject({ status: "fail", evidence: expect.stringContaining("sales@example.com") });
    await t.app.ctx.db
      .update(inboxes)
      .set({ smtp: { ...smtp, port: 465, secure: true } })
      .where(eq(inboxes.id, row!.id));
    expect((await scan()).check("inbox_tls").status).toBe("pass");
  });

  it("SMTP unset warns, sign-up open warns, the default policy warns; the test's typed AUTH_SECRET fails unprinted", async () => {
    const s = await scan();
    expect(s.check("smtp_configured").status).toBe("warn");
    expect(s.check("open_signup").status).toBe("warn");
    expect(s.check("password_policy")).toMatchObject({ status: "warn", evidence: expect.stringContaining("Minimum length 8") });
    // createTestApp sets AUTH_SECRET to "test-secret-…": a placeholder word, so the check fails without showing it.
    expect(s.check("secrets")).toMatchObject({ status: "fail", evidence: expect.stringContaining("AUTH_SECRET looks typed by hand") });
    expect(s.check("secrets").evidence).not.toContain(t.config.AUTH_SECRET!);
  });

  it("records runs and pages the history; only security:read may scan", async () => {
    const first = await t.app.inject({ method: "POST", url: "/api/security/scan", headers: admin.headers });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ ran_by: { id: admin.id }, checks: expect.any(Array) });
    await t.app.inject({ method: "POST", url: "/api/security/scan", headers: admin.headers });
    const page = (await t.app.inject({ method: "GET", url: "/api/security/scan/history?limit=1", headers: admin.headers })).json();
    expect(page.items).toHaveLength(1);
    const rest = (
      await t.app.inject({ method: "GET", url: `/api/security/scan/history?limit=5&cursor=${page.next_cursor}`, headers: admin.headers })
    ).json();
    expect(rest.items.map((r: { id: string }) => r.id)).toEqual([first.json().id]);
    expect((await t.app.inject({ method: "GET", url: "/api/security/scan", headers: rep.headers })).statusCode).toBe(403);
    const other = await createUser(t.app.ctx.db);
    const theirs = (await t.app.inject({ method: "GET", url: "/api/security/scan/history", headers: other.headers })).json();
    expect(theirs.items).toEqual([]);
  });
});

describe("scan checks on constructed configuration", () => {
  const facts = (over: Partial<ScanFacts> = {}): ScanFacts => ({
    now: new Date(),
    members: [{ id: "u1", name: "A", role: "admin", twoFactor: true }],
    apiKeys: [],
    oldInvites: [],
    inboxesWithoutTls: [],
    passwordPolicy: { min_length: 12, require_uppercase: true, require_lowercase: true, require_numbers: true, require_special: false },
    smtpConfigured: true,
    authSecret: undefined,
    metricsToken: undefined,
    signupMode: "closed",
    instanceUsers: 3,
    ...over,
  });
  const status = (f: ScanFacts, id: string) => runChecks(f).find((c) => c.id === id)?.status;

  it("scores 100 when everything passes and drops with each finding", () => {
    expect(scoreOf(runChecks(facts()))).toBe(100);
    expect(scoreOf(runChecks(facts({ smtpConfigured: false })))).toBe(95);
    expect(status(facts({ smtpConfigured: false }), "smtp_configured")).toBe("warn");
  });

  it("flags weak secrets without printing them", () => {
    const weak = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    const checks = runChecks(facts({ authSecret: weak, metricsToken: "short-token-1234" }));
    const secrets = checks.find((c) => c.id === "secrets")!;
    expect(secrets.status).toBe("fail");
    expect(JSON.stringify(checks)).not.toContain(weak);
    expect(JSON.stringify(checks)).not.toContain("short-token-1234");
    expect(status(facts({ metricsToken: "short-token-1234" }), "secrets")).toBe("warn");
    expect(status(facts({ authSecret: "Zq8vN2rXw7pLk4sT9mB3cF6hJ1dG5yA0eU" }), "secrets")).toBe("pass");
  });

  it("password policy: under 8 fails, under 12 warns; open sign-up warns", () => {
    const p = facts().passwordPolicy;
    expect(status(facts({ passwordPolicy: { ...p, min_length: 6 } }), "password_policy")).toBe("fail");
    expect(status(facts({ passwordPolicy: { ...p, min_length: 10 } }), "password_policy")).toBe("warn");
    expect(status(facts({ signupMode: "open" }), "open_signup")).toBe("warn");
  });

  it("a key with *:* is over-privileged even for an admin", () => {
    const key = {
      id: "k",
      userId: "u1",
      name: "root",
      prefix: "psk_ab",
      permissions: ["*:*"],
      lastUsedAt: new Date(),
      createdAt: new Date(),
    };
    expect(status(facts({ apiKeys: [key] }), "over_privileged_api_keys")).toBe("fail");
    expect(status(facts({ apiKeys: [{ ...key, permissions: ["leads:read"] }] }), "over_privileged_api_keys")).toBe("pass");
  });
});
