/**
 * Workspace queries: workspaces with the caller's membership, members, lifecycle writes, the
 * activity feed and the counts behind stats. Workspaces and memberships are the organizations
 * feature's tables; this feature reads and writes them here, its only Drizzle module besides export/clone.
 */
import { and, count, desc, eq, gt, gte, inArray, like, lte, max, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaigns } from "../campaigns/index.ts";
import { sessions, users } from "../identity/index.ts";
import { leads } from "../leads/index.ts";
import { organizations, type WorkspaceSettings, workspaceMembers, workspaces } from "../organizations/index.ts";
import { workspaceActivity } from "./workspaces.table.ts";

const memberCount = sql<number>`(select count(*)::int from ${workspaceMembers} m where m.workspace_id = ${workspaces.id})`;

const workspaceColumns = {
  workspace: workspaces,
  organizationName: organizations.name,
  organizationOwnerId: organizations.ownerId,
  plan: organizations.plan,
  role: workspaceMembers.role,
  memberStatus: workspaceMembers.status,
  memberCount,
};

export type WorkspaceRow = {
  workspace: typeof workspaces.$inferSelect;
  organizationName: string;
  organizationOwnerId: string | null;
  plan: string;
  role: string;
  memberStatus: string;
  memberCount: number;
};

/** Every workspace where the user is an active member, across organizations. */
export async function listForUser(db: Db, userId: string): Promise<WorkspaceRow[]> {
  return db
    .select(workspaceColumns)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.status, "active")))
    .orderBy(organizations.name, desc(workspaces.isDefault), workspaces.name, workspaces.id)
    .limit(1000);
}

/** The workspace with the user's membership in it (any status), or null. */
export async function forMember(db: Db, userId: string, workspaceId: string): Promise<WorkspaceRow | null> {
  const [row] = await db
    .select(workspaceColumns)
    .from(workspaces)
    .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)))
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row ?? null;
}

export async function nameTaken(db: Db, organizationId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(
      and(
        eq(workspaces.organizationId, organizationId),
        sql`lower(${workspaces.name}) = lower(${name})`,
        exceptId ? ne(workspaces.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Serializes name checks and creations within one organization (two creates with one name). */
export async function lockOrganization(tx: Db, organizationId: string): Promise<void> {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for("update");
}

export async function insertWorkspace(
  tx: Db,
  values: { organizationId: string; name: string; ownerId: string; settings: WorkspaceSettings },
): Promise<string> {
  const [ws] = await tx.insert(workspaces).values(values).returning({ id: workspaces.id });
  await tx.insert(workspaceMembers).values({ workspaceId: ws!.id, userId: values.ownerId, role: "admin" });
  return ws!.id;
}

export async function updateWorkspace(
  tx: Db,
  workspaceId: string,
  patch: Partial<{ name: string; settings: WorkspaceSettings; ownerId: string; archivedAt: Date | null }>,
): Promise<void> {
  await tx.update(workspaces).set(patch).where(eq(workspaces.id, workspaceId));
}

/** Locks the workspace row: lifecycle changes and member removals of one workspace run one at a time. */
export async function lockWorkspace(tx: Db, workspaceId: string) {
  const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
  return row ?? null;
}

/** Deletes the workspace; every row of its data goes with it (foreign keys cascade). */
export async function deleteWorkspace(tx: Db, workspaceId: string): Promise<void> {
  await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
}

/** Members whose default workspace was this one fall back to another active membership (or none). */
export async function resetDefaultWorkspace(tx: Db, workspaceId: string): Promise<string[]> {
  const affected = await tx
    .update(users)
    .set({
      defaultWorkspaceId: sql`(select m.workspace_id from ${workspaceMembers} m where m.user_id = ${users.id} and m.workspace_id <> ${workspaceId} and m.status = 'active' order by m.created_at limit 1)`,
    })
    .where(eq(users.defaultWorkspaceId, workspaceId))
    .returning({ id: users.id });
  return affected.map((u) => u.id);
}

// ——— Members ———

export interface MemberRow {
  id: string;
  userId: string;
  email: string;
  name: string;
  image: string | null;
  role: string;
  status: string;
  joinedAt: Date;
  lastSession: Date | null;
}

const memberColumns = {
  id: workspaceMembers.id,
  userId: workspaceMembers.userId,
  email: users.email,
  name: users.name,
  image: users.image,
  role: workspaceMembers.role,
  status: workspaceMembers.status,
  joinedAt: workspaceMembers.joinedAt,
  lastSession: sql<Date | null>`(select max(s.updated_at) from ${sessions} s where s.user_id = ${users.id})`.mapWith(
    (v: string | Date | null) => (v == null ? null : new Date(v)),
  ),
};

/** Members in the order they joined, keyset paged on the membership id (UUIDv7: time-ordered). */
export async function listMembers(db: Db, workspaceId: string, opts: { limit: number; afterId?: string }): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), opts.afterId ? gt(workspaceMembers.id, opts.afterId) : undefined))
    .orderBy(workspaceMembers.id)
    .limit(opts.limit);
}

export async function countMembers(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
  return row?.n ?? 0;
}

export async function member(db: Db, workspaceId: string, memberId: string): Promise<MemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.id, memberId)))
    .limit(1);
  return row ?? null;
}

export async function memberByUser(db: Db, workspaceId: string, userId: string): Promise<MemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function deleteMember(tx: Db, memberId: string): Promise<void> {
  await tx.delete(workspaceMembers).where(eq(workspaceMembers.id, memberId));
}

export async function setMemberStatus(tx: Db, memberId: string, status: string): Promise<void> {
  await tx.update(workspaceMembers).set({ status }).where(eq(workspaceMembers.id, memberId));
}

export async function setMemberRole(tx: Db, memberId: string, role: string): Promise<void> {
  await tx.update(workspaceMembers).set({ role }).where(eq(workspaceMembers.id, memberId));
}

/** Users seen (a session used) since `since`, among the workspace's active members. */
export async function recentlySeen(db: Db, workspaceId: string, since: Date): Promise<string[]> {
  const rows = await db
    .select({ userId: workspaceMembers.userId, seen: max(sessions.updatedAt) })
    .from(workspaceMembers)
    .innerJoin(sessions, eq(sessions.userId, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.status, "active")))
    .groupBy(workspaceMembers.userId)
    .having(gte(max(sessions.updatedAt), since));
  return rows.map((r) => r.userId);
}

export async function activeMemberIds(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.status, "active")));
  return rows.map((r) => r.userId);
}

// ——— Counts ———

export async function campaignCount(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(campaigns).where(eq(campaigns.workspaceId, workspaceId));
  return row?.n ?? 0;
}

export async function leadCount(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads).where(eq(leads.workspaceId, workspaceId));
  return row?.n ?? 0;
}

// ——— Activity ———

export interface ActivityInsert {
  workspaceId: string;
  actorId: string | null;
  kind: string;
  subjectType?: string | null;
  subjectId?: string | null;
  summary: string;
  detail?: Record<string, unknown>;
}

export async function insertActivity(db: Db, rows: ActivityInsert[]): Promise<void> {
  if (rows.length) await db.insert(workspaceActivity).values(rows.map((r) => ({ ...r, detail: r.detail ?? {} })));
}

export interface ActivityFilter {
  kind?: string;
  actorId?: string;
  since?: Date;
  until?: Date;
  /** The last row of the previous page: created_at as PostgreSQL's text (microseconds kept) and id. */
  before?: { createdAt: string; id: string };
  limit: number;
}

/** Newest first, keyset paged on (created_at, id) — the workspace_activity_ws_* indexes. */
export async function listActivity(db: Db, workspaceId: string, f: ActivityFilter) {
  const b = f.before;
  const kind = f.kind?.endsWith(".")
    ? like(workspaceActivity.kind, `${f.kind.replace(/[%_\\]/g, "\\$&")}%`)
    : f.kind
      ? eq(workspaceActivity.kind, f.kind)
      : undefined;
  return db
    .select({ activity: workspaceActivity, actorName: users.name, at: sql<string>`${workspaceActivity.createdAt}::text` })
    .from(workspaceActivity)
    .leftJoin(users, eq(users.id, workspaceActivity.actorId))
    .where(
      and(
        eq(workspaceActivity.workspaceId, workspaceId),
        kind,
        f.actorId ? eq(workspaceActivity.actorId, f.actorId) : undefined,
        f.since ? gte(workspaceActivity.createdAt, f.since) : undefined,
        f.until ? lte(workspaceActivity.createdAt, f.until) : undefined,
        b ? sql`(${workspaceActivity.createdAt}, ${workspaceActivity.id}) < (${b.createdAt}::timestamptz, ${b.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(workspaceActivity.createdAt), desc(workspaceActivity.id))
    .limit(f.limit);
}
export async function usersByIds(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
}

/** A user leaving the workspace gets another of their active workspaces as default (or none). */
export async function resetDefaultWorkspaceFor(tx: Db, workspaceId: string, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      defaultWorkspaceId: sql`(select m.workspace_id from ${workspaceMembers} m where m.user_id = ${users.id} and m.workspace_id <> ${workspaceId} and m.status = 'active' order by m.created_at limit 1)`,
    })
    .where(and(eq(users.id, userId), eq(users.defaultWorkspaceId, workspaceId)));
}
