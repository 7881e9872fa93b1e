/**
 * Seed factories shared by server tests and e2e seeding: a user with an organization, workspace,
 * role and a live session token, written straight to the database.
 */
import { randomBytes } from "node:crypto";
import type { RoleId } from "@prospector/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import { seedRolePermissions } from "../src/features/access/access.service.ts";
import { sessions, users } from "../src/features/identity/identity.table.ts";
import { createOrganizationForOwner } from "../src/features/organizations/organizations.service.ts";
import { workspaceMembers } from "../src/features/organizations/organizations.table.ts";
import { createHooks } from "../src/platform/hooks.ts";

let seq = 0;

/**
 * What the app's features do when an organization is created, without an app: the access feature
 * seeds the spec's role permissions (its "organizations.created" handler) in the same transaction.
 */
const seedingHooks = createHooks();
seedingHooks.on("organizations.created", ({ tx, organizationId }) => seedRolePermissions(tx, organizationId));

export interface TestUser {
  id: string;
  email: string;
  name: string;
  token: string;
  organizationId: string;
  workspaceId: string;
  role: RoleId;
  headers: { authorization: string };
}

/** A new user who owns a new organization (admin of its default workspace). */
export async function createUser(db: Db, opts: { email?: string; name?: string; instanceAdmin?: boolean } = {}): Promise<TestUser> {
  seq++;
  const email = opts.email ?? `user${seq}-${randomBytes(3).toString("hex")}@example.com`;
  const name = opts.name ?? `Test User ${seq}`;
  const [user] = await db
    .insert(users)
    .values({ email, name, emailVerified: true, isInstanceAdmin: opts.instanceAdmin ?? false })
    .returning();
  const { organizationId, workspaceId } = await createOrganizationForOwner(
    { db, hooks: seedingHooks },
    { ownerId: user!.id, name: `${name}'s organization` },
  );
  const token = await createSession(db, user!.id);
  return { id: user!.id, email, name, token, organizationId, workspaceId, role: "admin", headers: { authorization: `Bearer ${token}` } };
}

/** A new user who joins an existing workspace with a role. */
export async function addMember(db: Db, owner: TestUser, role: RoleId, opts: { email?: string } = {}): Promise<TestUser> {
  seq++;
  const email = opts.email ?? `member${seq}-${randomBytes(3).toString("hex")}@example.com`;
  const name = `Member ${seq}`;
  const [user] = await db.insert(users).values({ email, name, emailVerified: true, defaultWorkspaceId: owner.workspaceId }).returning();
  await db.insert(workspaceMembers).values({ workspaceId: owner.workspaceId, userId: user!.id, role });
  const token = await createSession(db, user!.id);
  return {
    id: user!.id,
    email,
    name,
    token,
    organizationId: owner.organizationId,
    workspaceId: owner.workspaceId,
    role,
    headers: { authorization: `Bearer ${token}` },
  };
}

export async function createSession(db: Db, userId: string): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db.insert(sessions).values({ userId, token, expiresAt: new Date(Date.now() + 7 * 86400_000) });
  return token;
}

export async function setActive(db: Db, userId: string, isActive: boolean): Promise<void> {
  await db.update(users).set({ isActive }).where(eq(users.id, userId));
}
