/** Drizzle calls behind /auth/me/extended, /users/{id}/extended and /organization. */
import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions, users } from "../identity/index.ts";
import { organizations, workspaceMembers } from "../organizations/index.ts";
import { teamMembers, teams } from "./access.table.ts";

/** The user with their membership in the workspace; null when not a member. */
export async function memberProfile(db: Db, workspaceId: string, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      isActive: users.isActive,
      twoFactorEnabled: users.twoFactorEnabled,
      defaultWorkspaceId: users.defaultWorkspaceId,
      role: workspaceMembers.role,
      status: workspaceMembers.status,
      joinedAt: workspaceMembers.joinedAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Sessions that are still valid: the devices the user is signed in on. */
export async function liveSessions(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), eq(sessions.twoFactorPending, false)));
  return Number(row?.n ?? 0);
}

/** The teams the user is directly in, in this workspace. */
export async function directTeams(db: Db, workspaceId: string, userId: string) {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teams.workspaceId, workspaceId), eq(teamMembers.userId, userId)))
    .orderBy(teams.name);
}

export async function findOrganization(db: Db, organizationId: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, plan: organizations.plan })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row ?? null;
}
