import { ChatMessage, ChatPage, ChatUnread, ErrorBody } from "@prospector/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { workspaceMembers } from "../organizations/organizations.table.ts";
import { teamChatMessages } from "./team-chat.table.ts";
import { openSocket, socketUrl, type TestSocket } from "./team-socket.test-client.ts";

describe("team chat (socket and /api/v1/team/chat)", () => {
  let t: TestApp;
  let base: string;
  let owner: TestUser;
  let rep: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  const open: TestSocket[] = [];
  const connect = async (user: TestUser) => {
    const s = await openSocket(socketUrl(base, user.token));
    open.push(s);
    return s;
  };
  const api = (user: TestUser, method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/team/chat${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
  const stored = async (workspaceId: string, clientId: string) =>
    t.database.db
      .select()
      .from(teamChatMessages)
      .where(and(eq(teamChatMessages.workspaceId, workspaceId), eq(teamChatMessages.clientId, clientId)));

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    owner = await createUser(t.database.db, { name: "Olivia Owner" });
    rep = await addMember(t.database.db, owner, "sales_rep");
    viewer = await addMember(t.database.db, owner, "viewer");
    outsider = await createUser(t.database.db, { name: "Oscar Outsider" });
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await t.close();
  });

  it("stores a message sent over the socket, broadcasts it to the room, and stores a re-send once", async () => {
    const a = await connect(owner);
    const b = await connect(rep);
    const c = await connect(outsider);
    a.send("message.send", { workspace_id: owner.workspaceId, body: "  Morning, team!  ", client_id: "a-1" });
    const onB = ChatMessage.parse(await b.next("message.new"));
    expect(onB).toMatchObject({
      workspace_id: owner.workspaceId,
      channel: "general",
      user: { id: owner.id, name: "Olivia Owner" },
      body: "Morning, team!",
      client_id: "a-1",
    });
    // The sender gets it too (its queue matches it by client_id); another workspace does not.
    expect(await a.next("message.new")).toMatchObject({ id: onB.id });
    expect(await c.collect("message.new", 200)).toEqual([]);

    // The offline queue re-sends after a reconnect: stored once, only the sender hears back.
    a.send("message.send", { workspace_id: owner.workspaceId, body: "Morning, team!", client_id: "a-1" });
    expect(await a.next("message.new")).toMatchObject({ id: onB.id });
    expect(await b.collect("message.new", 200)).toEqual([]);
    expect(await stored(owner.workspaceId, "a-1")).toHaveLength(1);
    await Promise.all([a.close(), b.close(), c.close()]);
  });

  it("refuses bad chat frames with the client_id, and chat in a workspace the socket has not joined", async () => {
    const a = await connect(owner);
    a.send("message.send", { workspace_id: owner.workspaceId, body: "   ", client_id: "blank" });
    expect(await a.next("error")).toMatchObject({
      code: "INVALID_MESSAGE",
      request_type: "message.send",
      client_id: "blank",
      message: "Invalid message.send: Message cannot be empty",
    });
    a.send("message.send", { workspace_id: owner.workspaceId, body: "x".repeat(4001), client_id: "long" });
    expect((await a.next("error")).message).toMatch(/at most 4000 characters/);
    a.send("message.send", { workspace_id: outsider.workspaceId, body: "hello?", client_id: "elsewhere" });
    expect(await a.next("error")).toMatchObject({ code: "WORKSPACE_NOT_JOINED", client_id: "elsewhere" });
    expect(await stored(outsider.workspaceId, "elsewhere")).toHaveLength(0);
    await a.close();
  });

  it("moves read marks forward only, over the socket, and tells the room", async () => {
    const a = await connect(owner);
    const b = await connect(rep);
    a.send("message.send", { workspace_id: owner.workspaceId, channel: "deals", body: "First", client_id: "d-1" });
    const first = await b.next("message.new", (p) => p.client_id === "d-1");
    a.send("message.send", { workspace_id: owner.workspaceId, channel: "deals", body: "Second", client_id: "d-2" });
    const second = await b.next("message.new", (p) => p.client_id === "d-2");

    b.send("message.read", { workspace_id: owner.workspaceId, channel: "deals", message_id: second.id });
    const seen = await a.next("message.read");
    expect(seen).toEqual({
      workspace_id: owner.workspaceId,
      channel: "deals",
      user_id: rep.id,
      name: rep.name,
      last_read_at: second.created_at,
    });
    // Reading an older message does not move the mark back, and is not news to the room.
    b.send("message.read", { workspace_id: owner.workspaceId, channel: "deals", message_id: first.id });
    expect(await b.next("message.read")).toMatchObject({ last_read_at: second.created_at });
    expect(await a.collect("message.read", 200)).toEqual([]);

    b.send("message.read", { workspace_id: owner.workspaceId, channel: "deals", message_id: "0190a0a0-0000-7000-8000-000000000000" });
    expect(await b.next("error")).toMatchObject({ code: "CHAT_MESSAGE_NOT_FOUND", request_type: "message.read" });
    b.send("message.read", { workspace_id: owner.workspaceId, channel: "deals" });
    expect((await b.next("error")).message).toMatch(/Give either last_read_at or message_id/);
    await Promise.all([a.close(), b.close()]);
  });

  it("sends over HTTP (201, then 200 for the same client_id) and broadcasts to the sockets", async () => {
    const b = await connect(rep);
    const res = await api(owner, "POST", "/messages", { channel: "http", body: "Via HTTP", client_id: "h-1" });
    expect(res.statusCode).toBe(201);
    const msg = ChatMessage.parse(res.json());
    expect(await b.next("message.new", (p) => p.client_id === "h-1")).toMatchObject({ id: msg.id, body: "Via HTTP" });
    const again = await api(owner, "POST", "/messages", { channel: "http", body: "Via HTTP", client_id: "h-1" });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(msg.id);
    expect(await b.collect("message.new", 200)).toEqual([]);
    await b.close();

    const empty = await api(owner, "POST", "/messages", { body: " " });
    expect(empty.statusCode).toBe(422);
    expect(ErrorBody.parse(empty.json())).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "body" }] });
    const badChannel = await api(owner, "POST", "/messages", { channel: "Not a channel!", body: "hi" });
    expect(badChannel.statusCode).toBe(422);
  });

  it("pages history newest first with read receipts from every member's read mark", async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await api(i % 2 ? owner : rep, "POST", "/messages", { channel: "history", body: `m${i}` })).statusCode).toBe(201);
    }
    const all = ChatPage.parse((await api(viewer, "GET", "/messages?channel=history&limit=3")).json());
    expect(all.items.map((m) => m.body)).toEqual(["m5", "m4", "m3"]);
    expect(all.next_cursor).toEqual(expect.any(String));
    const rest = ChatPage.parse((await api(viewer, "GET", `/messages?channel=history&limit=3&before=${all.next_cursor}`)).json());
    expect(rest.items.map((m) => m.body)).toEqual(["m2", "m1"]);
    expect(rest.next_cursor).toBeNull();

    // The viewer reads up to m3; the rep up to m5 (the rep wrote m4 and m2).
    const m3 = all.items[2]!;
    const m5 = all.items[0]!;
    expect((await api(viewer, "POST", "/read", { channel: "history", message_id: m3.id })).json()).toMatchObject({
      user_id: viewer.id,
      last_read_at: m3.created_at,
    });
    expect((await api(rep, "POST", "/read", { channel: "history", last_read_at: m5.created_at })).statusCode).toBe(200);
    const page = ChatPage.parse((await api(owner, "GET", "/messages?channel=history")).json());
    const count = Object.fromEntries(page.items.map((m) => [m.body, m.read_by_count]));
    // m5, m3, m1 by the owner: read by the rep (all) and the viewer (m3, m1); m4, m2 by the rep:
    // the author does not count, the viewer read m2 only, the owner has no mark.
    expect(count).toEqual({ m5: 1, m4: 0, m3: 2, m2: 1, m1: 2 });
    expect(page.read_marks.map((r) => [r.name, r.last_read_at]).sort()).toEqual(
      [
        [rep.name, m5.created_at],
        [viewer.name, m3.created_at],
      ].sort(),
    );

    // A mark in the future is taken as now; one in the past does not move it back.
    const back = await api(rep, "POST", "/read", { channel: "history", last_read_at: "2020-01-01T00:00:00Z" });
    expect(back.json().last_read_at).toBe(m5.created_at);
    const future = (await api(viewer, "POST", "/read", { channel: "http", last_read_at: "2999-01-01T00:00:00Z" })).json();
    expect(Date.parse(future.last_read_at)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(future.last_read_at)).toBeGreaterThanOrEqual(Date.parse(m5.created_at));
    const both = await api(rep, "POST", "/read", { channel: "history", message_id: m5.id, last_read_at: m5.created_at });
    expect(both.statusCode).toBe(422);
    const cursor = await api(owner, "GET", "/messages?before=bm90LWEtY3Vyc29y");
    expect(cursor.statusCode).toBe(422);
    expect(cursor.json().code).toBe("INVALID_CURSOR");
    expect((await api(owner, "GET", "/messages?limit=500")).statusCode).toBe(422);
  });

  it("counts unread messages per channel: from others, after the caller's mark", async () => {
    const unread = ChatUnread.parse((await api(viewer, "GET", "/unread")).json());
    const byChannel = Object.fromEntries(unread.channels.map((c) => [c.channel, c.unread]));
    // history: m4 and m5 after the viewer's mark at m3; http read to the end; deals, general: never read.
    expect(byChannel).toEqual({ deals: 2, general: 1, history: 2, http: 0 });
    expect(unread.total).toBe(5);
    const mine = ChatUnread.parse((await api(rep, "GET", "/unread")).json());
    // The rep read history to the end and deals to its last message; their own messages never count.
    expect(Object.fromEntries(mine.channels.map((c) => [c.channel, c.unread]))).toEqual({ deals: 0, general: 1, history: 0, http: 1 });
    // Another workspace sees none of it.
    expect(ChatUnread.parse((await api(outsider, "GET", "/unread")).json())).toEqual({ channels: [], total: 0 });
    expect(ChatPage.parse((await api(outsider, "GET", "/messages?channel=history")).json()).items).toEqual([]);
  });

  it("refuses a suspended member on HTTP and on the socket, and anyone signed out", async () => {
    const gone = await addMember(t.database.db, owner, "sales_rep");
    const s = await connect(gone);
    await t.database.db
      .update(workspaceMembers)
      .set({ status: "suspended" })
      .where(and(eq(workspaceMembers.userId, gone.id), eq(workspaceMembers.workspaceId, gone.workspaceId)));
    await t.app.ctx.access.invalidate({ userId: gone.id, workspaceId: gone.workspaceId });
    s.send("message.send", { workspace_id: gone.workspaceId, body: "still here?", client_id: "gone-1" });
    await s.closed;
    const res = await api(gone, "POST", "/messages", { body: "still here?", client_id: "gone-2" });
    expect(res.statusCode).toBe(403);
    expect(await stored(gone.workspaceId, "gone-1")).toHaveLength(0);
    expect(await stored(gone.workspaceId, "gone-2")).toHaveLength(0);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/team/chat/messages" })).statusCode).toBe(401);
  });
});
