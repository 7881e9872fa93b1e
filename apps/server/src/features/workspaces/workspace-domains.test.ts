import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { startDnsServer, type Zone } from "../enrichment/dns.fixtures.ts";
import { users } from "../identity/index.ts";
import { organizations, workspaceMembers, workspaces } from "../organizations/index.ts";
import { workspaceDomains } from "./workspaces.table.ts";

/** A local web server whose pages the test sets as it goes. */
async function startSite() {
  const pages: Record<string, string> = {};
  const server = http.createServer((req, res) => {
    const body = pages[(req.url ?? "/").split("?")[0]!];
    res.writeHead(body === undefined ? 404 : 200, { "content-type": "text/html" });
    res.end(body ?? "not found");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    pages,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("domain verification", () => {
  let t: TestApp;
  let owner: TestUser;
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  let site: Awaited<ReturnType<typeof startSite>>;
  const zone: Zone = {
    "acme-corp.test": { a: ["127.0.0.1"] },
    "files.test": { a: ["127.0.0.1"] },
    "meta.test": { a: ["127.0.0.1"] },
  };
  const base = () => `/api/v1/workspaces/${owner.workspaceId}`;
  const call = (who: TestUser, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    dns = await startDnsServer(zone);
    site = await startSite();
    t = await createTestApp({ OUTBOUND_ALLOWLIST: "127.0.0.1", DNS_SERVERS: dns.server });
    // The real checks use https://<domain>/…; the local site speaks http on its own port.
    t.app.ctx.domainChecks.urlFor = (domain, path) => `http://${domain}:${site.port}${path}`;
    owner = await createUser(t.app.ctx.db, { instanceAdmin: true });
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
    await site.close();
  });

  it("verifies a domain by its DNS TXT record, and says in words why it did not before", async () => {
    const start = await call(owner, "POST", `${base()}/domain/verify`, { domain: "https://ACME-corp.test/about" });
    expect(start.statusCode).toBe(201);
    const v = start.json();
    expect(v).toMatchObject({ domain: "acme-corp.test", method: "dns", status: "pending", last_error: null });
    expect(v.instructions).toEqual({ kind: "dns_txt", name: "acme-corp.test", value: `prospector-verification=${v.token}` });

    const again = await call(owner, "POST", `${base()}/domain/verify`, { domain: "acme-corp.test" });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(v.id);

    const early = await call(owner, "GET", `${base()}/domain/verify/${v.id}`);
    expect(early.json()).toMatchObject({ status: "failed", verified_at: null });
    expect(early.json().last_error).toContain("no TXT records yet");
    expect(early.json().last_checked_at).not.toBeNull();

    zone["acme-corp.test"]!.txt = ["v=spf1 -all", "prospector-verification=wrong"];
    const wrong = await call(owner, "GET", `${base()}/domain/verify/${v.id}`);
    expect(wrong.json().last_error).toContain("with another value");

    zone["acme-corp.test"]!.txt = ["v=spf1 -all", `prospector-verification=${v.token}`];
    const ok = await call(owner, "GET", `${base()}/domain/verify/${v.id}`);
    expect(ok.json()).toMatchObject({ status: "verified", last_error: null });
    expect(ok.json().verified_at).not.toBeNull();
    expect(dns.queries.some((q) => q.name === "acme-corp.test" && q.type === 16)).toBe(true);
  });

  it("verifies by a file over HTTP through the guarded fetcher", async () => {
    const v = (await call(owner, "POST", `${base()}/domain/verify`, { domain: "files.test", method: "http_file" })).json();
    expect(v.instructions).toMatchObject({ kind: "http_file", name: "/.well-known/prospector-verification.txt", value: v.token });
    const missing = (await call(owner, "GET", `${base()}/domain/verify/${v.id}`)).json();
    expect(missing.status).toBe("failed");
    expect(missing.last_error).toContain("answered HTTP 404");

    site.pages["/.well-known/prospector-verification.txt"] = `${v.token}\n`;
    expect((await call(owner, "GET", `${base()}/domain/verify/${v.id}`)).json().status).toBe("verified");
  });

  it("verifies by a meta tag on the home page", async () => {
    const v = (await call(owner, "POST", `${base()}/domain/verify`, { domain: "meta.test", method: "meta_tag" })).json();
    expect(v.instructions.value).toBe(`<meta name="prospector-verification" content="${v.token}">`);
    site.pages["/"] = `<html><head><meta name="prospector-verification" content="nope"></head></html>`;
    const wrong = (await call(owner, "GET", `${base()}/domain/verify/${v.id}`)).json();
    expect(wrong).toMatchObject({ status: "failed" });
    expect(wrong.last_error).toContain("another value");
    site.pages["/"] = `<html><head><title>Meta</title><meta content='${v.token}' name='Prospector-Verification' /></head></html>`;
    expect((await call(owner, "GET", `${base()}/domain/verify/${v.id}`)).json().status).toBe("verified");
  });

  it("never fetches a private address that is not allowlisted, and names the reason", async () => {
    zone["internal.test"] = { a: ["10.0.0.7"] };
    const v = (await call(owner, "POST", `${base()}/domain/verify`, { domain: "internal.test", method: "http_file" })).json();
    const checked = (await call(owner, "GET", `${base()}/domain/verify/${v.id}`)).json();
    expect(checked.status).toBe("failed");
    expect(checked.last_error).toContain("private or local address");
  });

  it("refuses free-mail domains, bad names and callers without workspaces:update; lists and deletes", async () => {
    const gmail = await call(owner, "POST", `${base()}/domain/verify`, { domain: "gmail.com" });
    expect(gmail.statusCode).toBe(422);
    expect(gmail.json().code).toBe("DOMAIN_FREE_MAIL");
    expect((await call(owner, "POST", `${base()}/domain/verify`, { domain: "not a domain" })).statusCode).toBe(422);
    expect((await call(owner, "POST", `${base()}/domain/verify`, { domain: "acme-corp.test", method: "carrier_pigeon" })).statusCode).toBe(
      422,
    );

    const viewer = await addMember(t.app.ctx.db, owner, "viewer");
    const denied = await call(viewer, "POST", `${base()}/domain/verify`, { domain: "viewer.test" });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe("workspaces:update");
    expect((await call(viewer, "GET", `${base()}/domains`)).statusCode).toBe(403);

    const list = (await call(owner, "GET", `${base()}/domains`)).json();
    expect(list.map((d: { domain: string }) => d.domain)).toEqual(["acme-corp.test", "files.test", "internal.test", "meta.test"]);
    expect((await call(owner, "DELETE", `${base()}/domain/internal.test`)).statusCode).toBe(204);
    const again = await call(owner, "DELETE", `${base()}/domain/internal.test`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("DOMAIN_NOT_FOUND");
    expect((await call(owner, "GET", `${base()}/domain/verify/00000000-0000-4000-8000-000000000000`)).json().code).toBe(
      "DOMAIN_VERIFICATION_NOT_FOUND",
    );
  });

  it("without SMTP nobody joins by domain (sign-up does not prove the address)", async () => {
    await allowDomainJoin(t, owner, "nosmtp.test", true);
    const reg = await register(t, "pat@nosmtp.test");
    expect(reg.statusCode).toBe(201);
    expect(await membershipsOf(t, "pat@nosmtp.test", owner.workspaceId)).toHaveLength(0);
  });
});

async function allowDomainJoin(t: TestApp, owner: TestUser, domain: string, allow: boolean, role = "sales_rep") {
  const [ws] = await t.database.db.select().from(workspaces).where(eq(workspaces.id, owner.workspaceId));
  await t.database.db
    .update(workspaces)
    .set({ settings: { ...ws!.settings, allowDomainJoin: allow, domainJoinRole: role, maxMembers: 50 } })
    .where(eq(workspaces.id, owner.workspaceId));
  await t.database.db.update(organizations).set({ plan: "unlimited" }).where(eq(organizations.id, owner.organizationId));
  await t.database.db
    .insert(workspaceDomains)
    .values({ workspaceId: owner.workspaceId, domain, method: "dns", token: "t", status: "verified", verifiedAt: new Date() })
    .onConflictDoNothing();
}

const register = (t: TestApp, email: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/register", payload: { email, password: "Domain-joiner-1", full_name: "Pat Joiner" } });

async function membershipsOf(t: TestApp, email: string, workspaceId: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return t.database.db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, user.id), eq(workspaceMembers.workspaceId, workspaceId)));
}

describe("domain join on sign-up (SMTP configured: the address is proven before the first sign-in)", () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    // Delivery is never attempted (no job workers): the sign-up only has to require verification.
    t = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:9", JOBS: "off" }, { work: false });
    owner = await createUser(t.app.ctx.db, { instanceAdmin: true });
  });
  afterAll(() => t.close());

  it("joins the workspace with its domain-join role and opens there when the workspace allows it", async () => {
    await allowDomainJoin(t, owner, "joinme.test", true, "sales_rep");
    const reg = await register(t, "ann@JoinMe.test");
    expect(reg.statusCode).toBe(201);
    expect(reg.json().verification_required).toBe(true);
    const rows = await membershipsOf(t, "ann@joinme.test", owner.workspaceId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe("sales_rep");
    const [user] = await t.database.db.select().from(users).where(eq(users.email, "ann@joinme.test"));
    expect(user!.defaultWorkspaceId).toBe(owner.workspaceId);
  });

  it("does not join when the workspace does not allow it, nor for another domain", async () => {
    await allowDomainJoin(t, owner, "closed.test", false);
    await register(t, "bob@closed.test");
    expect(await membershipsOf(t, "bob@closed.test", owner.workspaceId)).toHaveLength(0);
    await allowDomainJoin(t, owner, "joinme.test", true);
    await register(t, "cy@elsewhere.test");
    expect(await membershipsOf(t, "cy@elsewhere.test", owner.workspaceId)).toHaveLength(0);
    // The account still got its own organization and workspace.
    const [user] = await t.database.db.select().from(users).where(eq(users.email, "cy@elsewhere.test"));
    expect(user!.defaultWorkspaceId).not.toBeNull();
  });
});
