/**
 * The workspace service with the team socket on a listening app: members' presence comes from the
 * socket's shared state, and suspending a member through the API drops their live socket at once.
 */
import { type MemberPage, SOCKET_CLOSE, type WorkspaceStats } from "@prospector/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { workspaceMembers } from "../organizations/index.ts";
import { openSocket, socketUrl, type TestSocket } from "../team-socket/team-socket.test-client.ts";

describe("workspace members and the team socket", () => {
  let t: TestApp;
  let base: string;
  let owner: TestUser;
  const open: TestSocket[] = [];
  const connect = async (user: TestUser) => {
    const s = await openSocket(socketUrl(base), { auth: user.token });
    open.push(s);
    return s;
  };
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    owner = await createUser(t.database.db, { name: "Olivia Owner" });
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await t.close();
  });

  const members = async () =>
    (
      await t.app.inject({ method: "GET", url: `/api/v1/workspaces/${owner.workspaceId}/members`, headers: owner.headers })
    ).json() as MemberPage;

  it("shows who is online, counts them as active, and cuts a suspended member's socket", async () => {
    const rep = await addMember(t.database.db, owner, "sales_rep");
    const a = await connect(owner);
    const b = await connect(rep);
    await a.next("team.member_joined", (p) => p.user_id === rep.id);

    const page = await members();
    const byUser = new Map(page.items.map((m) => [m.user.id, m]));
    expect(byUser.get(rep.id)?.user.presence).toBe("online");
    expect(byUser.get(owner.id)?.user.presence).toBe("online");
    const stats = (
      await t.app.inject({ method: "GET", url: `/api/v1/workspaces/${owner.workspaceId}/stats`, headers: owner.headers })
    ).json() as WorkspaceStats;
    expect(stats).toMatchObject({ member_count: 2, active_members: 2 });

    const memberId = byUser.get(rep.id)!.id;
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/v1/workspaces/${owner.workspaceId}/members/${memberId}/status`,
      headers: owner.headers,
      payload: { status: "suspended" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await b.closed).toEqual({ code: SOCKET_CLOSE.forbidden, reason: "User not found or inactive" });
    expect(await a.next("team.member_left", (p) => p.user_id === rep.id)).toMatchObject({ workspace_id: owner.workspaceId });
    const [row] = await t.database.db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.userId, rep.id), eq(workspaceMembers.workspaceId, owner.workspaceId)));
    expect(row!.status).toBe("suspended");
    expect((await members()).items.find((m) => m.user.id === rep.id)?.user.presence).toBe("offline");
  });
});
