/** Invitation queries: invites with their inviter, seats, members by address, and accepting. */
import { and, asc, count, countDistinct, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rolePermissions } from "../access/index.ts";
import { users } from "../identity/index.ts";
import { organizations, workspaceMembers, workspaces } from "../organizations/index.ts";
import { workspaceInvites } from "./workspaces.table.ts";

export type InviteRow = typeof workspaceInvites.$inferSelect;
export type InviteWithInviter = InviteRow & { inviterName: string | null };

const withInviter = {
  invite: workspaceInvites,
  inviterName: users.name,
};

const flatten = (r: { invite: InviteRow; inviterName: string | null }): InviteWithInviter => ({ ...r.invite, inviterName: r.inviterName });

export async function listInvites(db: Db, workspaceId: string, opts: { limit: number; skip: number }): Promise<InviteWithInviter[]> {
  const rows = await db
    .select(withInviter)
    .from(workspaceInvites)
    .leftJoin(users, eq(users.id, workspaceInvites.invitedBy))
    .where(eq(workspaceInvites.workspaceId, workspaceId))
    // Pending first (expired ones among them sort by their date like the rest), then the others.
    .orderBy(sql`(${workspaceInvites.status} = 'pending') desc`, desc(workspaceInvites.createdAt), desc(workspaceInvites.id))
    .limit(opts.limit)
    .offset(opts.skip);
  return rows.map(flatten);
}

export async function findInvite(db: Db, workspaceId: string, id: string): Promise<InviteWithInviter | null> {
  const [row] = await db
    .select(withInviter)
    .from(workspaceInvites)
    .leftJoin(users, eq(users.id, workspaceInvites.invitedBy))
    .where(and(eq(workspaceInvites.workspaceId, workspaceId), eq(workspaceInvites.id, id)))
    .limit(1);
  return row ? flatten(row) : null;
}

export async function findInviteByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      invite: workspaceInvites,
      inviterName: users.name,
      workspaceName: workspaces.name,
      workspaceArchivedAt: workspaces.archivedAt,
    })
    .from(workspaceInvites)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvites.invitedBy))
    .where(eq(workspaceInvites.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Locks the invite row for the accepting transaction. */
export async function lockInvite(tx: Db, id: string): Promise<InviteRow | null> {
  const [row] = await tx.select().from(workspaceInvites).where(eq(workspaceInvites.id, id)).for("update").limit(1);
  return row ?? null;
}

export async function pendingInviteFor(tx: Db, workspaceId: string, email: string): Promise<InviteRow | null> {
  const [row] = await tx
    .select()
    .from(workspaceInvites)
    .where(and(eq(workspaceInvites.workspaceId, workspaceId), eq(workspaceInvites.email, email), eq(workspaceInvites.status, "pending")))
    .limit(1);
  return row ?? null;
}

export async function insertInvite(tx: Db, values: typeof workspaceInvites.$inferInsert): Promise<InviteRow> {
  const [row] = await tx.insert(workspaceInvites).values(values).returning();
  return row!;
}

export async function updateInvite(tx: Db, id: string, values: Partial<typeof workspaceInvites.$inferInsert>): Promise<InviteRow> {
  const [row] = await tx.update(workspaceInvites).set(values).where(eq(workspaceInvites.id, id)).returning();
  return row!;
}

/** Serializes invites into one workspace (seat counting) for the rest of the transaction. */
export async function lockWorkspace(tx: Db, workspaceId: string) {
  const [row] = await tx
    .select({ settings: workspaces.settings, organizationId: workspaces.organizationId, plan: organizations.plan })
    .from(workspaces)
    .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
    .where(eq(workspaces.id, workspaceId))
    .for("update", { of: workspaces })
    .limit(1);
  return row ?? null;
}

/** Whether a user with this address is a member (any status) of the workspace. */
export async function memberByEmail(db: Db, workspaceId: string, email: string) {
  const [row] = await db
    .select({ userId: users.id, status: workspaceMembers.status })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  return row ?? null;
}

/** Members plus invites still open: the seats the workspace has promised. */
export async function workspaceSeats(tx: Db, workspaceId: string, now: Date): Promise<number> {
  const [members] = await tx.select({ n: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
  const [open] = await tx
    .select({ n: count() })
    .from(workspaceInvites)
    .where(and(eq(workspaceInvites.workspaceId, workspaceId), eq(workspaceInvites.status, "pending"), gt(workspaceInvites.expiresAt, now)));
  return (members?.n ?? 0) + (open?.n ?? 0);
}

/**
 * The organization's seats (the plan counts people, not memberships): distinct active members
 * across its workspaces plus open invites to addresses that are not members yet.
 */
export async function organizationSeats(tx: Db, organizationId: string, now: Date): Promise<number> {
  const [members] = await tx
    .select({ n: countDistinct(workspaceMembers.userId) })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaces.organizationId, organizationId), eq(workspaceMembers.status, "active")));
  const [open] = await tx
    .select({ n: countDistinct(workspaceInvites.email) })
    .from(workspaceInvites)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
    .where(
      and(
        eq(workspaces.organizationId, organizationId),
        eq(workspaceInvites.status, "pending"),
        gt(workspaceInvites.expiresAt, now),
        sql`not exists (select 1 from ${workspaceMembers} m join ${users} u on u.id = m.user_id join ${workspaces} w on w.id = m.workspace_id
              where w.organization_id = ${organizationId} and lower(u.email) = ${workspaceInvites.email})`,
      ),
    );
  return (members?.n ?? 0) + (open?.n ?? 0);
}

/** The allow grants a role carries in an organization (what inviting someone with it hands out). */
export async function roleAllows(db: Db, organizationId: string, role: string) {
  return db
    .select({ resource: rolePermissions.resource, action: rolePermissions.action })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.organizationId, organizationId), eq(rolePermissions.role, role), eq(rolePermissions.effect, "allow")))
    .orderBy(asc(rolePermissions.resource), asc(rolePermissions.action));
}

export async function userByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, createdAt: users.createdAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return row ?? null;
}

export async function userById(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      createdAt: users.createdAt,
      defaultWorkspaceId: users.defaultWorkspaceId,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/** Adds the membership unless there is one; true when it was added. */
export async function addMember(tx: Db, workspaceId: string, userId: string, role: string): Promise<boolean> {
  const rows = await tx
    .insert(workspaceMembers)
    .values({ workspaceId, userId, role })
    .onConflictDoNothing({ target: [workspaceMembers.workspaceId, workspaceMembers.userId] })
    .returning({ id: workspaceMembers.id });
  return rows.length > 0;
}

export async function setDefaultWorkspace(tx: Db, userId: string, workspaceId: string): Promise<void> {
  await tx.update(users).set({ defaultWorkspaceId: workspaceId }).where(eq(users.id, userId));
}
