/**
 * Erasing a member (docs/compliance.md, "Erasing a member"): their session, API key and password
 * stop working, and a search of the whole database finds neither their address nor their full name;
 * the refusals (yourself, the instance admin, the owner, the last active admin); a member who also
 * belongs to another workspace keeps the account and that workspace's data.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_SETUP_TOKEN, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createSession, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { searchDatabase } from "./compliance.test-helpers.ts";

let t: TestApp;
let owner: TestUser;
const PASSWORD = "Correct-Horse7";

type Row = Record<string, unknown>;
const rows = async (q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: Row[] }).rows;

const call = (headers: Record<string, string>, method: "GET" | "POST", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function finished(user: TestUser, id: string) {
  return waitFor(
    async () => {
      const r = (await call(user.headers, "GET", `/api/compliance/requests/${id}`)).json();
      return r.status === "completed" || r.status === "failed" ? r : null;
    },
    { what: `request ${id} to finish`, timeoutMs: 60_000, intervalMs: 100 },
  );
}

/** A person who signed up with a password, then joined `ws` (their own sign-up workspace removed, unless `keepOwn`). */
async function registeredMember(email: string, fullName: string, ws: string, role: string, keepOwn = false) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email, password: PASSWORD, full_name: fullName, setup_token: TEST_SETUP_TOKEN },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().user.id as string;
  if (!keepOwn) {
    await t.database.db.execute(sql`delete from organizations where owner_id = ${id}`);
    await t.database.db.execute(sql`update users set default_workspace_id = ${ws} where id = ${id}`);
  }
  await t.database.db.execute(
    sql`insert into workspace_members (id, workspace_id, user_id, role) values (gen_random_uuid(), ${ws}, ${id}, ${role})`,
  );
  return id;
}

const login = (email: string) => t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: PASSWORD } });

beforeAll(async () => {
  t = await createTestApp({ JOBS: "off" }, { work: true });
  // The instance's first account: later sign-ups are ordinary accounts.
  await createUser(t.database.db, { instanceAdmin: true });
  owner = await createUser(t.database.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("erasing a member", () => {
  const EMAIL = "quentin.zyxwarble@member-person.test";
  const NAME = "Quentin Zyxwarble";

  it("ends every way in and leaves neither the address nor the name anywhere in the database", async () => {
    const ws = owner.workspaceId;
    const db = t.database.db;
    const id = await registeredMember(EMAIL, NAME, ws, "sales_rep");
    expect((await login(EMAIL)).statusCode).toBe(200);
    const token = await createSession(db, id);
    const me = bearer(token);
    expect((await call(me, "GET", "/api/auth/me")).statusCode).toBe(200);
    const key = await call(me, "POST", "/api/user-settings/api-keys", { name: `${NAME}'s key`, permissions: ["leads:read"] });
    expect(key.statusCode).toBe(201);
    const keyHeaders = bearer(key.json().key);
    expect((await call(keyHeaders, "GET", "/api/leads/")).statusCode).toBe(200);
    // Their settings, an authored chat message, a notification, and others' rows that mention them.
    await db.execute(sql`insert into user_settings (id, user_id, workspace_id, preferences) values (gen_random_uuid(), ${id}, ${ws}, ${JSON.stringify({ signature: `Best, ${NAME}` })}::jsonb)
      on conflict do nothing`);
    await db.execute(
      sql`insert into team_chat_messages (id, workspace_id, user_id, body) values (gen_random_uuid(), ${ws}, ${id}, ${`Hi all, ${NAME} here (${EMAIL})`})`,
    );
    await db.execute(
      sql`insert into team_chat_messages (id, workspace_id, user_id, body) values (gen_random_uuid(), ${ws}, ${owner.id}, ${`Welcome ${NAME}!`})`,
    );
    await db.execute(
      sql`insert into notifications (id, workspace_id, user_id, type, title, message) values (gen_random_uuid(), ${ws}, ${id}, 'system', 'Hello', ${`Welcome, ${NAME}`})`,
    );
    await db.execute(sql`insert into workspace_activity (id, workspace_id, actor_id, kind, summary, subject_type, subject_id, detail)
      values (gen_random_uuid(), ${ws}, ${owner.id}, 'member.joined', ${`${NAME} joined the workspace`}, 'user', ${id}, ${JSON.stringify({ email: EMAIL })}::jsonb)`);
    // A profile picture, as the upload stores it.
    const picture = `${id}-${"a".repeat(32)}.png`;
    fs.mkdirSync(path.join(t.config.dataDir, "uploads", "avatars"), { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, "uploads", "avatars", picture), "png");
    await db.execute(sql`update users set image = ${`/api/user-settings/profile/picture/${picture}`} where id = ${id}`);
    expect((await searchDatabase(db, EMAIL)).length).toBeGreaterThan(0);
    expect((await searchDatabase(db, NAME)).length).toBeGreaterThan(0);

    const mismatch = await call(owner.headers, "POST", "/api/compliance/requests/erasure", {
      subject_type: "user",
      user_id: id,
      confirm_email: "someone@else.test",
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().code).toBe("COMPLIANCE_CONFIRMATION_MISMATCH");

    const res = await call(owner.headers, "POST", "/api/compliance/requests/erasure", {
      subject_type: "user",
      user_id: id,
      confirm_email: EMAIL.toUpperCase(),
    });
    expect(res.statusCode).toBe(202);
    expect(JSON.stringify(res.json())).not.toContain(EMAIL);
    const done = await finished(owner, res.json().id);
    expect(done.error).toBeNull();
    expect(done).toMatchObject({ status: "completed", kind: "erasure", subject_type: "user" });
    expect(done.counts).toMatchObject({ account_erased: 1, workspace_members: 1, api_keys: 1, users: 1, accounts: 1 });
    expect(done.counts.team_chat_messages).toBe(2);

    expect((await call(me, "GET", "/api/auth/me")).statusCode).toBe(401);
    expect((await call(keyHeaders, "GET", "/api/leads/")).statusCode).toBe(401);
    for (const needle of [EMAIL, NAME, "Zyxwarble"]) expect(await searchDatabase(db, needle), needle).toEqual([]);
    // (After the search: a refused sign-in with the address is a new security event of its own.)
    expect((await login(EMAIL)).statusCode).toBe(401);
    expect(fs.existsSync(path.join(t.config.dataDir, "uploads", "avatars", picture))).toBe(false);
    const [u] = await rows(sql`select name, email, image, is_active from users where id = ${id}`);
    expect(u).toMatchObject({ name: "Erased user", image: null, is_active: false });
    expect(String(u?.email)).toMatch(/^erased-[0-9a-f-]{36}@erased\.invalid$/);
    for (const table of ["sessions", "accounts", "password_history", "user_settings", "notifications", "api_keys", "workspace_members"]) {
      const [n] = await rows(sql.raw(`select count(*)::int as n from ${table} where user_id = '${id}'`));
      expect(n?.n, table).toBe(0);
    }
    // The chat message they wrote stays, redacted; the request keeps only the hash.
    const [msg] = await rows(sql`select body from team_chat_messages where user_id = ${id}`);
    expect(msg?.body).toMatch(/^Hi all, \[erased\] here \(erased-[0-9a-f]{16}@erased\.invalid\)$/);
  });

  it("refuses yourself, the instance admin, the owner and the last active admin, with clear codes", async () => {
    const ws = owner.workspaceId;
    const db = t.database.db;
    const erase = (who: TestUser, target: { id: string; email: string }) =>
      call(who.headers, "POST", "/api/compliance/requests/erasure", {
        subject_type: "user",
        user_id: target.id,
        confirm_email: target.email,
      });

    const self = await erase(owner, owner);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe("COMPLIANCE_ERASE_SELF");

    const admin = await addMember(db, owner, "admin");
    const ownerRefused = await erase(admin, owner);
    expect(ownerRefused.statusCode).toBe(409);
    expect(ownerRefused.json().code).toBe("COMPLIANCE_ERASE_OWNER");

    const instance = await createUser(db, { instanceAdmin: true });
    await db.execute(
      sql`insert into workspace_members (id, workspace_id, user_id, role) values (gen_random_uuid(), ${ws}, ${instance.id}, 'sales_rep')`,
    );
    const instanceRefused = await erase(owner, instance);
    expect(instanceRefused.statusCode).toBe(409);
    expect(instanceRefused.json().code).toBe("COMPLIANCE_ERASE_INSTANCE_ADMIN");

    // The owner is no administrator any more here: the other admin is the last active one.
    await db.execute(sql`update workspace_members set role = 'manager' where workspace_id = ${ws} and user_id = ${owner.id}`);
    await db.execute(
      sql`insert into user_permissions (id, workspace_id, user_id, resource, action) values (gen_random_uuid(), ${ws}, ${owner.id}, 'compliance', 'update')`,
    );
    await t.app.ctx.authenticator.invalidate(owner.id);
    const last = await erase(owner, admin);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe("COMPLIANCE_ERASE_LAST_ADMIN");
    await db.execute(sql`update workspace_members set role = 'admin' where workspace_id = ${ws} and user_id = ${owner.id}`);
    await db.execute(sql`delete from user_permissions where workspace_id = ${ws} and user_id = ${owner.id}`);
    await t.app.ctx.authenticator.invalidate(owner.id);

    // Another workspace's member is 404, as for a lead.
    const stranger = await createUser(db);
    const other = await erase(owner, stranger);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe("COMPLIANCE_SUBJECT_NOT_FOUND");
    const noUser = await call(owner.headers, "POST", "/api/compliance/requests/erasure", {
      subject_type: "user",
      confirm_email: "x@y.test",
    });
    expect(noUser.statusCode).toBe(422);
    expect(noUser.json().errors.map((e: { field: string }) => e.field)).toContain("user_id");
  });

  it("keeps the account and the other workspace's data of a member who belongs elsewhere too", async () => {
    const db = t.database.db;
    const email = "ottilie.vrenk@member-person.test";
    const name = "Ottilie Vrenk";
    const id = await registeredMember(email, name, owner.workspaceId, "sales_rep", true);
    const [own] = await rows(
      sql`select workspace_id from workspace_members where user_id = ${id} and workspace_id <> ${owner.workspaceId}`,
    );
    const elsewhere = String(own?.workspace_id);
    await db.execute(
      sql`insert into team_chat_messages (id, workspace_id, user_id, body) values (gen_random_uuid(), ${owner.workspaceId}, ${id}, ${`${name} says hi`})`,
    );
    await db.execute(
      sql`insert into team_chat_messages (id, workspace_id, user_id, body) values (gen_random_uuid(), ${elsewhere}, ${id}, ${`${name} at home`})`,
    );
    const token = await createSession(db, id);

    const res = await call(owner.headers, "POST", "/api/compliance/requests/erasure", {
      subject_type: "user",
      user_id: id,
      confirm_email: email,
    });
    expect(res.statusCode).toBe(202);
    const done = await finished(owner, res.json().id);
    expect(done).toMatchObject({ status: "completed" });
    expect(done.counts).toMatchObject({ account_erased: 0, workspace_members: 1 });
    expect(done.counts.users).toBeUndefined();

    const [u] = await rows(sql`select name, email, is_active from users where id = ${id}`);
    expect(u).toEqual({ name, email, is_active: true });
    const chats = await rows(sql`select workspace_id, body from team_chat_messages where user_id = ${id} order by body`);
    expect(chats).toEqual(
      expect.arrayContaining([
        { workspace_id: elsewhere, body: `${name} at home` },
        { workspace_id: owner.workspaceId, body: "[erased] says hi" },
      ]),
    );
    const members = await rows(sql`select workspace_id from workspace_members where user_id = ${id}`);
    expect(members).toEqual([{ workspace_id: elsewhere }]);
    // The sessions ended (they sign in again to reach the other workspace); the password still works.
    expect((await call(bearer(token), "GET", "/api/auth/me")).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(200);
  });
});
