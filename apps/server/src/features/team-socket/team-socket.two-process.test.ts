/**
 * Two real server processes on one PostgreSQL database and one Redis (issue 14, "Tests"): process
 * A is the test's own app, process B is `node src/main.ts` spawned as a child with the same
 * DATABASE_URL and REDIS_URL. Clients on each see each other's presence, a lock taken on A is
 * refused on B and blocks a campaign save sent to B, a chat message sent on A reaches B and is
 * stored once, and read marks cross. Skipped without DATABASE_URL and REDIS_URL (CI sets both).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ChatMessage, ChatPage, campaignLockResource } from "@prospector/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { listeningPorts } from "../../../test/processes.ts";
import { waitFor } from "../../../test/wait.ts";
import { teamChatMessages } from "./team-chat.table.ts";
import { openSocket, socketUrl, type TestSocket } from "./team-socket.test-client.ts";

const scaleOut = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** `node src/main.ts` (as `npm start` runs it) on a free port of 127.0.0.1; resolves with its address. */
async function startServer(env: Record<string, string | undefined>): Promise<{ child: ChildProcess; base: string; output(): string }> {
  let out = "";
  const child = spawn(process.execPath, ["src/main.ts"], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "test", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  await waitFor(
    () => {
      if (out.includes("Prospector is running")) return true;
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`process B exited: ${out}`);
      return false;
    },
    { what: "process B listening", timeoutMs: 60_000, intervalMs: 100 },
  );
  const ports = listeningPorts(child.pid!);
  if (!ports?.length) throw new Error(`cannot find the port of process B (${child.pid})`);
  return { child, base: `http://127.0.0.1:${ports[0]}`, output: () => out };
}

describe.skipIf(!scaleOut)("team socket and chat across two server processes (PostgreSQL + Redis)", () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof startServer>>;
  let baseA: string;
  let owner: TestUser;
  let member: TestUser;
  const open: TestSocket[] = [];
  const connect = async (base: string, user: TestUser) => {
    const s = await openSocket(socketUrl(base), { auth: user.token });
    open.push(s);
    return s;
  };
  const http = async (base: string, user: TestUser, method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...user.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    a = await createTestApp();
    baseA = await a.app.listen({ port: 0, host: "127.0.0.1" });
    b = await startServer({
      DATABASE_URL: a.config.DATABASE_URL,
      REDIS_URL: a.config.REDIS_URL,
      AUTH_SECRET: a.config.AUTH_SECRET,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "prospector-b-")),
      WEB_DIST: path.join(os.tmpdir(), "prospector-no-web"),
    });
    owner = await createUser(a.database.db, { name: "Ada on A" });
    member = await addMember(a.database.db, owner, "manager");
  }, 90_000);
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    if (b && b.child.exitCode === null) {
      const exited = new Promise((resolve) => b.child.once("exit", resolve));
      b.child.kill("SIGTERM");
      await exited;
    }
    await a?.close();
  }, 60_000);

  it("runs B as its own process, answering on its own port", async () => {
    expect(b.child.pid).not.toBe(process.pid);
    expect(b.base).not.toBe(baseA);
    const me = await http(b.base, member, "GET", "/api/v1/team/chat/unread");
    expect(me.status).toBe(200);
  });

  it("shares presence between a client on A and one on B", async () => {
    const onA = await connect(baseA, owner);
    const onB = await connect(b.base, member);
    expect(await onA.next("team.member_joined", (p) => p.user_id === member.id)).toMatchObject({ name: member.name });
    onB.send("presence.update", { status: "busy", current_resource: "campaign:list" });
    expect(await onA.next("presence.update", (p) => p.user_id === member.id)).toMatchObject({ status: "busy" });
    onB.send("activity.request");
    const users = (await onB.next("activity.response")).users as { user_id: string }[];
    expect(users.map((u) => u.user_id).sort()).toEqual([owner.id, member.id].sort());
    await onB.close();
    expect(await onA.next("team.member_left", (p) => p.user_id === member.id)).toBeTruthy();
    await onA.close();
  });

  it("refuses on B a lock taken on A, and refuses a campaign save sent to B while A's client holds it", async () => {
    const created = await http(baseA, owner, "POST", "/api/campaigns/", { name: "Two-process", subject_line: "Hi", body: "Hello" });
    expect(created.status).toBe(201);
    const resource = campaignLockResource(created.json.id as string);
    const onA = await connect(baseA, owner);
    const onB = await connect(b.base, member);
    onA.send("collaboration.lock", { resource });
    await onA.next("collaboration.users", (p) => p.resource === resource && p.lock !== null);

    onB.send("collaboration.lock", { resource });
    expect(await onB.next("error")).toMatchObject({ code: "RESOURCE_LOCKED", locked_by: { user_id: owner.id } });
    const refused = await http(b.base, member, "PUT", `/api/campaigns/${created.json.id}`, { name: "Edited on B" });
    expect(refused.status).toBe(423);
    expect(refused.json).toMatchObject({ code: "CAMPAIGN_LOCKED", locked_by: { user_id: owner.id, name: owner.name } });

    // The holder's save goes through on either process; once A's client lets go, B's save does too.
    expect((await http(b.base, owner, "PUT", `/api/campaigns/${created.json.id}`, { name: "Edited by the holder" })).status).toBe(200);
    await onA.close();
    await onB.next("collaboration.users", (p) => p.resource === resource && p.lock === null);
    const saved = await http(b.base, member, "PUT", `/api/campaigns/${created.json.id}`, { name: "Edited on B" });
    expect(saved.status).toBe(200);
    expect(saved.json.name).toBe("Edited on B");
    await onB.close();
  });

  it("delivers a chat message sent on A to B, stores a re-send on B once, and carries read marks back", async () => {
    const onA = await connect(baseA, owner);
    const onB = await connect(b.base, member);
    onA.send("message.send", { workspace_id: owner.workspaceId, body: "Hello from A", client_id: "two-1" });
    const arrived = ChatMessage.parse(await onB.next("message.new", (p) => p.client_id === "two-1"));
    expect(arrived).toMatchObject({ body: "Hello from A", user: { id: owner.id } });

    // The owner's queue re-sends it through B (reconnected to the other process): still one row.
    const again = await connect(b.base, owner);
    again.send("message.send", { workspace_id: owner.workspaceId, body: "Hello from A", client_id: "two-1" });
    expect(await again.next("message.new", (p) => p.client_id === "two-1")).toMatchObject({ id: arrived.id });
    expect(await onB.collect("message.new", 300)).toEqual([]);
    const rows = await a.database.db
      .select()
      .from(teamChatMessages)
      .where(and(eq(teamChatMessages.workspaceId, owner.workspaceId), eq(teamChatMessages.clientId, "two-1")));
    expect(rows).toHaveLength(1);

    // The member reads it on B; A's client hears it, and A's history shows the receipt.
    onB.send("message.read", { workspace_id: owner.workspaceId, channel: "general", message_id: arrived.id });
    expect(await onA.next("message.read", (p) => p.user_id === member.id)).toMatchObject({
      channel: "general",
      last_read_at: arrived.created_at,
    });
    const page = ChatPage.parse((await http(baseA, owner, "GET", "/api/v1/team/chat/messages")).json);
    expect(page.items.find((m) => m.id === arrived.id)?.read_by_count).toBe(1);
    expect(page.read_marks).toEqual([expect.objectContaining({ user_id: member.id, last_read_at: arrived.created_at })]);
    await Promise.all([onA.close(), onB.close(), again.close()]);
  });
});
