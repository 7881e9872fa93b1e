/**
 * Organizations on their own: provisioning a new account (idempotent, first account is instance
 * admin), organization creation announcing "organizations.created" inside its transaction, and
 * the member-workspace check. No app: a database and a hooks object stand in for the features.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/create-test-app.ts";
import type { Database } from "../../db/client.ts";
import { createHooks, type Hooks } from "../../platform/hooks.ts";
import { users } from "../identity/identity.table.ts";
import { provisionAccount, requireMemberWorkspace } from "./organizations.service.ts";
import { organizations, workspaceMembers, workspaces } from "./organizations.table.ts";

describe("organizations", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let hooks: Hooks;
  const created: { organizationId: string; workspaceId: string; ownerId: string; inTransaction: boolean }[] = [];
  let failNext = false;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    hooks = createHooks();
    hooks.on("organizations.created", async ({ tx, organizationId, workspaceId, ownerId }) => {
      // The handler sees the new rows through the creating transaction.
      const [row] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
      created.push({ organizationId, workspaceId, ownerId, inTransaction: Boolean(row) });
      if (failNext) {
        failNext = false;
        throw new Error("seeding failed");
      }
    });
  });
  afterAll(() => drop());

  const ctx = () => ({ db: database.db, hooks });

  async function newUser(name: string) {
    const [user] = await database.db
      .insert(users)
      .values({ email: `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@example.com`, name, emailVerified: true })
      .returning();
    return user!;
  }

  const userRow = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it("gives a new account its organization and default workspace as admin; the first one is instance admin", async () => {
    const ada = await newUser("Ada Lovelace");
    const done = await provisionAccount(ctx(), { userId: ada.id, name: ada.name });
    expect(done).toMatchObject({ isFirstUser: true });
    const [org] = await database.db.select().from(organizations).where(eq(organizations.id, done!.organizationId));
    expect(org).toMatchObject({ name: "Ada's organization", ownerId: ada.id });
    const [member] = await database.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, ada.id));
    expect(member).toMatchObject({ workspaceId: done!.workspaceId, role: "admin" });
    expect(await userRow(ada.id)).toMatchObject({ isInstanceAdmin: true, defaultWorkspaceId: done!.workspaceId });
    expect(created.at(-1)).toEqual({
      organizationId: done!.organizationId,
      workspaceId: done!.workspaceId,
      ownerId: ada.id,
      inTransaction: true,
    });

    const grace = await newUser("Grace");
    const second = await provisionAccount(ctx(), { userId: grace.id, name: grace.name });
    expect(second).toMatchObject({ isFirstUser: false });
    expect((await userRow(grace.id)).isInstanceAdmin).toBe(false);
  });

  it("leaves an account that already has a workspace alone, so a retry never duplicates", async () => {
    const linus = await newUser("Linus");
    expect(await provisionAccount(ctx(), { userId: linus.id, name: linus.name })).not.toBeNull();
    const before = created.length;
    expect(await provisionAccount(ctx(), { userId: linus.id, name: linus.name })).toBeNull();
    expect(created.length).toBe(before);
    const owned = await database.db.select().from(organizations).where(eq(organizations.ownerId, linus.id));
    expect(owned).toHaveLength(1);
  });

  it("rolls everything back when a subscriber of organizations.created fails, and a retry completes", async () => {
    const ken = await newUser("Ken");
    failNext = true;
    await expect(provisionAccount(ctx(), { userId: ken.id, name: ken.name })).rejects.toThrow("seeding failed");
    expect(await database.db.select().from(organizations).where(eq(organizations.ownerId, ken.id))).toHaveLength(0);
    expect((await userRow(ken.id)).defaultWorkspaceId).toBeNull();

    const retried = await provisionAccount(ctx(), { userId: ken.id, name: ken.name });
    expect(retried).not.toBeNull();
    expect((await userRow(ken.id)).defaultWorkspaceId).toBe(retried!.workspaceId);
  });

  it("lets a caller address only a workspace of their organization where they are an active member", async () => {
    const owner = await newUser("Owner");
    const place = (await provisionAccount(ctx(), { userId: owner.id, name: owner.name }))!;
    const other = await newUser("Other");
    const elsewhere = (await provisionAccount(ctx(), { userId: other.id, name: other.name }))!;
    const auth = { userId: owner.id, organizationId: place.organizationId };

    const row = await requireMemberWorkspace(ctx(), auth, place.workspaceId);
    expect(row).toMatchObject({ role: "admin", workspace: { id: place.workspaceId, organizationId: place.organizationId } });
    await expect(requireMemberWorkspace(ctx(), auth, elsewhere.workspaceId)).rejects.toMatchObject({ code: "WORKSPACE_NOT_FOUND" });
    await expect(requireMemberWorkspace(ctx(), auth, "not-a-uuid")).rejects.toMatchObject({ code: "WORKSPACE_NOT_FOUND" });

    await database.db.update(workspaceMembers).set({ status: "suspended" }).where(eq(workspaceMembers.userId, owner.id));
    await expect(requireMemberWorkspace(ctx(), auth, place.workspaceId)).rejects.toMatchObject({ code: "WORKSPACE_NOT_FOUND" });
    expect(await database.db.select().from(workspaces).where(eq(workspaces.id, place.workspaceId))).toHaveLength(1);
  });
});
