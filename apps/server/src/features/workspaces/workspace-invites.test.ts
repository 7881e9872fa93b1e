import { and, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { mailMessages } from "../../platform/mailbox.table.ts";
import { userPermissions } from "../access/index.ts";
import { users } from "../identity/index.ts";
import { notifications } from "../notifications/index.ts";
import { organizations, workspaceMembers, workspaces } from "../organizations/index.ts";
import { clock } from "./workspace-invites.service.ts";
import { workspaceActivity, workspaceInvites } from "./workspaces.table.ts";

const PASSWORD = "Invited-person-1";

describe("workspace invitations", () => {
  let t: TestApp;
  let owner: TestUser;
  const base = () => `/api/v1/workspaces/${owner.workspaceId}`;
  const call = (who: { headers: Record<string, string> } | null, method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** The token of the newest invitation mail to an address, read from the local mailbox. */
  async function mailedToken(to: string): Promise<string> {
    const [mail] = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, to), eq(mailMessages.kind, "invite")))
      .orderBy(desc(mailMessages.createdAt))
      .limit(1);
    if (!mail) throw new Error(`no invitation mail to ${to}`);
    const m = mail.text.match(/\/invite\/([A-Za-z0-9_-]+)/);
    if (!m) throw new Error(`no invitation link in:\n${mail.text}`);
    return m[1]!;
  }
  const invitesTo = (email: string) => t.database.db.select().from(workspaceInvites).where(eq(workspaceInvites.email, email));

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db, { instanceAdmin: true, name: "Olivia Owner" });
    // Room for every invitation of this file; the seat tests lower the limits themselves.
    await t.database.db.update(organizations).set({ plan: "unlimited" }).where(eq(organizations.id, owner.organizationId));
    const [ws] = await t.database.db.select().from(workspaces).where(eq(workspaces.id, owner.workspaceId));
    await t.database.db
      .update(workspaces)
      .set({ settings: { ...ws!.settings, maxMembers: 500 } })
      .where(eq(workspaces.id, owner.workspaceId));
  });
  afterAll(() => t.close());
  afterEach(() => {
    clock.now = () => new Date();
  });

  it("invites one address: stored by hash, mailed with a link that opens a public preview", async () => {
    const res = await call(owner, "POST", `${base()}/invite`, { email: " New.Person@Example.com ", roleId: "sales_rep" });
    expect(res.statusCode).toBe(201);
    const invite = res.json();
    expect(invite).toMatchObject({
      email: "new.person@example.com",
      role: "sales_rep",
      status: "pending",
      send_count: 1,
      invited_by: { id: owner.id, name: "Olivia Owner" },
      accepted_at: null,
    });
    const days = (Date.parse(invite.expires_at) - Date.parse(invite.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);

    const token = await mailedToken("new.person@example.com");
    const [row] = await invitesTo("new.person@example.com");
    expect(row!.tokenHash).not.toContain(token);

    const preview = await call(null, "GET", `/api/v1/invites/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      workspace_name: "Default workspace",
      inviter_name: "Olivia Owner",
      email: "new.person@example.com",
      role: "sales_rep",
      status: "pending",
      account_exists: false,
    });
    expect((await call(null, "GET", "/api/v1/invites/not-a-real-token-at-all-000000")).json().code).toBe("INVITE_NOT_FOUND");

    const list = await call(owner, "GET", `${base()}/invites`);
    expect(list.json().map((i: { email: string }) => i.email)).toContain("new.person@example.com");
    const activity = await t.database.db.select().from(workspaceActivity).where(eq(workspaceActivity.kind, "invite.sent"));
    expect(activity.some((a) => a.subjectId === invite.id)).toBe(true);
  });

  it("refuses a member, a second pending invite, an unknown role, a bad address, and someone without team:create", async () => {
    const member = await addMember(t.app.ctx.db, owner, "viewer");
    const already = await call(owner, "POST", `${base()}/invite`, { email: member.email.toUpperCase(), roleId: "viewer" });
    expect(already.statusCode).toBe(409);
    expect(already.json()).toMatchObject({ code: "INVITE_ALREADY_MEMBER", detail: "This person is already a member of this workspace" });

    await call(owner, "POST", `${base()}/invite`, { email: "twice@example.com", roleId: "viewer" });
    const twice = await call(owner, "POST", `${base()}/invite`, { email: "twice@example.com", roleId: "analyst" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("INVITE_PENDING_EXISTS");
    expect(await invitesTo("twice@example.com")).toHaveLength(1);

    const role = await call(owner, "POST", `${base()}/invite`, { email: "role@example.com", roleId: "wizard" });
    expect(role.statusCode).toBe(422);
    expect(role.json().code).toBe("ROLE_UNKNOWN");
    expect(role.json().detail).toContain("admin, manager, developer");

    const bad = await call(owner, "POST", `${base()}/invite`, { email: "not an address", roleId: "viewer" });
    expect(bad.statusCode).toBe(422);

    const denied = await call(member, "POST", `${base()}/invite`, { email: "nope@example.com", roleId: "viewer" });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe("team:create");

    const stranger = await createUser(t.app.ctx.db);
    const hidden = await call(stranger, "POST", `${base()}/invite`, { email: "nope@example.com", roleId: "viewer" });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe("WORKSPACE_NOT_FOUND");
    expect(await invitesTo("role@example.com")).toHaveLength(0);
    expect(await invitesTo("nope@example.com")).toHaveLength(0);
  });

  it("refuses to hand out a role above the inviter's or permissions the inviter lacks", async () => {
    const manager = await addMember(t.app.ctx.db, owner, "manager");
    await t.database.db
      .insert(userPermissions)
      .values({ workspaceId: owner.workspaceId, userId: manager.id, resource: "team", action: "create" });
    await t.app.ctx.access.invalidate();

    const above = await call(manager, "POST", `${base()}/invite`, { email: "boss@example.com", roleId: "admin" });
    expect(above.statusCode).toBe(403);
    expect(above.json().code).toBe("ROLE_ABOVE_OWN");

    const lacks = await call(manager, "POST", `${base()}/invite`, { email: "dev@example.com", roleId: "developer" });
    expect(lacks.statusCode).toBe(403);
    expect(lacks.json().code).toBe("PERMISSION_ESCALATION");
    expect(lacks.json().detail).toContain("api:read");

    const ok = await call(manager, "POST", `${base()}/invite`, { email: "rep@example.com", roleId: "sales_rep" });
    expect(ok.statusCode).toBe(201);
    expect(await invitesTo("boss@example.com")).toHaveLength(0);
    expect(await invitesTo("dev@example.com")).toHaveLength(0);
  });

  it("bulk: reports each bad address with its reason and sends the good ones, in one answer", async () => {
    const member = await addMember(t.app.ctx.db, owner, "viewer");
    const res = await call(owner, "POST", `${base()}/invite/bulk`, {
      invites: [
        { email: "bulk-a@example.com", roleId: "viewer" },
        { email: "broken-address", roleId: "viewer" },
        { email: "Bulk-B@example.com", roleId: "analyst" },
        { email: "bulk-a@example.com", roleId: "viewer" },
        { email: member.email, roleId: "viewer" },
        { email: "bulk-c@example.com", roleId: "emperor" },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sent.map((i: { email: string }) => i.email)).toEqual(["bulk-a@example.com", "bulk-b@example.com"]);
    expect(body.failed).toEqual([
      { email: "broken-address", code: "INVITE_INVALID_EMAIL", message: "Not a valid email address" },
      { email: "bulk-a@example.com", code: "INVITE_DUPLICATE_EMAIL", message: "This address is listed more than once" },
      { email: member.email, code: "INVITE_ALREADY_MEMBER", message: "This person is already a member of this workspace" },
      expect.objectContaining({ email: "bulk-c@example.com", code: "ROLE_UNKNOWN" }),
    ]);
    expect(await invitesTo("bulk-a@example.com")).toHaveLength(1);
    expect(await invitesTo("bulk-c@example.com")).toHaveLength(0);
    await mailedToken("bulk-b@example.com");

    const tooMany = await call(owner, "POST", `${base()}/invite/bulk`, {
      invites: Array.from({ length: 101 }, (_, i) => ({ email: `n${i}@example.com`, roleId: "viewer" })),
    });
    expect(tooMany.statusCode).toBe(422);
  });

  it("refuses an invite once the workspace's seats are promised", async () => {
    const ws = await call(owner, "GET", `${base()}/invites`);
    const [row] = await t.database.db.select().from(workspaces).where(eq(workspaces.id, owner.workspaceId));
    await t.database.db
      .update(workspaces)
      .set({ settings: { ...row!.settings, maxMembers: 3 } })
      .where(eq(workspaces.id, owner.workspaceId));
    const full = await call(owner, "POST", `${base()}/invite`, { email: "seat@example.com", roleId: "viewer" });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe("WORKSPACE_MEMBER_LIMIT");
    expect(await invitesTo("seat@example.com")).toHaveLength(0);
    await t.database.db.update(workspaces).set({ settings: row!.settings }).where(eq(workspaces.id, owner.workspaceId));
    expect(ws.statusCode).toBe(200);

    // The plan counts people across the organization, open invitations included (trial: 10).
    await t.database.db.update(organizations).set({ plan: "trial" }).where(eq(organizations.id, owner.organizationId));
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(owner, "POST", `${base()}/invite`, { email: `fill-${i}@example.com`, roleId: "viewer" });
      codes.push(res.statusCode === 201 ? "sent" : res.json().code);
    }
    await t.database.db.update(organizations).set({ plan: "unlimited" }).where(eq(organizations.id, owner.organizationId));
    const firstRefused = codes.indexOf("INVITE_SEATS_EXHAUSTED");
    expect(firstRefused).toBeGreaterThan(0);
    expect(codes.slice(firstRefused).every((c) => c === "INVITE_SEATS_EXHAUSTED")).toBe(true);
    expect(await invitesTo(`fill-${firstRefused}@example.com`)).toHaveLength(0);
    expect((await call(owner, "POST", `${base()}/invite`, { email: "seat@example.com", roleId: "viewer" })).statusCode).toBe(201);
  });

  it("resends at most once a minute with a new token, and cancels", async () => {
    const created = (await call(owner, "POST", `${base()}/invite`, { email: "resend@example.com", roleId: "viewer" })).json();
    const first = await mailedToken("resend@example.com");
    const soon = await call(owner, "POST", `${base()}/invites/${created.id}/resend`);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe("INVITE_RESEND_TOO_SOON");

    const later = Date.now() + 61_000;
    clock.now = () => new Date(later);
    const again = await call(owner, "POST", `${base()}/invites/${created.id}/resend`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ send_count: 2, status: "pending" });
    expect(Date.parse(again.json().expires_at)).toBe(later + 7 * 86_400_000);
    const second = await mailedToken("resend@example.com");
    expect(second).not.toBe(first);
    expect((await call(null, "GET", `/api/v1/invites/${first}`)).statusCode).toBe(404);
    expect((await call(null, "GET", `/api/v1/invites/${second}`)).statusCode).toBe(200);

    const cancel = await call(owner, "DELETE", `${base()}/invites/${created.id}`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().status).toBe("cancelled");
    const gone = await call(null, "GET", `/api/v1/invites/${second}`);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().code).toBe("INVITE_CANCELLED");
    expect((await call(owner, "DELETE", `${base()}/invites/${created.id}`)).json().code).toBe("INVITE_NOT_PENDING");
    expect((await call(owner, "POST", `${base()}/invites/${created.id}/resend`)).json().code).toBe("INVITE_NOT_PENDING");
    expect((await call(owner, "DELETE", `${base()}/invites/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });

  it("an expired invite is shown as expired and cannot be used", async () => {
    const created = (await call(owner, "POST", `${base()}/invite`, { email: "late@example.com", roleId: "viewer" })).json();
    const token = await mailedToken("late@example.com");
    await t.database.db
      .update(workspaceInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvites.id, created.id));
    const preview = await call(null, "GET", `/api/v1/invites/${token}`);
    expect(preview.statusCode).toBe(410);
    expect(preview.json()).toMatchObject({ code: "INVITE_EXPIRED" });
    expect(preview.json().detail).toContain("Ask Olivia Owner to send a new one");
    const list = (await call(owner, "GET", `${base()}/invites`)).json();
    expect(list.find((i: { id: string }) => i.id === created.id).status).toBe("expired");

    const late = await createUser(t.app.ctx.db, { email: "late@example.com" });
    expect((await call(late, "POST", `/api/v1/invites/${token}/accept`)).statusCode).toBe(410);
    // Inviting the address again renews the expired invitation instead of refusing it.
    const renewed = await call(owner, "POST", `${base()}/invite`, { email: "late@example.com", roleId: "viewer" });
    expect(renewed.statusCode).toBe(201);
    expect(renewed.json().id).toBe(created.id);
    expect(renewed.json().status).toBe("pending");
  });

  it("an archived workspace takes no new invitations, and its pending ones cannot be accepted until restored", async () => {
    const guest = await createUser(t.app.ctx.db, { email: "archived-guest@example.com" });
    await call(owner, "POST", `${base()}/invite`, { email: guest.email, roleId: "viewer" });
    const token = await mailedToken(guest.email);
    await t.database.db.update(workspaces).set({ archivedAt: new Date() }).where(eq(workspaces.id, owner.workspaceId));
    try {
      const refused = await call(owner, "POST", `${base()}/invite`, { email: "archived-new@example.com", roleId: "viewer" });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe("WORKSPACE_ARCHIVED");
      const accept = await call(guest, "POST", `/api/v1/invites/${token}/accept`);
      expect(accept.statusCode).toBe(409);
      expect(accept.json().code).toBe("WORKSPACE_ARCHIVED");
      expect(await invitesTo("archived-new@example.com")).toHaveLength(0);
    } finally {
      await t.database.db.update(workspaces).set({ archivedAt: null }).where(eq(workspaces.id, owner.workspaceId));
    }
    expect((await call(guest, "POST", `/api/v1/invites/${token}/accept`)).json().joined).toBe(true);
  });

  it("a new account signs up with the invited address, accepts, and opens in the workspace", async () => {
    await call(owner, "POST", `${base()}/invite`, { email: "newbie@example.com", roleId: "analyst" });
    const token = await mailedToken("newbie@example.com");
    const reg = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: "newbie@example.com", password: PASSWORD, full_name: "Nina Newbie" },
    });
    expect(reg.statusCode).toBe(201);
    const headers = { authorization: `Bearer ${reg.json().access_token}` };
    expect((await call(null, "GET", `/api/v1/invites/${token}`)).json().account_exists).toBe(true);

    const accepted = await call({ headers }, "POST", `/api/v1/invites/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ workspace_id: owner.workspaceId, role: "analyst", joined: true });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, "newbie@example.com"));
    expect(user!.defaultWorkspaceId).toBe(owner.workspaceId);
    const me = await call({ headers }, "GET", "/api/auth/me");
    expect(me.json().workspace_id ?? me.json().workspace?.id).toBe(owner.workspaceId);

    const note = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(note.some((n) => n.title === "Invitation accepted" && n.message.includes("Nina Newbie"))).toBe(true);
    const joined = await t.database.db.select().from(workspaceActivity).where(eq(workspaceActivity.kind, "member.joined"));
    expect(joined.some((a) => a.actorId === user!.id)).toBe(true);
  });

  it("an existing account accepts (twice gives one membership); another address is refused", async () => {
    const veteran = await createUser(t.app.ctx.db, { email: "veteran@example.com" });
    await call(owner, "POST", `${base()}/invite`, { email: "veteran@example.com", roleId: "support" });
    const token = await mailedToken("veteran@example.com");
    const wrong = await createUser(t.app.ctx.db, { email: "someone-else@example.com" });

    const mismatch = await call(wrong, "POST", `/api/v1/invites/${token}/accept`);
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json().code).toBe("INVITE_EMAIL_MISMATCH");
    expect(mismatch.json().detail).toContain("v…@example.com");

    const events: { type: string }[] = [];
    await t.app.ctx.bus.subscribe(`ws:${owner.workspaceId}`, (m) => events.push(m as { type: string }));
    const first = await call(veteran, "POST", `/api/v1/invites/${token}/accept`);
    expect(first.json()).toMatchObject({ joined: true, role: "support" });
    const second = await call(veteran, "POST", `/api/v1/invites/${token}/accept`);
    expect(second.statusCode).toBe(200);
    expect(second.json().joined).toBe(false);
    const rows = await t.database.db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, owner.workspaceId), eq(workspaceMembers.userId, veteran.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe("support");
    // An existing account keeps its own default workspace.
    const [user] = await t.database.db.select().from(users).where(eq(users.id, veteran.id));
    expect(user!.defaultWorkspaceId).toBe(veteran.workspaceId);
    await expect.poll(() => events.some((e) => e.type === "team.member_joined")).toBe(true);

    // Someone else holding the used link cannot reuse it.
    expect((await call(wrong, "POST", `/api/v1/invites/${token}/accept`)).json().code).toBe("INVITE_ALREADY_ACCEPTED");
    const list = (await call(owner, "GET", `${base()}/invites`)).json();
    expect(list.find((i: { email: string }) => i.email === "veteran@example.com").status).toBe("accepted");
    // Pending invitations are listed first.
    const firstNonPending = list.findIndex((i: { status: string }) => i.status !== "pending" && i.status !== "expired");
    expect(list.slice(firstNonPending).every((i: { status: string }) => i.status !== "pending")).toBe(true);
  });
});
