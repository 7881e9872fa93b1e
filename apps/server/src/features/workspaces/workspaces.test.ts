/**
 * The workspace service over real HTTP on PGlite: CRUD, members, stats, activity, transfer,
 * archive (read-only everywhere) and restore, export and clone, with each refusal a user could hit.
 */
import fs from "node:fs";
import path from "node:path";
import type { ActivityPage, MemberPage, Workspace, WorkspaceStats } from "@prospector/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { teamPermissions, teams, userPermissions } from "../access/index.ts";
import { campaigns } from "../campaigns/index.ts";
import { sessions, users } from "../identity/index.ts";
import { inboxes } from "../inboxes/index.ts";
import { leads } from "../leads/index.ts";
import { organizations, workspaceMembers, workspaces } from "../organizations/index.ts";
import { planUsage } from "../plans/index.ts";
import { recordActivitySafely } from "./workspaces.activity.ts";

const BASE = "/api/v1/workspaces";
const MISSING = "0195f3c4-1c7e-7a00-8000-000000000000";
type Method = "GET" | "POST" | "PUT" | "DELETE";

describe("workspace service", () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db, { name: "Olive Owner" });
    stranger = await createUser(t.app.ctx.db, { name: "Sam Stranger" });
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const call = (user: TestUser, method: Method, url: string, payload?: unknown, workspaceId?: string) =>
    t.app.inject({
      method,
      url,
      headers: { ...user.headers, ...(workspaceId ? { "x-workspace-id": workspaceId } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (user: TestUser, method: Method, url: string, payload?: unknown, status = 200, workspaceId?: string) => {
    const res = await call(user, method, url, payload, workspaceId);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.statusCode === 204 ? null : res.json();
  };
  const refused = async (
    user: TestUser,
    method: Method,
    url: string,
    status: number,
    code: string,
    payload?: unknown,
    workspaceId?: string,
  ) => {
    const res = await call(user, method, url, payload, workspaceId);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    expect(res.json().code).toBe(code);
    return res.json();
  };
  let seq = 0;
  const create = async (user: TestUser, name = `Team ${++seq}`) => (await ok(user, "POST", BASE, { name }, 201)) as Workspace;
  /** Puts a user into a workspace with a role (what an accepted invite does). */
  const join = async (workspaceId: string, user: TestUser, role: string) => {
    const [m] = await db().insert(workspaceMembers).values({ workspaceId, userId: user.id, role }).returning();
    return m!.id;
  };
  const membersOf = async (user: TestUser, id: string) => (await ok(user, "GET", `${BASE}/${id}/members`)) as MemberPage;
  const memberIdOf = async (id: string, userId: string) =>
    (
      await db()
        .select()
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, id), eq(workspaceMembers.userId, userId)))
    )[0]!.id;
  const activity = async (user: TestUser, id: string, query = "") =>
    (await ok(user, "GET", `${BASE}/${id}/activity${query}`)) as ActivityPage;

  describe("workspaces", () => {
    it("creates a workspace in the caller's organization with the caller as admin and owner, and lists it", async () => {
      const ws = await ok(owner, "POST", BASE, { name: "  Sales EMEA ", settings: { timezone: "Europe/Paris", max_members: 25 } }, 201);
      expect(ws).toMatchObject({
        name: "Sales EMEA",
        organization_id: owner.organizationId,
        organization_name: "Olive Owner's organization",
        is_default: false,
        owner_id: owner.id,
        role: "admin",
        member_count: 1,
        archived_at: null,
        settings: { timezone: "Europe/Paris", max_members: 25, features: ["campaigns", "leads", "analytics"], allow_domain_join: false },
      });
      const list = (await ok(owner, "GET", BASE)) as Workspace[];
      expect(list.map((w) => w.name)).toEqual(expect.arrayContaining(["Default workspace", "Sales EMEA"]));
      expect(list.find((w) => w.is_default)?.owner_id).toBe(owner.id);
      // Another organization's caller sees only their own.
      expect(((await ok(stranger, "GET", BASE)) as Workspace[]).map((w) => w.id)).not.toContain(ws.id);
      expect((await activity(owner, ws.id, "?kind=workspace.created")).items[0]).toMatchObject({
        kind: "workspace.created",
        actor: { id: owner.id, name: "Olive Owner" },
      });
    });

    it("refuses a name the organization already uses, bad settings, and a role without workspaces:create", async () => {
      await create(owner, "Duplicate me");
      await refused(owner, "POST", BASE, 409, "WORKSPACE_NAME_TAKEN", { name: "duplicate ME" });
      const bad = await refused(owner, "POST", BASE, 422, "VALIDATION_FAILED", {
        name: "",
        settings: { timezone: "Mars/Base", max_members: 0 },
      });
      expect(bad.errors.map((e: { field: string }) => e.field).sort()).toEqual(["name", "settings.max_members", "settings.timezone"]);
      const viewer = await addMember(db(), owner, "viewer");
      const denied = await refused(viewer, "POST", BASE, 403, "FORBIDDEN", { name: "Mine" });
      expect(denied.requiredPermission).toBe("workspaces:create");
    });

    it("never shows a workspace to a non-member (404, the same as a missing or malformed id)", async () => {
      const ws = await create(owner);
      for (const [method, url] of [
        ["GET", `${BASE}/${ws.id}`],
        ["PUT", `${BASE}/${ws.id}`],
        ["DELETE", `${BASE}/${ws.id}`],
        ["GET", `${BASE}/${ws.id}/members`],
        ["GET", `${BASE}/${ws.id}/stats`],
        ["GET", `${BASE}/${ws.id}/activity`],
        ["GET", `${BASE}/${ws.id}/export`],
        ["POST", `${BASE}/${ws.id}/archive`],
        ["POST", `${BASE}/${ws.id}/transfer`],
        ["POST", `${BASE}/${ws.id}/clone`],
      ] as const) {
        const body =
          method === "PUT"
            ? { name: "x" }
            : url.endsWith("transfer")
              ? { newOwnerId: stranger.id }
              : url.endsWith("clone")
                ? { name: "x" }
                : undefined;
        await refused(stranger, method, url, 404, "WORKSPACE_NOT_FOUND", body);
      }
      await refused(owner, "GET", `${BASE}/${MISSING}`, 404, "WORKSPACE_NOT_FOUND");
      await refused(owner, "GET", `${BASE}/not-a-uuid`, 404, "WORKSPACE_NOT_FOUND");
    });

    it("decides permissions in the workspace of the path: a viewer there cannot update it, even as admin of their own", async () => {
      const ws = await create(owner);
      await join(ws.id, stranger, "viewer");
      expect(((await ok(stranger, "GET", `${BASE}/${ws.id}`)) as Workspace).role).toBe("viewer");
      const denied = await refused(stranger, "PUT", `${BASE}/${ws.id}`, 403, "FORBIDDEN", { name: "Taken over" });
      expect(denied.requiredPermission).toBe("workspaces:update");
      await refused(stranger, "DELETE", `${BASE}/${ws.id}`, 403, "FORBIDDEN");
      expect(((await ok(owner, "GET", `${BASE}/${ws.id}`)) as Workspace).name).toBe(ws.name);
    });

    it("updates the name and settings field by field, and refuses a member limit below the member count", async () => {
      const ws = await create(owner);
      await join(ws.id, stranger, "viewer");
      const updated = (await ok(owner, "PUT", `${BASE}/${ws.id}`, {
        name: "Renamed",
        settings: { description: "Our team", allow_domain_join: true, domain_join_role: "sales_rep" },
      })) as Workspace;
      expect(updated).toMatchObject({ name: "Renamed", member_count: 2 });
      expect(updated.settings).toMatchObject({
        timezone: "UTC",
        description: "Our team",
        allow_domain_join: true,
        domain_join_role: "sales_rep",
      });
      await refused(owner, "PUT", `${BASE}/${ws.id}`, 422, "MAX_MEMBERS_BELOW_COUNT", { settings: { max_members: 1 } });
      expect(((await ok(owner, "GET", `${BASE}/${ws.id}`)) as Workspace).settings.max_members).toBe(10);
      const [entry] = (await activity(owner, ws.id, "?kind=workspace.updated")).items;
      expect(entry?.detail).toMatchObject({ previous_name: ws.name, name: "Renamed" });
    });

    it("deletes a workspace with everything in it, never the organization's default one", async () => {
      const ws = await create(owner);
      await join(ws.id, stranger, "admin");
      await db().update(users).set({ defaultWorkspaceId: ws.id }).where(eq(users.id, stranger.id));
      await ok(owner, "POST", "/api/leads/", { first_name: "Gone", email: `gone-${Date.now()}@acme.test` }, 201, ws.id);
      await refused(owner, "DELETE", `${BASE}/${owner.workspaceId}`, 409, "CANNOT_DELETE_DEFAULT_WORKSPACE");
      await ok(owner, "DELETE", `${BASE}/${ws.id}`, undefined, 204);
      await refused(owner, "GET", `${BASE}/${ws.id}`, 404, "WORKSPACE_NOT_FOUND");
      expect(await db().select().from(leads).where(eq(leads.workspaceId, ws.id))).toEqual([]);
      // The member whose default it was falls back to their own workspace.
      const [s] = await db().select().from(users).where(eq(users.id, stranger.id));
      expect(s!.defaultWorkspaceId).toBe(stranger.workspaceId);
    });
  });

  describe("members", () => {
    it("lists members with presence, owner flag and effective permissions, paged", async () => {
      const ws = await create(owner);
      const rep = await createUser(db(), { name: "Rita Rep" });
      await join(ws.id, rep, "sales_rep");
      const page = await membersOf(owner, ws.id);
      expect(page.total).toBe(2);
      const mine = page.items.find((m) => m.user.id === owner.id)!;
      expect(mine).toMatchObject({ role: "admin", status: "active", is_owner: true, permissions: ["*:*"] });
      expect(mine.user).toMatchObject({ email: owner.email, full_name: "Olive Owner", presence: "offline" });
      expect(mine.user.last_seen).not.toBeNull();
      const r = page.items.find((m) => m.user.id === rep.id)!;
      expect(r).toMatchObject({ role: "sales_rep", is_owner: false });
      expect(r.permissions).toEqual(expect.arrayContaining(["campaigns:read", "leads:update"]));
      expect(r.permissions).not.toContain("team:delete");
      const first = (await ok(owner, "GET", `${BASE}/${ws.id}/members?limit=1`)) as MemberPage;
      expect(first.items).toHaveLength(1);
      const second = (await ok(owner, "GET", `${BASE}/${ws.id}/members?limit=1&cursor=${first.next_cursor}`)) as MemberPage;
      expect(second.items.map((m) => m.id)).not.toEqual(first.items.map((m) => m.id));
      expect(second.next_cursor).toBeNull();
      await refused(owner, "GET", `${BASE}/${ws.id}/members?cursor=junk`, 422, "INVALID_CURSOR");
    });

    it("changes a role through the access rules: unknown role 422, no escalation, audited in the feed", async () => {
      const ws = await create(owner);
      const m = await createUser(db());
      const memberId = await join(ws.id, m, "viewer");
      await refused(owner, "PUT", `${BASE}/${ws.id}/members/${memberId}/role`, 422, "ROLE_UNKNOWN", { role: "overlord" });
      await refused(owner, "PUT", `${BASE}/${ws.id}/members/${MISSING}/role`, 404, "MEMBER_NOT_FOUND", { role: "viewer" });
      const changed = await ok(owner, "PUT", `${BASE}/${ws.id}/members/${memberId}/role`, { role: "manager" });
      expect(changed).toMatchObject({ id: memberId, role: "manager" });
      expect(changed.permissions).toContain("team:read");
      // The manager now acts in that workspace as a manager: no team:update, so no role changes.
      const denied = await refused(m, "PUT", `${BASE}/${ws.id}/members/${memberId}/role`, 403, "FORBIDDEN", { role: "admin" });
      expect(denied.requiredPermission).toBe("team:update");
      // The owner stays an administrator.
      await refused(owner, "PUT", `${BASE}/${ws.id}/members/${await memberIdOf(ws.id, owner.id)}/role`, 409, "OWNER_MUST_TRANSFER", {
        role: "viewer",
      });
      const [entry] = (await activity(owner, ws.id, "?kind=member.")).items;
      expect(entry).toMatchObject({ kind: "member.role_changed", subject_id: m.id, detail: { previous_role: "viewer", role: "manager" } });
    });

    it("never lets a member raise anyone above their own rank through a role change", async () => {
      const ws = await create(owner);
      const lead = await createUser(db());
      const v = await createUser(db());
      await join(ws.id, lead, "manager");
      const vId = await join(ws.id, v, "viewer");
      // The manager may change roles here (a personal grant), but not hand out administrator.
      await db().insert(userPermissions).values({ workspaceId: ws.id, userId: lead.id, resource: "team", action: "update" });
      const res = await call(lead, "PUT", `${BASE}/${ws.id}/members/${vId}/role`, { role: "admin" });
      expect(res.statusCode).toBe(403);
      expect(["ROLE_ABOVE_OWN", "PERMISSION_ESCALATION"]).toContain(res.json().code);
      expect((await membersOf(owner, ws.id)).items.find((m) => m.id === vId)?.role).toBe("viewer");
    });

    it("suspends a member (cut off at once in that workspace) and reactivates them; never self or the owner", async () => {
      const ws = await create(owner);
      const m = await createUser(db());
      const memberId = await join(ws.id, m, "sales_rep");
      await ok(m, "GET", "/api/leads", undefined, 200, ws.id);
      const s = await ok(owner, "PUT", `${BASE}/${ws.id}/members/${memberId}/status`, { status: "suspended" });
      expect(s).toMatchObject({ status: "suspended", permissions: [] });
      await refused(m, "GET", "/api/leads", 403, "USER_INACTIVE", undefined, ws.id);
      await refused(m, "GET", `${BASE}/${ws.id}`, 404, "WORKSPACE_NOT_FOUND");
      await refused(owner, "PUT", `${BASE}/${ws.id}/members/${memberId}/status`, 422, "VALIDATION_FAILED", { status: "asleep" });
      const mine = await memberIdOf(ws.id, owner.id);
      await refused(owner, "PUT", `${BASE}/${ws.id}/members/${mine}/status`, 409, "CANNOT_SUSPEND_SELF", { status: "suspended" });
      await ok(owner, "PUT", `${BASE}/${ws.id}/members/${memberId}/status`, { status: "active" });
      await ok(m, "GET", "/api/leads", undefined, 200, ws.id);
      const kinds = (await activity(owner, ws.id, "?kind=member.status_changed")).items.map((i) => i.detail.status);
      expect(kinds).toEqual(["active", "suspended"]);
    });

    it("removes a member with team:delete, lets anyone leave, and never the owner or the last active admin", async () => {
      const ws = await create(owner);
      const a = await createUser(db());
      const b = await createUser(db());
      const aId = await join(ws.id, a, "sales_rep");
      const bId = await join(ws.id, b, "viewer");
      const denied = await refused(a, "DELETE", `${BASE}/${ws.id}/members/${bId}`, 403, "FORBIDDEN");
      expect(denied.requiredPermission).toBe("team:delete");
      await ok(a, "DELETE", `${BASE}/${ws.id}/members/${aId}`, undefined, 204); // leaving
      await refused(a, "GET", `${BASE}/${ws.id}`, 404, "WORKSPACE_NOT_FOUND");
      await ok(owner, "DELETE", `${BASE}/${ws.id}/members/${bId}`, undefined, 204);
      await refused(owner, "DELETE", `${BASE}/${ws.id}/members/${bId}`, 404, "MEMBER_NOT_FOUND");
      const mine = await memberIdOf(ws.id, owner.id);
      await refused(owner, "DELETE", `${BASE}/${ws.id}/members/${mine}`, 409, "OWNER_MUST_TRANSFER");
      expect((await activity(owner, ws.id, "?kind=member.")).items.map((i) => i.kind)).toEqual(["member.removed", "member.left"]);

      // A workspace whose owner is no longer an administrator: its only admin cannot leave.
      const c = await createUser(db());
      await join(ws.id, c, "viewer");
      await db().update(workspaces).set({ ownerId: c.id }).where(eq(workspaces.id, ws.id));
      const last = await refused(owner, "DELETE", `${BASE}/${ws.id}/members/${mine}`, 409, "LAST_ADMIN");
      expect(last.detail).toMatch(/administrator/);
      expect((await membersOf(owner, ws.id)).total).toBe(2);
    });
  });

  describe("stats and activity", () => {
    it("counts the workspace's own rows", async () => {
      const ws = await create(owner);
      const idle = await createUser(db());
      await join(ws.id, idle, "viewer");
      // Seen 30 days ago only: not an active member.
      await db()
        .update(sessions)
        .set({ updatedAt: new Date(Date.now() - 30 * 86_400_000) })
        .where(eq(sessions.userId, idle.id));
      for (const n of [1, 2, 3])
        await ok(owner, "POST", "/api/leads/", { first_name: `L${n}`, email: `s${n}-${Date.now()}@acme.test` }, 201, ws.id);
      await ok(owner, "POST", "/api/campaigns/", { name: "Stats", subject_line: "Hi", body: "Hello" }, 201, ws.id);
      // Another workspace's rows do not count.
      await ok(owner, "POST", "/api/leads/", { first_name: "Elsewhere", email: `else-${Date.now()}@acme.test` }, 201);
      // A file the workspace keeps (data-exports' uploads folder for it).
      const dir = path.join(t.config.dataDir, "uploads", "workspaces", ws.id);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "logo.png"), Buffer.alloc(1234));
      const stats = (await ok(owner, "GET", `${BASE}/${ws.id}/stats`)) as WorkspaceStats;
      expect(stats).toMatchObject({ member_count: 2, active_members: 1, campaign_count: 1, lead_count: 3, storage_used: 1234 });
      expect(stats.storage_limit).toBeGreaterThan(0);
    });

    it("pages the feed newest first with filters and refuses a bad cursor", async () => {
      const ws = await create(owner);
      for (const name of ["One", "Two", "Three"]) await ok(owner, "PUT", `${BASE}/${ws.id}`, { name: `${ws.name} ${name}` });
      const first = await activity(owner, ws.id, "?limit=2");
      expect(first.items.map((i) => i.kind)).toEqual(["workspace.updated", "workspace.updated"]);
      expect(first.items[0]!.detail.name).toBe(`${ws.name} Three`);
      const second = await activity(owner, ws.id, `?limit=2&cursor=${first.next_cursor}`);
      expect(second.items.map((i) => i.kind)).toEqual(["workspace.updated", "workspace.created"]);
      expect(second.next_cursor).toBeNull();
      expect((await activity(owner, ws.id, `?actor_id=${stranger.id}`)).items).toEqual([]);
      expect((await activity(owner, ws.id, "?since=2999-01-01T00:00:00Z")).items).toEqual([]);
      await refused(owner, "GET", `${BASE}/${ws.id}/activity?cursor=bm9wZQ`, 422, "INVALID_CURSOR");
      await refused(owner, "GET", `${BASE}/${ws.id}/activity?since=yesterday`, 422, "VALIDATION_FAILED");
    });
  });

  describe("product events and API keys", () => {
    it("records one-off sends and replies in the feed; a failing write never throws into the event", async () => {
      const ws = await create(owner);
      await t.app.ctx.hooks.run("compose.sent", {
        workspaceId: ws.id,
        messageRowId: MISSING,
        leadId: null,
        sentBy: owner.id,
        to: "kim@acme.test",
        subject: "Quick question",
        sentAt: new Date(),
      });
      await t.app.ctx.hooks.run("replies.received", {
        workspaceId: ws.id,
        replyRef: "<r1@acme.test>",
        answered: "compose",
        leadId: null,
        campaignId: null,
        from: "kim@acme.test",
        subject: "Re: Quick question",
        snippet: "Sure",
        occurredAt: new Date(),
      });
      const items = (await activity(owner, ws.id)).items;
      expect(items.slice(0, 2).map((i) => [i.kind, i.summary])).toEqual([
        ["reply.received", "Reply from kim@acme.test: Re: Quick question"],
        ["email.sent", "Email sent to kim@acme.test: Quick question"],
      ]);
      // A meeting marked on a campaign's lead.
      const lead = await ok(owner, "POST", "/api/leads/", { first_name: "Mo", email: `mo-${Date.now()}@acme.test` }, 201, ws.id);
      const campaign = await ok(owner, "POST", "/api/campaigns/", { name: "Meet", subject_line: "Hi", body: "Hello" }, 201, ws.id);
      await ok(owner, "POST", `/api/campaigns/${campaign.id}/leads`, { lead_ids: [lead.id] }, 200, ws.id);
      await ok(owner, "POST", `/api/campaigns/${campaign.id}/leads/${lead.id}/meeting`, undefined, 200, ws.id);
      expect((await activity(owner, ws.id, "?kind=campaign.meeting_booked")).items[0]).toMatchObject({
        summary: "Meeting booked with a lead of Meet",
        subject_id: lead.id,
        actor: { id: owner.id },
      });
      // A workspace that no longer exists: the write fails and is logged, never thrown into the event.
      await expect(
        recordActivitySafely(t.app.ctx, { workspaceId: MISSING, kind: "email.sent", summary: "Email sent to nobody" }),
      ).resolves.toBeUndefined();
    });

    it("keeps an API key to its own workspace and to its scopes", async () => {
      const other = await create(owner);
      const created = await ok(owner, "POST", "/api/user-settings/api-keys", { name: "ci", permissions: ["team:read"] }, 201);
      const key = { "x-api-key": created.key };
      const get = (url: string) => t.app.inject({ method: "GET", url, headers: key });
      expect((await get(`${BASE}/${owner.workspaceId}`)).statusCode).toBe(200);
      expect(((await get(BASE)).json() as Workspace[]).map((w) => w.id)).toEqual([owner.workspaceId]);
      expect((await get(`${BASE}/${other.id}`)).json().code).toBe("WORKSPACE_NOT_FOUND");
      expect((await get(`${BASE}/${owner.workspaceId}/members`)).statusCode).toBe(200);
      // Changes and the full export need a signed-in session.
      const put = await t.app.inject({ method: "PUT", url: `${BASE}/${owner.workspaceId}`, headers: key, payload: { name: "By key" } });
      expect(put.json().code).toBe("API_KEY_NOT_ACCEPTED");
      expect((await get(`${BASE}/${owner.workspaceId}/export`)).json().code).toBe("API_KEY_NOT_ACCEPTED");
    });
  });

  describe("lifecycle", () => {
    it("transfers ownership to an active member, who becomes admin; only the owner may", async () => {
      const ws = await create(owner);
      const next = await createUser(db(), { name: "Nina Next" });
      await join(ws.id, next, "viewer");
      await refused(next, "POST", `${BASE}/${ws.id}/transfer`, 403, "NOT_WORKSPACE_OWNER", { newOwnerId: next.id });
      await refused(owner, "POST", `${BASE}/${ws.id}/transfer`, 422, "NEW_OWNER_NOT_MEMBER", { newOwnerId: stranger.id });
      const done = (await ok(owner, "POST", `${BASE}/${ws.id}/transfer`, { newOwnerId: next.id })) as Workspace;
      expect(done.owner_id).toBe(next.id);
      expect(((await ok(next, "GET", `${BASE}/${ws.id}`)) as Workspace).role).toBe("admin");
      await refused(owner, "POST", `${BASE}/${ws.id}/transfer`, 403, "NOT_WORKSPACE_OWNER", { newOwnerId: owner.id });
      expect((await activity(next, ws.id, "?kind=workspace.transferred")).items[0]?.summary).toBe(
        "Olive Owner transferred the workspace to Nina Next",
      );
    });

    it("archives a workspace read-only everywhere (nothing written) and restores it", async () => {
      const ws = await create(owner);
      const campaign = await ok(owner, "POST", "/api/campaigns/", { name: "Before", subject_line: "Hi", body: "Hello" }, 201, ws.id);
      await refused(owner, "POST", `${BASE}/${owner.workspaceId}/archive`, 409, "CANNOT_ARCHIVE_DEFAULT_WORKSPACE");
      const archived = (await ok(owner, "POST", `${BASE}/${ws.id}/archive`)) as Workspace;
      expect(archived.archived_at).not.toBeNull();
      await refused(owner, "POST", `${BASE}/${ws.id}/archive`, 409, "WORKSPACE_ARCHIVED");

      await refused(owner, "POST", "/api/leads/", 409, "WORKSPACE_ARCHIVED", { first_name: "No", email: "no@acme.test" }, ws.id);
      await refused(owner, "PUT", `/api/campaigns/${campaign.id}`, 409, "WORKSPACE_ARCHIVED", { name: "After" }, ws.id);
      await refused(owner, "PUT", `${BASE}/${ws.id}`, 409, "WORKSPACE_ARCHIVED", { name: "After" });
      expect(await db().select().from(leads).where(eq(leads.workspaceId, ws.id))).toEqual([]);
      expect((await db().select().from(campaigns).where(eq(campaigns.id, campaign.id)))[0]!.name).toBe("Before");
      // An API key of that workspace is refused the same way.
      const created = await ok(owner, "POST", "/api/user-settings/api-keys", { name: "w", permissions: ["leads:create"] }, 201, ws.id);
      const byKey = await t.app.inject({
        method: "POST",
        url: "/api/leads/",
        headers: { "x-api-key": created.key },
        payload: { first_name: "Key", email: "key@acme.test" },
      });
      expect(byKey.json().code).toBe("WORKSPACE_ARCHIVED");
      // Reads, the list, export and creating another workspace still work.
      await ok(owner, "GET", "/api/leads", undefined, 200, ws.id);
      await ok(owner, "GET", `${BASE}/${ws.id}/export`);
      await ok(owner, "POST", BASE, { name: `From archived ${ws.name}` }, 201, ws.id);
      // Other workspaces are untouched.
      await ok(owner, "POST", "/api/leads/", { first_name: "Yes", email: `yes-${Date.now()}@acme.test` }, 201);

      await refused(owner, "POST", `${BASE}/${owner.workspaceId}/restore`, 409, "WORKSPACE_NOT_ARCHIVED");
      expect(((await ok(owner, "POST", `${BASE}/${ws.id}/restore`)) as Workspace).archived_at).toBeNull();
      await ok(owner, "PUT", `/api/campaigns/${campaign.id}`, { name: "After" }, 200, ws.id);
      expect((await activity(owner, ws.id, "?kind=workspace.")).items.map((i) => i.kind).slice(0, 3)).toEqual([
        "workspace.restored",
        "workspace.exported",
        "workspace.archived",
      ]);
    });

    it("exports the workspace as a JSON download without secrets", async () => {
      const ws = await create(owner, "Export me");
      await join(ws.id, stranger, "viewer");
      await ok(owner, "POST", "/api/leads/", { first_name: "Ada", email: `ada-${Date.now()}@acme.test` }, 201, ws.id);
      await ok(owner, "POST", "/api/campaigns/", { name: "Seq", subject_line: "Hi {{first_name}}", body: "Hello" }, 201, ws.id);
      await db().insert(inboxes).values({
        workspaceId: ws.id,
        email: "sender@acme.test",
        smtpPassword: "hunter2-smtp-secret",
        imapPassword: "hunter2-imap-secret",
      });
      const res = await call(owner, "GET", `${BASE}/${ws.id}/export?format=json`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="export-me-\d{4}-\d{2}-\d{2}\.json"$/);
      const body = res.json();
      expect(body).toMatchObject({ format: "prospector.workspace", version: 1, workspace: { id: ws.id, name: "Export me" } });
      expect(body.members.map((m: { email: string }) => m.email).sort()).toEqual([owner.email, stranger.email].sort());
      expect(body.leads.map((l: { firstName: string }) => l.firstName)).toEqual(["Ada"]);
      expect(body.templates[0]).toMatchObject({ name: "Seq" });
      expect(body.role_permissions.length).toBeGreaterThan(0);
      expect(body.inboxes).toEqual([expect.objectContaining({ email: "sender@acme.test" })]);
      expect(res.body).not.toMatch(/hunter2|smtpPassword|imapPassword|token/i);
      expect(res.body).not.toContain(owner.token);
      await refused(owner, "GET", `${BASE}/${ws.id}/export?format=csv`, 422, "VALIDATION_FAILED");
      const viewer = await refused(stranger, "GET", `${BASE}/${ws.id}/export`, 403, "FORBIDDEN");
      expect(viewer.requiredPermission).toBe("workspaces:export");
    });

    it("clones settings, teams and campaign templates, and the leads only when asked", async () => {
      const ws = await create(owner, "Source");
      await ok(owner, "PUT", `${BASE}/${ws.id}`, { settings: { timezone: "Asia/Tokyo", description: "Tokyo desk" } });
      await ok(owner, "POST", "/api/leads/", { first_name: "Kei", email: `kei-${Date.now()}@acme.test` }, 201, ws.id);
      await ok(owner, "POST", "/api/campaigns/", { name: "Intro", subject_line: "Hi", body: "Hello" }, 201, ws.id);
      const [parent] = await db().insert(teams).values({ workspaceId: ws.id, name: "Sales" }).returning();
      const [child] = await db().insert(teams).values({ workspaceId: ws.id, name: "Inside sales", parentId: parent!.id }).returning();
      await db().insert(teamPermissions).values({ teamId: child!.id, resource: "crm", action: "read" });

      const bare = (await ok(owner, "POST", `${BASE}/${ws.id}/clone`, { name: "Copy" }, 201)) as Workspace;
      expect(bare).toMatchObject({
        name: "Copy",
        owner_id: owner.id,
        role: "admin",
        member_count: 1,
        organization_id: owner.organizationId,
      });
      expect(bare.settings).toMatchObject({ timezone: "Asia/Tokyo", description: "Tokyo desk" });
      expect(await db().select().from(leads).where(eq(leads.workspaceId, bare.id))).toEqual([]);
      const copied = await db().select().from(campaigns).where(eq(campaigns.workspaceId, bare.id));
      expect(copied.map((c) => [c.name, c.status])).toEqual([["Intro", "draft"]]);
      const copiedTeams = await db().select().from(teams).where(eq(teams.workspaceId, bare.id));
      const p = copiedTeams.find((x) => x.name === "Sales")!;
      const c = copiedTeams.find((x) => x.name === "Inside sales")!;
      expect(c.parentId).toBe(p.id);
      expect(await db().select().from(teamPermissions).where(eq(teamPermissions.teamId, c.id))).toEqual([
        expect.objectContaining({ resource: "crm", action: "read" }),
      ]);

      const full = (await ok(owner, "POST", `${BASE}/${ws.id}/clone`, { name: "Copy with leads", include_leads: true }, 201)) as Workspace;
      expect((await db().select().from(leads).where(eq(leads.workspaceId, full.id))).map((l) => l.firstName)).toEqual(["Kei"]);
      await refused(owner, "POST", `${BASE}/${ws.id}/clone`, 409, "WORKSPACE_NAME_TAKEN", { name: "copy" });
      // Copied leads count against the month's allowance: past it, nothing is made.
      await db().update(planUsage).set({ leadsCreated: 1_999_999 }).where(eq(planUsage.organizationId, owner.organizationId));
      await db().update(organizations).set({ plan: "trial" }).where(eq(organizations.id, owner.organizationId));
      const over = await refused(owner, "POST", `${BASE}/${ws.id}/clone`, 402, "LEAD_LIMIT_REACHED", {
        name: "Too many",
        include_leads: true,
      });
      expect(over.detail).toMatch(/^Copying 1 lead needs/);
      expect(((await ok(owner, "GET", BASE)) as Workspace[]).map((w) => w.name)).not.toContain("Too many");
      await db().update(planUsage).set({ leadsCreated: 0 }).where(eq(planUsage.organizationId, owner.organizationId));
      expect((await activity(owner, ws.id, "?kind=workspace.cloned")).items).toHaveLength(2);
    });
  });
});
