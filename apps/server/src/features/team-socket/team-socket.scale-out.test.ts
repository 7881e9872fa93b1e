/**
 * Scale-out: two app instances ("processes") on one PostgreSQL database and one Redis deliver each
 * other's events and share presence and locks. CI runs this with DATABASE_URL and REDIS_URL set.
 */
import { SOCKET_CLOSE, SOCKET_LIMITS } from "@prospector/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPeerApp, createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { workspaceMembers } from "../organizations/organizations.table.ts";
import { openSocket, socketUrl, type TestSocket } from "./team-socket.test-client.ts";

const scaleOut = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);

describe.skipIf(!scaleOut)("team socket across two processes (PostgreSQL + Redis)", () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof createPeerApp>>;
  let baseA: string;
  let baseB: string;
  let owner: TestUser;
  let member: TestUser;
  const open: TestSocket[] = [];
  const connect = async (base: string, user: TestUser) => {
    const s = await openSocket(socketUrl(base, user.token));
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    a = await createTestApp();
    b = await createPeerApp(a);
    baseA = await a.app.listen({ port: 0, host: "127.0.0.1" });
    baseB = await b.app.listen({ port: 0, host: "127.0.0.1" });
    owner = await createUser(a.database.db);
    member = await addMember(a.database.db, owner, "manager");
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await b?.close();
    await a?.close();
  });

  it("delivers an event published on one process to a socket held by the other", async () => {
    const onA = await connect(baseA, owner);
    await b.app.ctx.realtime.toWorkspace(owner.workspaceId, "team.member_updated", {
      workspace_id: owner.workspaceId,
      user_id: owner.id,
      via: "B",
    });
    expect(await onA.next("team.member_updated")).toMatchObject({ via: "B" });
    await b.app.ctx.realtime.toUser(owner.id, "notification.created", {
      workspace_id: owner.workspaceId,
      notification: { title: "from B" },
    });
    expect(await onA.next("notification.created")).toMatchObject({ notification: { title: "from B" } });
    await onA.close();
  });

  it("shares presence, joins and locks between sockets on different processes", async () => {
    const onA = await connect(baseA, owner);
    const onB = await connect(baseB, member);
    expect(await onA.next("team.member_joined", (p) => p.user_id === member.id)).toBeTruthy();

    onB.send("presence.update", { status: "away" });
    expect(await onA.next("presence.update", (p) => p.user_id === member.id)).toMatchObject({ status: "away" });
    onA.send("activity.request");
    const users = (await onA.next("activity.response")).users as { user_id: string; status: string }[];
    expect(users.map((u) => [u.user_id, u.status]).sort()).toEqual(
      [
        [owner.id, "online"],
        [member.id, "away"],
      ].sort(),
    );

    onA.send("collaboration.lock", { resource: "campaign:1" });
    await onA.next("collaboration.users", (p) => p.lock !== null);
    onB.send("collaboration.lock", { resource: "campaign:1" });
    expect(await onB.next("error")).toMatchObject({ code: "RESOURCE_LOCKED", locked_by: { user_id: owner.id } });

    await onA.close();
    expect(await onB.next("team.member_left", (p) => p.user_id === owner.id)).toBeTruthy();
    onB.send("collaboration.lock", { resource: "campaign:1" });
    const taken = await onB.next("collaboration.users", (p) => (p.lock as { user_id?: string } | null)?.user_id === member.id);
    expect(taken).toMatchObject({ resource: "campaign:1" });
    await onB.close();
  });

  it("drops a member's socket on one process when they are suspended through the other", async () => {
    const rep = await addMember(a.database.db, owner, "sales_rep");
    const onA = await connect(baseA, rep);
    const watcher = await connect(baseB, owner);
    await a.database.db
      .update(workspaceMembers)
      .set({ status: "suspended" })
      .where(and(eq(workspaceMembers.userId, rep.id), eq(workspaceMembers.workspaceId, rep.workspaceId)));
    await b.app.ctx.access.invalidate({ userId: rep.id, workspaceId: rep.workspaceId });
    expect(await onA.closed).toEqual({ code: SOCKET_CLOSE.forbidden, reason: "User not found or inactive" });
    expect(await watcher.next("team.member_left", (p) => p.user_id === rep.id)).toBeTruthy();
    const again = await openSocket(socketUrl(baseB), { auth: rep.token, waitFor: null });
    expect(await again.closed).toMatchObject({ code: SOCKET_CLOSE.forbidden });
    await watcher.close();
  });

  it("counts a user's connections and locks over both processes", async () => {
    const user = await addMember(a.database.db, owner, "manager");
    const sockets: TestSocket[] = [];
    for (let i = 0; i < SOCKET_LIMITS.connectionsPerUser; i++) sockets.push(await connect(i % 2 ? baseB : baseA, user));
    for (const base of [baseA, baseB]) {
      const extra = await openSocket(socketUrl(base), { auth: user.token, waitFor: null });
      expect(await extra.closed).toMatchObject({ code: SOCKET_CLOSE.tooManyRequests });
    }

    const [onA, onB] = sockets as [TestSocket, TestSocket];
    for (let i = 0; i < SOCKET_LIMITS.locksPerUser; i++) (i % 2 ? onB : onA).send("collaboration.lock", { resource: `deal:${i}` });
    const last = SOCKET_LIMITS.locksPerUser - 1;
    await (last % 2 ? onB : onA).next("collaboration.users", (p) => p.resource === `deal:${last}` && p.lock !== null);
    await onA.next("collaboration.users", (p) => p.resource === "deal:0" && p.lock !== null);
    onB.send("collaboration.lock", { resource: "deal:extra" });
    expect(await onB.next("error")).toMatchObject({ code: "TOO_MANY_LOCKS" });
    await Promise.all(sockets.map((s) => s.close()));
  });
});
