/**
 * Drizzle calls of team management (/rbac/teams): teams of a workspace with their member counts
 * and grants, membership, grants, and the workspace lock that serializes structure changes.
 */
import { and, asc, count, eq, ilike, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../identity/index.ts";
import { workspaceMembers, workspaces } from "../organizations/index.ts";
import { teamMembers, teamPermissions, teams } from "./access.table.ts";

export type TeamRow = typeof teams.$inferSelect;

/**
 * Locks the workspace row for the rest of the transaction: team creation, renames and nesting
 * check names and cycles against the other teams, so two of them must not interleave.
 * (NO KEY UPDATE: foreign-key checks of other writers are not blocked.)
 */
export async function lockWorkspaceTeams(tx: Db, workspaceId: string): Promise<void> {
  await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for("no key update");
}

export async function structure(db: Db, workspaceId: string): Promise<{ id: string; name: string; parentId: string | null }[]> {
  return db.select({ id: teams.id, name: teams.name, parentId: teams.parentId }).from(teams).where(eq(teams.workspaceId, workspaceId));
}

export async function findTeamRow(db: Db, workspaceId: string, teamId: string): Promise<TeamRow | null> {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.workspaceId, workspaceId), eq(teams.id, teamId)))
    .limit(1);
  return row ?? null;
}

export async function pageTeams(db: Db, q: { workspaceId: string; page: number; perPage: number; q?: string }) {
  const where = and(eq(teams.workspaceId, q.workspaceId), q.q ? ilike(teams.name, `%${q.q.replace(/[%_\\]/g, "\\$&")}%`) : undefined);
  // Per team through team_members_uq (team_id first): only the page's teams are counted.
  // Qualified by hand: inside the subquery an unqualified "id" would be team_members' own.
  const members = sql<number>`(select count(*) from ${teamMembers} where ${teamMembers.teamId} = "teams"."id")`.mapWith(Number);
  const [items, [total]] = await Promise.all([
    db
      .select({ team: teams, memberCount: members })
      .from(teams)
      .where(where)
      .orderBy(asc(teams.name), asc(teams.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(teams).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

export async function grantsOfTeams(db: Db, teamIds: string[]) {
  if (!teamIds.length) return [];
  return db
    .select({
      teamId: teamPermissions.teamId,
      resource: teamPermissions.resource,
      action: teamPermissions.action,
      effect: teamPermissions.effect,
    })
    .from(teamPermissions)
    .where(inArray(teamPermissions.teamId, teamIds))
    .orderBy(teamPermissions.resource, teamPermissions.action, teamPermissions.effect);
}

export async function membersOf(db: Db, teamId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(users.name, users.id);
}

export async function memberCount(db: Db, teamId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return Number(row?.n ?? 0);
}

/** Users in any of these teams (who inherit from them). */
export async function userIdsInTeams(db: Db, teamIds: string[]): Promise<string[]> {
  if (!teamIds.length) return [];
  const rows = await db.selectDistinct({ userId: teamMembers.userId }).from(teamMembers).where(inArray(teamMembers.teamId, teamIds));
  return rows.map((r) => r.userId);
}

/** The workspace roles of these users (for the rank rule). */
export async function rolesOfMembers(db: Db, workspaceId: string, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, userIds)));
  return rows.map((r) => r.role);
}

export async function insertTeam(db: Db, values: typeof teams.$inferInsert): Promise<TeamRow> {
  const [row] = await db.insert(teams).values(values).returning();
  return row as TeamRow;
}

export async function updateTeam(
  db: Db,
  workspaceId: string,
  teamId: string,
  values: Partial<Pick<TeamRow, "name" | "description" | "parentId">>,
): Promise<TeamRow | null> {
  const [row] = await db
    .update(teams)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(teams.workspaceId, workspaceId), eq(teams.id, teamId)))
    .returning();
  return row ?? null;
}

/** Deletes the team; its sub-teams move up to its parent. Members and grants go with it (cascade). */
export async function deleteTeam(db: Db, workspaceId: string, team: Pick<TeamRow, "id" | "parentId">): Promise<void> {
  await db
    .update(teams)
    .set({ parentId: team.parentId, updatedAt: new Date() })
    .where(and(eq(teams.workspaceId, workspaceId), eq(teams.parentId, team.id)));
  await db.delete(teams).where(and(eq(teams.workspaceId, workspaceId), eq(teams.id, team.id)));
}

/** True when the user was added, false when already in the team. */
export async function addTeamMember(db: Db, teamId: string, userId: string): Promise<boolean> {
  const rows = await db.insert(teamMembers).values({ teamId, userId }).onConflictDoNothing().returning({ id: teamMembers.id });
  return rows.length > 0;
}

export async function removeTeamMember(db: Db, teamId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ id: teamMembers.id });
  return rows.length > 0;
}

export async function replaceTeamGrants(
  db: Db,
  teamId: string,
  grants: { resource: string; action: string; effect: "allow" | "deny" }[],
): Promise<void> {
  await db.delete(teamPermissions).where(eq(teamPermissions.teamId, teamId));
  if (grants.length) await db.insert(teamPermissions).values(grants.map((g) => ({ ...g, teamId })));
}
