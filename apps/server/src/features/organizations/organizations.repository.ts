/**
 * Organization queries: creating an organization with its default workspace and owner, the
 * provisioning of new accounts (which writes the identity feature's user row), memberships.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../identity/index.ts";
import { organizations, type WorkspaceSettings, workspaceMembers, workspaces } from "./organizations.table.ts";

/** Inserts the organization, its default workspace and the owner as admin; sets the owner's default workspace. */
export async function insertOrganizationWithOwner(
  tx: Db,
  opts: { ownerId: string; name: string; settings: WorkspaceSettings },
): Promise<{ organizationId: string; workspaceId: string }> {
  const [org] = await tx.insert(organizations).values({ name: opts.name, ownerId: opts.ownerId }).returning({ id: organizations.id });
  const [ws] = await tx
    .insert(workspaces)
    .values({ organizationId: org!.id, name: "Default workspace", isDefault: true, settings: opts.settings })
    .returning({ id: workspaces.id });
  await tx.insert(workspaceMembers).values({ workspaceId: ws!.id, userId: opts.ownerId, role: "admin" });
  await tx.update(users).set({ defaultWorkspaceId: ws!.id }).where(eq(users.id, opts.ownerId));
  return { organizationId: org!.id, workspaceId: ws!.id };
}

/** Holds a transaction-scoped PostgreSQL advisory lock until the transaction ends. */
export async function advisoryXactLock(tx: Db, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

export async function userPlace(tx: Db, userId: string) {
  const [user] = await tx
    .select({ defaultWorkspaceId: users.defaultWorkspaceId, isInstanceAdmin: users.isInstanceAdmin })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ?? null;
}

export async function anyInstanceAdmin(tx: Db): Promise<boolean> {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.isInstanceAdmin, true)).limit(1);
  return Boolean(admin);
}

export async function makeInstanceAdmin(tx: Db, userId: string): Promise<void> {
  await tx.update(users).set({ isInstanceAdmin: true }).where(eq(users.id, userId));
}

/** The member's role in a workspace and the workspace's organization (what a session resolves to). */
export async function membership(db: Db, userId: string, workspaceId: string) {
  const [member] = await db
    .select({ role: workspaceMembers.role, organizationId: workspaces.organizationId, archivedAt: workspaces.archivedAt })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return member ? { role: member.role, organizationId: member.organizationId, workspaceArchived: member.archivedAt !== null } : null;
}

export async function workspaceWithOrganization(db: Db, workspaceId: string) {
  const [row] = await db
    .select({
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      organizationId: organizations.id,
      organizationName: organizations.name,
      plan: organizations.plan,
    })
    .from(workspaces)
    .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row ?? null;
}

/** The workspace with the caller's role, if it is in their organization and they are an active member. */
export async function memberWorkspace(db: Db, userId: string, organizationId: string, workspaceId: string) {
  const [row] = await db
    .select({ workspace: workspaces, role: workspaceMembers.role })
    .from(workspaces)
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)))
    .where(and(eq(workspaces.id, workspaceId), eq(workspaces.organizationId, organizationId), eq(workspaceMembers.status, "active")))
    .limit(1);
  return row ?? null;
}
