import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { openSocket, socketUrl } from "../team-socket/team-socket.test-client.ts";
import { createNotification } from "./notifications.service.ts";

describe("notifications", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  const get = (user: TestUser, query = "") => t.app.inject({ method: "GET", url: `/api/notifications${query}`, headers: user.headers });
  const post = (user: TestUser, url: string) => t.app.inject({ method: "POST", url, headers: user.headers });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t.database.db);
    bob = await addMember(t.database.db, alice, "sales_rep");
    carol = await createUser(t.database.db);
    for (let i = 1; i <= 25; i++) {
      await createNotification(t.app.ctx, {
        workspaceId: alice.workspaceId,
        userId: alice.id,
        type: i % 2 ? "info" : "success",
        title: `Import ${i} finished`,
        message: `${i} leads imported`,
        link: i === 25 ? "/leads" : undefined,
      });
    }
    await createNotification(t.app.ctx, { workspaceId: alice.workspaceId, userId: bob.id, type: "warning", title: "For Bob", message: "" });
  });
  afterAll(() => t.close());

  it("requires a signed-in user", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/notifications" })).statusCode).toBe(401);
  });

  it("lists the caller's notifications newest first, 20 by default, with counts and a cursor", async () => {
    const res = await get(alice);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.notifications).toHaveLength(20);
    expect(body.notifications[0]).toMatchObject({ title: "Import 25 finished", type: "info", read: false, link: "/leads" });
    expect(body).toMatchObject({ unread_count: 25, total: 25 });
    expect(body.next_cursor).toEqual(expect.any(String));

    const page2 = (await get(alice, `?before=${body.next_cursor}`)).json();
    expect(page2.notifications.map((n: { title: string }) => n.title)).toEqual([5, 4, 3, 2, 1].map((i) => `Import ${i} finished`));
    expect(page2.next_cursor).toBeNull();
  });

  it("validates limit and cursor", async () => {
    const tooMany = await get(alice, "?limit=101");
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toBe("limit must be between 1 and 100");
    expect((await get(alice, "?limit=0")).statusCode).toBe(422);
    const badCursor = await get(alice, "?before=garbage");
    expect(badCursor.statusCode).toBe(422);
    expect(badCursor.json()).toMatchObject({ code: "INVALID_CURSOR" });
    expect((await get(alice, "?limit=3")).json().notifications).toHaveLength(3);
  });

  it("marks one read, 404s on someone else's, and filters unread", async () => {
    const [first] = (await get(alice, "?limit=1")).json().notifications;
    const res = await post(alice, `/api/notifications/${first.id}/read`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first.id, read: true });

    const unread = (await get(alice, "?unread_only=true&limit=100")).json();
    expect(unread).toMatchObject({ unread_count: 24, total: 24 });
    expect(unread.notifications.some((n: { id: string }) => n.id === first.id)).toBe(false);

    // Bob (same workspace) and Carol (another organization) cannot touch Alice's notification.
    for (const other of [bob, carol]) {
      const denied = await post(other, `/api/notifications/${first.id}/read`);
      expect(denied.statusCode).toBe(404);
      expect(denied.json()).toMatchObject({ code: "NOTIFICATION_NOT_FOUND", detail: "Notification not found" });
    }
    expect((await post(alice, "/api/notifications/not-a-uuid/read")).statusCode).toBe(404);
    expect((await get(bob)).json()).toMatchObject({ total: 1, unread_count: 1 });
    expect((await get(carol)).json()).toMatchObject({ total: 0, notifications: [] });
  });

  it("marks all read and says how many changed", async () => {
    const res = await post(alice, "/api/notifications/read-all");
    expect(res.json()).toEqual({ updated: 24 });
    expect((await get(alice)).json().unread_count).toBe(0);
    expect((await post(alice, "/api/notifications/read-all")).json()).toEqual({ updated: 0 });
    expect((await get(bob)).json().unread_count).toBe(1);
  });

  it("pushes a new notification to the recipient's socket", async () => {
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const bobSocket = await openSocket(socketUrl(base, bob.token));
    const aliceSocket = await openSocket(socketUrl(base, alice.token));
    const created = await createNotification(t.app.ctx, {
      workspaceId: bob.workspaceId,
      userId: bob.id,
      type: "success",
      title: "Campaign sent",
      message: "120 emails delivered",
      link: "/campaigns",
    });
    expect(await bobSocket.next("notification.created")).toEqual({ workspace_id: bob.workspaceId, notification: created });
    expect(await aliceSocket.collect("notification.created", 300)).toEqual([]);
    await Promise.all([bobSocket.close(), aliceSocket.close()]);
  });
});
