import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, setActive, type TestUser } from "../../../test/factories.ts";
import { workspaceMembers, workspaces } from "../organizations/organizations.table.ts";
import { openSocket, socketUrl, type TestSocket } from "./team-socket.test-client.ts";

describe("team socket /ws/team", () => {
  let t: TestApp;
  let base: string;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  const open: TestSocket[] = [];
  const connect = async (user: TestUser, extra = "") => {
    const s = await openSocket(socketUrl(base, user.token, extra));
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    owner = await createUser(t.database.db, { name: "Olivia Owner" });
    member = await addMember(t.database.db, owner, "sales_rep");
    outsider = await createUser(t.database.db, { name: "Oscar Outsider" });
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await t.close();
  });

  it("refuses a connection without a token or with a bad one (4401)", async () => {
    // Without ?token= the first frame must be `auth`.
    const none = await openSocket(socketUrl(base), { waitFor: null });
    none.send("ping");
    expect(await none.closed).toEqual({ code: 4401, reason: expect.stringContaining("Authentication required") });
    const bad = await openSocket(socketUrl(base, "not-a-session"), { waitFor: null });
    expect(await bad.closed).toEqual({ code: 4401, reason: expect.stringContaining("Invalid or expired session") });
  });

  it("greets with the caller's workspace and answers ping with pong", async () => {
    const s = await openSocket(socketUrl(base, owner.token), { waitFor: null });
    open.push(s);
    const hello = await s.next("connected");
    expect(hello).toMatchObject({ user_id: owner.id, workspace_id: owner.workspaceId, heartbeat_ms: 30_000 });
    s.send("ping");
    const pong = await s.next("pong");
    expect(Date.parse(pong.time as string)).toBeGreaterThan(Date.now() - 60_000);
    await s.close();
  });

  it("answers an unknown or malformed message with an error and stays open", async () => {
    const s = await connect(owner);
    s.send("teleport", {});
    expect(await s.next("error")).toMatchObject({ message: 'Unknown message type "teleport"', code: "UNKNOWN_TYPE" });
    s.ws.send("{not json");
    expect((await s.next("error")).message).toMatch(/expected JSON/);
    s.send("presence.update", { status: "asleep" });
    expect((await s.next("error")).message).toMatch(/^Invalid presence.update/);
    s.send("ping");
    await s.next("pong");
    await s.close();
  });

  it("delivers workspace events to that workspace's sockets only", async () => {
    const a = await connect(owner);
    const b = await connect(member);
    const c = await connect(outsider);
    await t.app.ctx.realtime.toWorkspace(owner.workspaceId, "team.member_updated", {
      workspace_id: owner.workspaceId,
      user_id: member.id,
      role: "manager",
    });
    expect(await a.next("team.member_updated")).toMatchObject({ user_id: member.id, role: "manager" });
    expect(await b.next("team.member_updated")).toMatchObject({ role: "manager" });
    expect(await c.collect("team.member_updated", 300)).toEqual([]);
    await Promise.all([a.close(), b.close(), c.close()]);
  });

  it("delivers toUser events to that user's sockets only", async () => {
    const a = await connect(owner);
    const b = await connect(member);
    await t.app.ctx.realtime.toUser(member.id, "notification.created", { workspace_id: owner.workspaceId, notification: { title: "Hi" } });
    expect(await b.next("notification.created")).toMatchObject({ notification: { title: "Hi" } });
    expect(await a.collect("notification.created", 300)).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  });

  it("announces members joining and leaving, and broadcasts presence to the room", async () => {
    const a = await connect(owner);
    const b = await connect(member);
    expect(await a.next("team.member_joined", (p) => p.user_id === member.id)).toMatchObject({ name: member.name, status: "online" });

    b.send("presence.update", { status: "busy", current_resource: "lead:42" });
    expect(await a.next("presence.update", (p) => p.user_id === member.id)).toMatchObject({
      workspace_id: owner.workspaceId,
      status: "busy",
      current_resource: "lead:42",
    });

    a.send("activity.request");
    const activity = await a.next("activity.response");
    const users = activity.users as { user_id: string; status: string }[];
    expect(users.map((u) => u.user_id).sort()).toEqual([owner.id, member.id].sort());
    expect(users.find((u) => u.user_id === member.id)?.status).toBe("busy");

    // A second tab of someone already present is not announced; closing one of two tabs is not a departure.
    const b2 = await connect(member);
    b2.send("ping");
    await b2.next("pong");
    await b2.close();
    expect(await a.collect("team.member_left", 200)).toEqual([]);
    expect(a.frames.filter((f) => f.type === "team.member_joined" && f.payload.user_id === member.id)).toHaveLength(1);

    await b.close();
    expect(await a.next("team.member_left")).toMatchObject({ user_id: member.id, workspace_id: owner.workspaceId });
    a.send("activity.request");
    expect(((await a.next("activity.response")).users as { user_id: string }[]).map((u) => u.user_id)).toEqual([owner.id]);
    await a.close();
  });

  it("gives a resource lock to one connection at a time and releases it on disconnect", async () => {
    const a = await connect(owner);
    const b = await connect(member);
    a.send("collaboration.subscribe", { resource: "lead:7" });
    b.send("collaboration.subscribe", { resource: "lead:7" });
    const both = await a.next("collaboration.users", (p) => (p.users as unknown[]).length === 2);
    expect(both).toMatchObject({ resource: "lead:7", lock: null });

    a.send("collaboration.lock", { resource: "lead:7" });
    expect(await b.next("collaboration.users", (p) => p.lock !== null)).toMatchObject({ lock: { user_id: owner.id, name: owner.name } });

    b.send("collaboration.lock", { resource: "lead:7" });
    expect(await b.next("error")).toMatchObject({
      code: "RESOURCE_LOCKED",
      message: `lead:7 is being edited by ${owner.name}`,
      locked_by: { user_id: owner.id },
    });
    b.send("collaboration.update", { resource: "lead:7", data: { name: "x" } });
    expect(await b.next("error")).toMatchObject({ code: "RESOURCE_LOCKED" });
    b.send("collaboration.unlock", { resource: "lead:7" });
    expect(await b.next("error")).toMatchObject({ code: "LOCK_NOT_HELD" });

    // The holder's edits reach the others, not the holder.
    a.send("collaboration.update", { resource: "lead:7", data: { name: "Acme" } });
    expect(await b.next("collaboration.update")).toMatchObject({ user_id: owner.id, data: { name: "Acme" } });

    await a.close();
    // Frames from before the lock also had lock: null; the release is the one without the owner.
    const released = await b.next("collaboration.users", (p) => p.lock === null && !JSON.stringify(p.users).includes(owner.id));
    expect(released.users).toEqual([{ user_id: member.id, name: member.name }]);
    b.send("collaboration.lock", { resource: "lead:7" });
    expect(await b.next("collaboration.users", (p) => p.lock !== null)).toMatchObject({ lock: { user_id: member.id } });
    await b.close();
  });

  it("switches workspace only into one the user belongs to", async () => {
    const [ws2] = await t.database.db
      .insert(workspaces)
      .values({ organizationId: owner.organizationId, name: "Second", settings: { timezone: "UTC", maxMembers: 10, features: [] } })
      .returning();
    await t.database.db.insert(workspaceMembers).values({ workspaceId: ws2!.id, userId: owner.id, role: "admin" });

    const a = await connect(owner);
    const b = await connect(member);
    a.send("workspace.switch", { workspace_id: outsider.workspaceId });
    expect(await a.next("error")).toMatchObject({ message: "Workspace not found", request_type: "workspace.switch" });

    a.send("workspace.switch", { workspace_id: ws2!.id });
    expect(await a.next("workspace.switched")).toMatchObject({ workspace_id: ws2!.id, role: "admin" });
    expect(await b.next("team.member_left", (p) => p.user_id === owner.id)).toBeTruthy();
    await t.app.ctx.realtime.toWorkspace(ws2!.id, "team.member_updated", { workspace_id: ws2!.id, user_id: owner.id });
    await a.next("team.member_updated");
    await t.app.ctx.realtime.toWorkspace(owner.workspaceId, "team.member_updated", { workspace_id: owner.workspaceId, user_id: member.id });
    expect(await a.collect("team.member_updated", 300)).toEqual([]);

    // Outside any room, room actions are refused with the spec's message.
    a.send("workspace.leave", { workspace_id: ws2!.id });
    await a.next("workspace.left");
    a.send("presence.update", { status: "away" });
    expect(await a.next("error")).toMatchObject({ message: "No workspace selected" });
    a.send("workspace.join", { workspace_id: owner.workspaceId });
    expect(await a.next("workspace.joined")).toMatchObject({ workspace_id: owner.workspaceId });
    await Promise.all([a.close(), b.close()]);
  });

  it("drops a socket at the next heartbeat once its user is deactivated", async () => {
    const extra = await addMember(t.database.db, owner, "viewer");
    const s = await connect(extra);
    await setActive(t.database.db, extra.id, false);
    await t.app.ctx.authenticator.invalidate(extra.id);
    s.send("ping");
    expect(await s.closed).toMatchObject({ code: 4401 });
  });
});
