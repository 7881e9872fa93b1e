import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { teamMembers, teamPermissions, teams } from "../access/access.table.ts";
import { campaigns } from "../campaigns/campaigns.table.ts";
import { leads } from "../leads/leads.table.ts";
import { notifications } from "../notifications/notifications.table.ts";
import { suppressions } from "../suppression/suppression.table.ts";
import { userSettings } from "../user-settings/user-settings.table.ts";
import { BACKUPS_URL as URL, uploadRestore } from "./backups.test-helpers.ts";

describe("workspace backups", () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx.db);
    member = await addMember(t.app.ctx.db, owner, "sales_rep");
  });
  afterAll(() => t.close());

  async function runBackup(u = owner) {
    const res = await t.app.inject({ method: "POST", url: URL, headers: u.headers });
    expect(res.statusCode).toBe(202);
    return waitFor(
      async () => {
        const list = (await t.app.inject({ method: "GET", url: URL, headers: u.headers })).json();
        const b = list.find((x: { id: string }) => x.id === res.json().id);
        return b.status !== "running" ? b : null;
      },
      { what: "the backup to finish", timeoutMs: 20_000, intervalMs: 100 },
    );
  }

  async function snapshot() {
    const db = t.app.ctx.db;
    return {
      leads: await db.select().from(leads).where(eq(leads.workspaceId, owner.workspaceId)).orderBy(asc(leads.id)),
      notifications: await db
        .select()
        .from(notifications)
        .where(eq(notifications.workspaceId, owner.workspaceId))
        .orderBy(asc(notifications.id)),
      teams: await db.select().from(teams).where(eq(teams.workspaceId, owner.workspaceId)).orderBy(asc(teams.id)),
      teamMembers: await db.select().from(teamMembers).orderBy(asc(teamMembers.id)),
      teamPermissions: await db.select().from(teamPermissions).orderBy(asc(teamPermissions.id)),
      suppressions: await db.select().from(suppressions).where(eq(suppressions.workspaceId, owner.workspaceId)),
      campaigns: await db.select().from(campaigns).where(eq(campaigns.workspaceId, owner.workspaceId)).orderBy(asc(campaigns.id)),
      settings: await db.select().from(userSettings).where(eq(userSettings.workspaceId, owner.workspaceId)),
    };
  }

  it("backs up the workspace and restores deleted and changed data exactly", async () => {
    const db = t.app.ctx.db;
    await db.insert(leads).values([
      {
        workspaceId: owner.workspaceId,
        email: "x@corp.test",
        firstName: "Xia",
        tags: ["vip", "q3"],
        customFields: { size: 12 },
        score: 70,
      },
      { workspaceId: owner.workspaceId, email: "y@corp.test", firstName: "Yan", lastActivityAt: new Date("2024-05-01T10:00:00.123Z") },
    ]);
    await db.insert(notifications).values({ workspaceId: owner.workspaceId, userId: member.id, title: "Hello", data: { n: 1 } });
    const [team] = await db
      .insert(teams)
      .values({ workspaceId: owner.workspaceId, name: "Closers", metadata: { region: "EU" } })
      .returning();
    await db.insert(teamMembers).values({ teamId: team!.id, userId: member.id });
    await db.insert(teamPermissions).values({ teamId: team!.id, resource: "lead", action: "export", effect: "deny" });
    await db.insert(suppressions).values({ workspaceId: owner.workspaceId, email: "gone@corp.test", reason: "unsubscribed" });
    const campaign = await t.app.inject({
      method: "POST",
      url: "/api/campaigns",
      headers: owner.headers,
      payload: {
        name: "Q3",
        subject_line: "Hi {{first_name}}",
        body: "Body",
        steps: [
          { subject: "Hi", body: "One" },
          { delay_days: 3, subject: "Again", body: "Two", variants: [{ subject: "B", body: "Other" }] },
        ],
        schedule: { timezone: "Europe/Berlin", days: [1, 2, 3], start: "08:30", end: "17:00" },
      },
    });
    expect(campaign.statusCode).toBe(201);
    await t.app.inject({
      method: "PUT",
      url: "/api/user-settings/settings/email",
      headers: owner.headers,
      payload: { follow_up_delay: 7 },
    });
    const attachments = path.join(t.config.dataDir, "uploads", "workspaces", owner.workspaceId, "docs");
    fs.mkdirSync(attachments, { recursive: true });
    fs.writeFileSync(path.join(attachments, "brief.txt"), "attachment body");
    const before = await snapshot();

    const backup = await runBackup();
    expect(backup).toMatchObject({ status: "completed", trigger: "manual", encrypted: true, includesAttachments: true });
    expect(backup.size).toBeGreaterThan(0);
    const settings = (await t.app.inject({ method: "GET", url: `${URL}/settings`, headers: owner.headers })).json();
    expect(Date.parse(settings.lastBackup)).toBeGreaterThan(Date.now() - 60_000);
    const [note] = await db.select().from(notifications).where(eq(notifications.title, "Backup completed"));
    expect(note?.userId).toBe(owner.id);
    await db.delete(notifications).where(eq(notifications.title, "Backup completed"));

    // Lose data: delete rows, change others, remove the attachment.
    await db.delete(teams).where(eq(teams.id, team!.id));
    await db.delete(suppressions).where(eq(suppressions.workspaceId, owner.workspaceId));
    await db.delete(campaigns).where(eq(campaigns.id, campaign.json().id));
    await db.delete(leads).where(eq(leads.email, "x@corp.test"));
    await db.update(leads).set({ firstName: "Changed" }).where(eq(leads.email, "y@corp.test"));
    await db.delete(notifications).where(eq(notifications.workspaceId, owner.workspaceId));
    await t.app.inject({
      method: "PUT",
      url: "/api/user-settings/settings/email",
      headers: owner.headers,
      payload: { follow_up_delay: 1 },
    });
    fs.rmSync(attachments, { recursive: true });
    expect((await snapshot()).leads).toHaveLength(1);

    const res = await t.app.inject({ method: "POST", url: `${URL}/${backup.id}/restore`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().tables).toMatchObject({
      leads: 2,
      teams: 1,
      team_members: 1,
      team_permissions: 1,
      notifications: 1,
      suppressions: 1,
      campaigns: 1,
    });
    expect(res.json().attachments).toBe(1);
    const after = await snapshot();
    expect(after.leads).toEqual(before.leads);
    expect(after.notifications).toEqual(before.notifications);
    expect(after.teams).toEqual(before.teams);
    expect(after.teamMembers).toEqual(before.teamMembers);
    expect(after.teamPermissions).toEqual(before.teamPermissions);
    expect(after.suppressions).toEqual(before.suppressions);
    expect(after.campaigns).toEqual(before.campaigns);
    expect(after.settings.map((s) => s.preferences)).toEqual(before.settings.map((s) => s.preferences));
    expect(fs.readFileSync(path.join(attachments, "brief.txt"), "utf8")).toBe("attachment body");
    const restored = await t.app.inject({ method: "GET", url: "/api/user-settings/settings/email", headers: owner.headers });
    expect(restored.json().follow_up_delay).toBe(7);
  });

  it("restores from an uploaded file, and refuses damaged files and other workspaces' backups", async () => {
    const backup = await runBackup();
    const file = await t.app.inject({ method: "GET", url: `${URL}/${backup.id}/download`, headers: owner.headers });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 4).toString()).toBe("PSBK");

    const res = await uploadRestore(t, file.rawPayload, owner);
    expect(res.statusCode).toBe(200);

    const tampered = Buffer.from(file.rawPayload);
    tampered[tampered.length - 5] = (tampered[tampered.length - 5] ?? 0) ^ 0xff;
    const refused = await uploadRestore(t, tampered, owner);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe("BACKUP_INVALID");
    expect((await uploadRestore(t, Buffer.from("not a backup at all"), owner)).json().code).toBe("BACKUP_INVALID");

    const other = await createUser(t.app.ctx.db);
    const foreign = await uploadRestore(t, file.rawPayload, other);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe("BACKUP_WORKSPACE_MISMATCH");
    expect((await t.app.inject({ method: "POST", url: `${URL}/${backup.id}/restore`, headers: other.headers })).json().code).toBe(
      "BACKUP_NOT_FOUND",
    );
  });

  it("writes unencrypted backups when asked, and keeps only retentionCount backups", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: `${URL}/settings`,
      headers: owner.headers,
      payload: { encryptBackups: false, retentionCount: 2 },
    });
    expect(res.json()).toMatchObject({ encryptBackups: false, retentionCount: 2 });
    const plain = await runBackup();
    expect(plain.encrypted).toBe(false);
    // Unencrypted is still authenticated (HMAC): it restores, and a changed byte is refused.
    const file = (await t.app.inject({ method: "GET", url: `${URL}/${plain.id}/download`, headers: owner.headers })).rawPayload;
    expect(file.subarray(0, 6)).toEqual(Buffer.from([...Buffer.from("PSBK"), 2, 0]));
    const restored = await uploadRestore(t, file, owner);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().tables.leads).toBeGreaterThan(0);
    const changed = Buffer.from(file);
    changed[changed.length - 10] = (changed[changed.length - 10] ?? 0) ^ 0x01;
    expect((await uploadRestore(t, changed, owner)).json().code).toBe("BACKUP_INVALID");
    await runBackup();
    const list = (await t.app.inject({ method: "GET", url: URL, headers: owner.headers })).json();
    expect(list.filter((b: { status: string }) => b.status === "completed")).toHaveLength(2);
    const dir = path.join(t.config.dataDir, "backups", owner.workspaceId);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".psbk"))).toHaveLength(2);
  });

  it("checks the destination: inside the data folder, writable (503 otherwise)", async () => {
    const outside = await t.app.inject({
      method: "PUT",
      url: `${URL}/settings`,
      headers: owner.headers,
      payload: { destination: "../../etc" },
    });
    expect(outside.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "destination" }] });
    const absolute = await t.app.inject({
      method: "PUT",
      url: `${URL}/settings`,
      headers: owner.headers,
      payload: { destination: "/tmp/elsewhere" },
    });
    expect(absolute.json().errors[0].field).toBe("destination");

    const admin = await createUser(t.app.ctx.db, { instanceAdmin: true });
    const blocker = path.join(t.config.dataDir, "not-a-folder");
    fs.writeFileSync(blocker, "file in the way");
    const res = await t.app.inject({
      method: "PUT",
      url: `${URL}/settings`,
      headers: admin.headers,
      payload: { destination: path.join(blocker, "sub") },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe("BACKUP_DESTINATION_UNAVAILABLE");
    const good = await t.app.inject({ method: "PUT", url: `${URL}/settings`, headers: admin.headers, payload: { destination: "nightly" } });
    expect(good.statusCode).toBe(200);
    expect(fs.existsSync(path.join(t.config.dataDir, "backups", "nightly"))).toBe(true);
  });

  it("is for settings:update only", async () => {
    const res = await t.app.inject({ method: "POST", url: URL, headers: member.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().requiredPermission).toBe("settings:update");
    expect((await t.app.inject({ method: "GET", url: `${URL}/settings`, headers: member.headers })).statusCode).toBe(200);
  });

  it("starts scheduled backups when due", async () => {
    const u = await createUser(t.app.ctx.db);
    await t.app.inject({ method: "PUT", url: `${URL}/settings`, headers: u.headers, payload: { enabled: true, frequency: "daily" } });
    const { tickBackups } = await import("./backups.service.ts");
    expect(await tickBackups(t.app.ctx, new Date(Date.now() + 2 * 86_400_000))).toBeGreaterThanOrEqual(1);
    const list = (await t.app.inject({ method: "GET", url: URL, headers: u.headers })).json();
    expect(list[0]).toMatchObject({ trigger: "scheduled" });
  });
});

describe("backup quota", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STORAGE_QUOTA_BYTES: "10" });
  });
  afterAll(() => t.close());

  it("answers BACKUP_QUOTA_EXCEEDED when backups would pass the storage quota", async () => {
    const u = await createUser(t.app.ctx.db);
    const res = await t.app.inject({ method: "POST", url: URL, headers: u.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("BACKUP_QUOTA_EXCEEDED");
    expect((await t.app.inject({ method: "GET", url: URL, headers: u.headers })).json()).toEqual([]);
  });
});
