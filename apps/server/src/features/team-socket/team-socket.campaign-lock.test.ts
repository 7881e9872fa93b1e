import { campaignLockResource, ErrorBody } from "@prospector/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { openSocket, socketUrl, type TestSocket } from "./team-socket.test-client.ts";

describe("campaign edit lock enforced on save", () => {
  let t: TestApp;
  let base: string;
  let owner: TestUser;
  let manager: TestUser;
  const open: TestSocket[] = [];
  const connect = async (user: TestUser) => {
    const s = await openSocket(socketUrl(base, user.token));
    open.push(s);
    return s;
  };
  const save = (user: TestUser, id: string, payload: object) =>
    t.app.inject({ method: "PUT", url: `/api/campaigns/${id}`, headers: user.headers, payload });
  const newCampaign = async (user: TestUser) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/campaigns/",
      headers: user.headers,
      payload: { name: "Q1 outreach", subject_line: "Hello {{first_name}}", body: "Hi there" },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; name: string };
  };
  const lock = async (s: TestSocket, resource: string) => {
    s.send("collaboration.lock", { resource });
    await s.next("collaboration.users", (p) => p.resource === resource && p.lock !== null);
  };

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    owner = await createUser(t.database.db, { name: "Olivia Owner" });
    manager = await addMember(t.database.db, owner, "manager");
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await t.close();
  });

  it("refuses another user's save with 423 while the lock is held, and saves again once it is released", async () => {
    const campaign = await newCampaign(owner);
    const holder = await connect(manager);
    await lock(holder, campaignLockResource(campaign.id));

    const refused = await save(owner, campaign.id, { name: "Renamed by owner", subject_line: "New subject" });
    expect(refused.statusCode).toBe(423);
    const body = ErrorBody.parse(refused.json());
    expect(body).toMatchObject({
      code: "CAMPAIGN_LOCKED",
      detail: `${manager.name} is editing this campaign; try again when they are done`,
      locked_by: { user_id: manager.id, name: manager.name },
    });
    expect(Date.parse(body.locked_by!.since)).toBeLessThanOrEqual(Date.now());
    // Nothing was written.
    const after = await t.app.inject({ method: "GET", url: `/api/campaigns/${campaign.id}`, headers: owner.headers });
    expect(after.json()).toMatchObject({ name: "Q1 outreach", subject_line: "Hello {{first_name}}" });

    // The holder saves as before, from a request (no socket needed for that).
    const own = await save(manager, campaign.id, { name: "Renamed by holder" });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().name).toBe("Renamed by holder");

    holder.send("collaboration.unlock", { resource: campaignLockResource(campaign.id) });
    await holder.next("collaboration.users", (p) => p.lock === null);
    const freed = await save(owner, campaign.id, { name: "Renamed by owner" });
    expect(freed.statusCode, freed.body).toBe(200);
    await holder.close();
  });

  it("releases with the holder's socket, and a lock on another campaign blocks nothing here", async () => {
    const [a, b] = [await newCampaign(owner), await newCampaign(owner)];
    const holder = await connect(manager);
    await lock(holder, campaignLockResource(a.id));
    expect((await save(owner, b.id, { name: "Other campaign" })).statusCode).toBe(200);
    expect((await save(owner, a.id, { name: "Locked one" })).statusCode).toBe(423);
    await holder.close();
    // The socket's close released the lock.
    const watcher = await connect(owner);
    watcher.send("collaboration.subscribe", { resource: campaignLockResource(a.id) });
    expect(await watcher.next("collaboration.users", (p) => p.resource === campaignLockResource(a.id))).toMatchObject({ lock: null });
    expect((await save(owner, a.id, { name: "Locked one" })).statusCode).toBe(200);
    await watcher.close();
  });

  it("a lock in another workspace on the same resource name does not block this one", async () => {
    const campaign = await newCampaign(owner);
    const stranger = await createUser(t.database.db, { name: "Sam Stranger" });
    const s = await connect(stranger);
    await lock(s, campaignLockResource(campaign.id));
    expect((await save(owner, campaign.id, { name: "Still mine" })).statusCode).toBe(200);
    await s.close();
  });
});
