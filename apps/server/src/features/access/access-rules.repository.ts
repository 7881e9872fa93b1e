/** Drizzle calls for policy rules, feature flags and access requests, each scoped by workspace. */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { workspaceMembers } from "../organizations/index.ts";
import { accessRequests, featureFlags, policies, teamMembers, teams, userPermissions } from "./access.table.ts";

export type PolicyRow = typeof policies.$inferSelect;
export type FlagRow = typeof featureFlags.$inferSelect;
export type AccessRequestRow = typeof accessRequests.$inferSelect;

export const listPolicies = (db: Db, workspaceId: string) =>
  db.select().from(policies).where(eq(policies.workspaceId, workspaceId)).orderBy(desc(policies.priority), policies.id);

export async function insertPolicy(db: Db, row: typeof policies.$inferInsert): Promise<PolicyRow> {
  const [created] = await db.insert(policies).values(row).returning();
  return created!;
}

export async function updatePolicy(db: Db, workspaceId: string, id: string, patch: Partial<typeof policies.$inferInsert>) {
  const [row] = await db
    .update(policies)
    .set(patch)
    .where(and(eq(policies.workspaceId, workspaceId), eq(policies.id, id)))
    .returning();
  return row ?? null;
}

export async function findPolicy(db: Db, workspaceId: string, id: string): Promise<PolicyRow | null> {
  const [row] = await db
    .select()
    .from(policies)
    .where(and(eq(policies.workspaceId, workspaceId), eq(policies.id, id)))
    .limit(1);
  return row ?? null;
}

export async function deletePolicy(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(policies)
    .where(and(eq(policies.workspaceId, workspaceId), eq(policies.id, id)))
    .returning({ id: policies.id });
  return rows.length > 0;
}

/** Which of these ids are members / teams of the workspace (to refuse rules naming strangers). */
export async function existingMembers(db: Db, workspaceId: string, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ id: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, userIds)));
  return new Set(rows.map((r) => r.id));
}

export async function existingTeams(db: Db, workspaceId: string, teamIds: string[]): Promise<Set<string>> {
  if (!teamIds.length) return new Set();
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.workspaceId, workspaceId), inArray(teams.id, teamIds)));
  return new Set(rows.map((r) => r.id));
}

/** The workspace roles of the listed users and of every member of the listed teams (for rank checks). */
export async function rolesOf(db: Db, workspaceId: string, userIds: string[], teamIds: string[]): Promise<string[]> {
  const [direct, viaTeams] = await Promise.all([
    userIds.length
      ? db
          .select({ role: workspaceMembers.role })
          .from(workspaceMembers)
          .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, userIds)))
      : [],
    teamIds.length
      ? db
          .select({ role: workspaceMembers.role })
          .from(teamMembers)
          .innerJoin(workspaceMembers, and(eq(workspaceMembers.userId, teamMembers.userId), eq(workspaceMembers.workspaceId, workspaceId)))
          .where(inArray(teamMembers.teamId, teamIds))
      : [],
  ]);
  return [...direct, ...viaTeams].map((r) => r.role);
}

// ---- Feature flags ------------------------------------------------------------------------

export const listFlags = (db: Db, workspaceId: string) =>
  db.select().from(featureFlags).where(eq(featureFlags.workspaceId, workspaceId)).orderBy(featureFlags.key);

export async function findFlag(db: Db, workspaceId: string, key: string): Promise<FlagRow | null> {
  const [row] = await db
    .select()
    .from(featureFlags)
    .where(and(eq(featureFlags.workspaceId, workspaceId), eq(featureFlags.key, key)))
    .limit(1);
  return row ?? null;
}

export async function upsertFlag(db: Db, row: typeof featureFlags.$inferInsert): Promise<FlagRow> {
  const { workspaceId: _ws, key: _key, id: _id, ...patch } = row;
  const [saved] = await db
    .insert(featureFlags)
    .values(row)
    .onConflictDoUpdate({ target: [featureFlags.workspaceId, featureFlags.key], set: { ...patch, updatedAt: new Date() } })
    .returning();
  return saved!;
}

// ---- Access requests ----------------------------------------------------------------------

export async function findRequest(db: Db, workspaceId: string, id: string): Promise<AccessRequestRow | null> {
  const [row] = await db
    .select()
    .from(accessRequests)
    .where(and(eq(accessRequests.workspaceId, workspaceId), eq(accessRequests.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findPendingRequest(
  db: Db,
  q: { workspaceId: string; userId: string; resource: string; action: string; resourceId: string | null },
) {
  const rows = await db
    .select()
    .from(accessRequests)
    .where(
      and(
        eq(accessRequests.workspaceId, q.workspaceId),
        eq(accessRequests.userId, q.userId),
        eq(accessRequests.resource, q.resource),
        eq(accessRequests.action, q.action),
        eq(accessRequests.status, "pending"),
      ),
    );
  return rows.find((r) => r.resourceId === q.resourceId) ?? null;
}

export async function insertRequest(db: Db, row: typeof accessRequests.$inferInsert): Promise<AccessRequestRow> {
  const [created] = await db.insert(accessRequests).values(row).returning();
  return created!;
}

export const listRequests = (
  db: Db,
  q: { workspaceId: string; userId?: string; status?: "pending" | "approved" | "rejected"; limit: number },
) =>
  db
    .select()
    .from(accessRequests)
    .where(
      and(
        eq(accessRequests.workspaceId, q.workspaceId),
        q.userId ? eq(accessRequests.userId, q.userId) : undefined,
        q.status ? eq(accessRequests.status, q.status) : undefined,
      ),
    )
    .orderBy(desc(accessRequests.createdAt))
    .limit(q.limit);

/** Decides a request only if it is still pending; null when someone else decided it first. */
export async function markDecided(db: Db, id: string, d: { approve: boolean; by: string; note: string | null }) {
  const [row] = await db
    .update(accessRequests)
    .set({ status: d.approve ? "approved" : "rejected", decidedBy: d.by, decidedAt: new Date(), decisionNote: d.note })
    .where(and(eq(accessRequests.id, id), eq(accessRequests.status, "pending")))
    .returning();
  return row ?? null;
}

/** An approved request becomes a direct user permission. */
export async function grantUserPermission(db: Db, req: AccessRequestRow): Promise<void> {
  await db.insert(userPermissions).values({
    workspaceId: req.workspaceId,
    userId: req.userId,
    resource: req.resource,
    action: req.action,
    effect: "allow",
    resourceId: req.resourceId,
  });
}
