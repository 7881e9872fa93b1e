/**
 * Creating an organization: its default workspace, the owner as admin, and the role permissions
 * seeded from the spec's table. One transaction: all of it exists, or none.
 */
import { ROLE_PERMISSIONS, type RoleId } from "@prospector/contracts";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rolePermissions } from "../access/access.table.ts";
import { users } from "../identity/identity.table.ts";
import { organizations, workspaceMembers, workspaces } from "./organizations.table.ts";

export const DEFAULT_WORKSPACE_SETTINGS = { timezone: "UTC", maxMembers: 10, features: ["campaigns", "leads", "analytics"] };

export async function createOrganizationForOwner(
  db: Db,
  opts: { ownerId: string; name: string },
): Promise<{ organizationId: string; workspaceId: string }> {
  return db.transaction(async (tx) => {
    const [org] = await tx.insert(organizations).values({ name: opts.name, ownerId: opts.ownerId }).returning({ id: organizations.id });
    const [ws] = await tx
      .insert(workspaces)
      .values({ organizationId: org!.id, name: "Default workspace", isDefault: true, settings: DEFAULT_WORKSPACE_SETTINGS })
      .returning({ id: workspaces.id });
    await tx.insert(workspaceMembers).values({ workspaceId: ws!.id, userId: opts.ownerId, role: "admin" });
    await tx.insert(rolePermissions).values(seedRolePermissions(org!.id));
    await tx.update(users).set({ defaultWorkspaceId: ws!.id }).where(eq(users.id, opts.ownerId));
    return { organizationId: org!.id, workspaceId: ws!.id };
  });
}

/**
 * Gives a newly created account its place: its own organization with a default workspace where it
 * is admin, and instance admin when it is the instance's first account. Every sign-up and every
 * new single-sign-on user gets a fresh organization (joining an existing one is by invitation).
 * Idempotent: a user who already has a workspace is left alone, so a retry after a crash between
 * "user created" and "organization created" completes the job instead of duplicating it.
 */
export async function provisionAccount(
  db: Db,
  opts: { userId: string; name: string },
): Promise<{ organizationId: string; workspaceId: string; isFirstUser: boolean } | null> {
  return db.transaction(async (tx) => {
    // Serializes concurrent sign-ups so exactly one of them can become the first (instance) admin.
    await tx.execute(sql`select pg_advisory_xact_lock(${PROVISION_LOCK_KEY})`);
    const [user] = await tx
      .select({ defaultWorkspaceId: users.defaultWorkspaceId, isInstanceAdmin: users.isInstanceAdmin })
      .from(users)
      .where(eq(users.id, opts.userId))
      .limit(1);
    if (!user || user.defaultWorkspaceId) return null;
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.isInstanceAdmin, true)).limit(1);
    const isFirstUser = !admin;
    if (isFirstUser) await tx.update(users).set({ isInstanceAdmin: true }).where(eq(users.id, opts.userId));
    const created = await createOrganizationForOwner(tx as unknown as Db, { ownerId: opts.userId, name: organizationName(opts.name) });
    return { ...created, isFirstUser };
  });
}

/** An arbitrary constant naming the provisioning lock among PostgreSQL advisory locks. */
const PROVISION_LOCK_KEY = 724_310_001;

function organizationName(ownerName: string): string {
  const first = ownerName.trim().split(/\s+/)[0] || ownerName.trim();
  return first ? `${first}'s organization` : "My organization";
}

export function seedRolePermissions(organizationId: string) {
  return Object.entries(ROLE_PERMISSIONS).flatMap(([role, perms]) =>
    perms.map((p) => {
      const [resource, action] = p.split(":") as [string, string];
      return { organizationId, role: role as RoleId, resource, action, effect: "allow" as const };
    }),
  );
}
