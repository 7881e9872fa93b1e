/**
 * Team socket hardening through a real listening server and real sockets: the token stays out of
 * URLs (auth frame), suspended members are refused and dropped, and the per-user and
 * per-connection limits close or refuse with a clear code.
 */
import { SOCKET_CLOSE, SOCKET_LIMITS } from "@prospector/contracts";
import { and, eq } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { sessions } from "../identity/identity.table.ts";
import { workspaceMembers, workspaces } from "../organizations/organizations.table.ts";
import { teamSocketRoutes } from "./team-socket.routes.ts";
import { openSocket, socketUrl, type TestSocket } from "./team-socket.test-client.ts";

describe("team socket security", () => {
  let t: TestApp;
  let base: string;
  let owner: TestUser;
  const lines: string[] = [];
  const open: TestSocket[] = [];
  const track = (s: TestSocket) => {
    open.push(s);
    return s;
  };
  const connect = async (user: TestUser) => track(await openSocket(socketUrl(base), { auth: user.token }));
  const suspend = async (user: TestUser, workspaceId = user.workspaceId) => {
    await t.database.db
      .update(workspaceMembers)
      .set({ status: "suspended" })
      .where(and(eq(workspaceMembers.userId, user.id), eq(workspaceMembers.workspaceId, workspaceId)));
    // What any suspension must do for HTTP too: drop the cached access state on every process.
    await t.app.ctx.access.invalidate({ userId: user.id, workspaceId });
  };

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: { write: (line) => void lines.push(line) } });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    owner = await createUser(t.database.db, { name: "Olivia Owner" });
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await t.close();
  });

  describe("token out of the URL", () => {
    it("authenticates a socket by its first frame, and no log line holds the token", async () => {
      const s = await connect(owner);
      expect(s.frames[0]).toMatchObject({ type: "connected", payload: { user_id: owner.id, workspace_id: owner.workspaceId } });
      s.send("ping");
      await s.next("pong");
      await s.close();
      expect(lines.some((l) => l.includes('"url":"/ws/team"'))).toBe(true);
      expect(lines.join("")).not.toContain(owner.token);
    });

    it("refuses an auth frame with a bad token, or a first frame that is not auth (4401)", async () => {
      const bad = track(await openSocket(socketUrl(base), { auth: "not-a-session", waitFor: null }));
      expect(await bad.closed).toEqual({ code: 4401, reason: "Invalid or expired session. Please sign in again." });
      const early = track(await openSocket(socketUrl(base), { waitFor: null }));
      early.send("workspace.join", { workspace_id: owner.workspaceId });
      expect(await early.closed).toMatchObject({ code: 4401, reason: expect.stringContaining('{"type":"auth"') });
      expect(early.frames).toEqual([]);
    });

    it("frames sent right after the auth frame are handled once it is accepted", async () => {
      const s = track(await openSocket(socketUrl(base), { auth: owner.token, waitFor: null }));
      s.send("activity.request");
      expect(await s.next("activity.response")).toMatchObject({ workspace_id: owner.workspaceId });
      await s.close();
    });

    it("closes a socket that piles up frames while it is being authenticated (4429)", async () => {
      // The real authenticator, answering after 500 ms as under load: the frames wait meanwhile.
      const { authenticator } = t.app.ctx;
      const slow = Object.assign(Object.create(authenticator) as typeof authenticator, {
        resolveToken: async (token: string, ws?: string) => {
          await new Promise((r) => setTimeout(r, 500));
          return authenticator.resolveToken(token, ws);
        },
      });
      const short = Fastify();
      teamSocketRoutes(short, { ...t.app.ctx, authenticator: slow });
      const shortBase = await short.listen({ port: 0, host: "127.0.0.1" });
      try {
        const s = track(await openSocket(socketUrl(shortBase), { auth: owner.token, waitFor: null }));
        const filler = "x".repeat(60 * 1024);
        for (let i = 0; i < 10; i++) s.send("presence.update", { status: "online", filler });
        expect(await s.closed).toEqual({ code: SOCKET_CLOSE.tooManyRequests, reason: "Too much sent before authentication" });
      } finally {
        await short.close();
      }
    });

    it("closes a socket that does not authenticate in time", async () => {
      const short = Fastify();
      teamSocketRoutes(short, t.app.ctx, { limits: { authTimeoutMs: 200 } });
      const shortBase = await short.listen({ port: 0, host: "127.0.0.1" });
      try {
        const s = track(await openSocket(socketUrl(shortBase), { waitFor: null }));
        expect(await s.closed).toMatchObject({ code: 4401, reason: expect.stringContaining("Authentication required") });
      } finally {
        await short.close();
      }
    });
  });

  describe("suspended members", () => {
    it("refuses a suspended member on connect, with the token in the URL or in the auth frame (4403)", async () => {
      const held = await addMember(t.database.db, owner, "sales_rep");
      await suspend(held);
      const byFrame = track(await openSocket(socketUrl(base), { auth: held.token, waitFor: null }));
      expect(await byFrame.closed).toEqual({ code: SOCKET_CLOSE.forbidden, reason: "User not found or inactive" });
      const byUrl = track(await openSocket(socketUrl(base, held.token), { waitFor: null }));
      expect(await byUrl.closed).toEqual({ code: SOCKET_CLOSE.forbidden, reason: "User not found or inactive" });
      expect(byFrame.frames.concat(byUrl.frames)).toEqual([]);
    });

    it("drops a live socket as soon as its member is suspended: no more presence or updates, and the team sees them leave", async () => {
      const rep = await addMember(t.database.db, owner, "sales_rep");
      const a = await connect(owner);
      const b = await connect(rep);
      await a.next("team.member_joined", (p) => p.user_id === rep.id);
      b.send("collaboration.lock", { resource: "lead:suspended" });
      await a.next("collaboration.users", (p) => (p.lock as { user_id?: string } | null)?.user_id === rep.id);

      await suspend(rep);
      expect(await b.closed).toEqual({ code: SOCKET_CLOSE.forbidden, reason: "User not found or inactive" });
      expect(await a.next("team.member_left", (p) => p.user_id === rep.id)).toMatchObject({ workspace_id: owner.workspaceId });
      // Their lock went with them.
      a.send("collaboration.lock", { resource: "lead:suspended" });
      expect(await a.next("collaboration.users", (p) => (p.lock as { user_id?: string } | null)?.user_id === owner.id)).toBeTruthy();
      a.send("activity.request");
      expect(((await a.next("activity.response")).users as { user_id: string }[]).map((u) => u.user_id)).toEqual([owner.id]);
      await a.close();
    });

    it("suspended in one of two workspaces: leaves that room only and refuses to rejoin it", async () => {
      const user = await addMember(t.database.db, owner, "manager");
      const [other] = await t.database.db
        .insert(workspaces)
        .values({ organizationId: owner.organizationId, name: "Other", settings: { timezone: "UTC", maxMembers: 10, features: [] } })
        .returning();
      await t.database.db.insert(workspaceMembers).values({ workspaceId: other!.id, userId: user.id, role: "manager" });
      const s = await connect(user);
      s.send("workspace.join", { workspace_id: other!.id });
      await s.next("workspace.joined");

      await suspend(user, owner.workspaceId);
      expect(await s.next("workspace.left")).toEqual({ workspace_id: owner.workspaceId });
      await t.app.ctx.realtime.toWorkspace(owner.workspaceId, "team.member_updated", {
        workspace_id: owner.workspaceId,
        user_id: owner.id,
      });
      await t.app.ctx.realtime.toWorkspace(other!.id, "team.member_updated", { workspace_id: other!.id, user_id: owner.id });
      expect(await s.next("team.member_updated")).toMatchObject({ workspace_id: other!.id });
      expect(await s.collect("team.member_updated", 200)).toEqual([]);

      s.send("workspace.join", { workspace_id: owner.workspaceId });
      expect(await s.next("error")).toMatchObject({ code: "USER_INACTIVE", message: "User not found or inactive" });
      s.send("ping");
      await s.next("pong");
      await s.close();
    });
  });

  it("closes a socket at once when its session is revoked, without waiting for the next heartbeat", async () => {
    const user = await addMember(t.database.db, owner, "viewer");
    const s = await connect(user);
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await t.app.ctx.authenticator.invalidate(user.id);
    expect(await s.closed).toEqual({ code: SOCKET_CLOSE.unauthorized, reason: "Session expired. Please sign in again." });
    expect(s.frames.map((f) => f.type)).toEqual(["connected"]);
  });

  describe("limits", () => {
    it(`refuses a user's connection beyond ${SOCKET_LIMITS.connectionsPerUser} (4429), and lets one in again when another closes`, async () => {
      const user = await addMember(t.database.db, owner, "viewer");
      const sockets = [];
      for (let i = 0; i < SOCKET_LIMITS.connectionsPerUser; i++) sockets.push(await connect(user));
      const extra = track(await openSocket(socketUrl(base), { auth: user.token, waitFor: null }));
      expect(await extra.closed).toEqual({
        code: SOCKET_CLOSE.tooManyRequests,
        reason: `Too many connections: at most ${SOCKET_LIMITS.connectionsPerUser} open team sockets per user`,
      });
      // Another user is not affected.
      await (await connect(owner)).close();
      await sockets[0]!.close();
      // The server frees the slot once it has released that socket's presence: moments later.
      let again: TestSocket | null = null;
      for (let i = 0; !again && i < 50; i++) {
        const s = track(await openSocket(socketUrl(base), { auth: user.token, waitFor: null }));
        const first = await Promise.race([
          s.next("connected").then(
            () => "in",
            () => "refused",
          ),
          s.closed.then(() => "refused"),
        ]);
        if (first === "in") again = s;
        else await new Promise((r) => setTimeout(r, 100));
      }
      if (!again) throw new Error("no slot came back after closing a socket");
      again.send("ping");
      await again.next("pong");
      await Promise.all([again, ...sockets].map((s) => s.close()));
    });

    it(`refuses a subscription beyond ${SOCKET_LIMITS.subscriptionsPerConnection} per connection, and stays open`, async () => {
      const s = await connect(owner);
      for (let i = 0; i < SOCKET_LIMITS.subscriptionsPerConnection; i++) s.send("collaboration.subscribe", { resource: `lead:${i}` });
      s.send("collaboration.subscribe", { resource: "lead:one-too-many" });
      expect(await s.next("error")).toEqual({
        message: `Too many subscriptions: at most ${SOCKET_LIMITS.subscriptionsPerConnection} per connection. Unsubscribe from something first.`,
        code: "TOO_MANY_SUBSCRIPTIONS",
        resource: "lead:one-too-many",
        request_type: "collaboration.subscribe",
      });
      // Following one already followed is no new subscription; unsubscribing frees a slot.
      s.send("collaboration.subscribe", { resource: "lead:0" });
      s.send("collaboration.unsubscribe", { resource: "lead:1" });
      s.send("collaboration.subscribe", { resource: "lead:one-too-many" });
      expect(await s.next("collaboration.users", (p) => p.resource === "lead:one-too-many")).toBeTruthy();
      expect(s.frames.filter((f) => f.type === "error")).toHaveLength(1);
      await s.close();
    });

    it(`refuses a lock beyond ${SOCKET_LIMITS.locksPerUser} per user, counted over all their connections`, async () => {
      const user = await addMember(t.database.db, owner, "manager");
      const a = await connect(user);
      const b = await connect(user);
      const half = SOCKET_LIMITS.locksPerUser / 2;
      for (let i = 0; i < half; i++) a.send("collaboration.lock", { resource: `deal:a${i}` });
      for (let i = 0; i < half; i++) b.send("collaboration.lock", { resource: `deal:b${i}` });
      await a.next("collaboration.users", (p) => p.resource === `deal:a${half - 1}`);
      await b.next("collaboration.users", (p) => p.resource === `deal:b${half - 1}`);
      a.send("collaboration.lock", { resource: "deal:extra" });
      expect(await a.next("error")).toMatchObject({ code: "TOO_MANY_LOCKS", resource: "deal:extra" });
      // Someone else can still lock it; the user can again once one of theirs is released.
      b.send("collaboration.unlock", { resource: "deal:b0" });
      // Released once the workspace hears of it (the two sockets' messages are handled concurrently).
      await a.next("collaboration.users", (p) => p.resource === "deal:b0" && p.lock === null);
      a.send("collaboration.lock", { resource: "deal:extra" });
      expect(await a.next("collaboration.users", (p) => p.resource === "deal:extra" && p.lock !== null)).toMatchObject({
        lock: { user_id: user.id },
      });
      await Promise.all([a.close(), b.close()]);
    });

    it(`closes a connection sending more than ${SOCKET_LIMITS.messagesPerSecond} messages per second (4429), after a burst the offline queue fits in`, async () => {
      const s = await connect(owner);
      for (let i = 0; i < SOCKET_LIMITS.messagesBurst - 5; i++) s.send("presence.update", { status: "online" });
      s.send("ping");
      await s.next("pong");
      for (let i = 0; i < SOCKET_LIMITS.messagesBurst; i++) s.send("ping");
      expect(await s.closed).toEqual({
        code: SOCKET_CLOSE.tooManyRequests,
        reason: `Too many messages: at most ${SOCKET_LIMITS.messagesPerSecond} per second`,
      });
    });
  });
});
