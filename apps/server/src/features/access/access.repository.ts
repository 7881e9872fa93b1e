/**
 * Drizzle calls of the access engine and the RBAC API: who a subject is in a workspace and which
 * grants reach them, role changes, teams and the audit log. Every query is scoped by workspace
 * (or by organization for role permissions).
 */
import { type RoleId, RoleId as RoleIdSchema } from "@prospector/contracts";
import { and, count, desc, eq, gte, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../identity/index.ts";
import { workspaceMembers, workspaces } from "../organizations/index.ts";
import type { PolicyRule, SourcedGrant } from "./access.decide.ts";
import { accessAudit, policies, rolePermissions, teamMembers, teamPermissions, teams, userPermissions } from "./access.table.ts";

export interface SubjectRecord {
  userId: string;
  workspaceId: string;
  organizationId: string;
  active: boolean;
  role: RoleId;
  teamIds: string[];
  grants: SourcedGrant[];
}

/** What the engine reads; the property tests swap in an in-memory source. */
export interface AccessSource {
  /** null when the user does not exist or is not a member of the workspace. */
  loadSubject(userId: string, workspaceId: string): Promise<SubjectRecord | null>;
  loadPolicies(workspaceId: string): Promise<PolicyRule[]>;
}

/** A stored role outside the catalogue (or none) counts as the default role, viewer. */
export const effectiveRole = (role: string | null | undefined): RoleId => {
  const r = RoleIdSchema.safeParse(role);
  return r.success ? r.data : "viewer";
};

export function createAccessSource(db: Db): AccessSource {
  return {
    async loadSubject(userId, workspaceId) {
      const [member] = await db
        .select({
          isActive: users.isActive,
          role: workspaceMembers.role,
          status: workspaceMembers.status,
          organizationId: workspaces.organizationId,
        })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
        .limit(1);
      if (!member) return null;
      const role = effectiveRole(member.role);
      const [direct, byRole, memberships] = await Promise.all([
        db
          .select({
            resource: userPermissions.resource,
            action: userPermissions.action,
            effect: userPermissions.effect,
            resourceId: userPermissions.resourceId,
          })
          .from(userPermissions)
          .where(and(eq(userPermissions.workspaceId, workspaceId), eq(userPermissions.userId, userId))),
        db
          .select({ resource: rolePermissions.resource, action: rolePermissions.action, effect: rolePermissions.effect })
          .from(rolePermissions)
          .where(and(eq(rolePermissions.organizationId, member.organizationId), eq(rolePermissions.role, role))),
        db
          .select({ teamId: teamMembers.teamId })
          .from(teamMembers)
          .innerJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(and(eq(teams.workspaceId, workspaceId), eq(teamMembers.userId, userId))),
      ]);
      const teamIds = memberships.length
        ? withAncestors(
            memberships.map((m) => m.teamId),
            await db.select({ id: teams.id, parentId: teams.parentId }).from(teams).where(eq(teams.workspaceId, workspaceId)),
          )
        : [];
      const byTeam = teamIds.length
        ? await db
            .select({
              teamId: teamPermissions.teamId,
              resource: teamPermissions.resource,
              action: teamPermissions.action,
              effect: teamPermissions.effect,
            })
            .from(teamPermissions)
            .where(inArray(teamPermissions.teamId, teamIds))
        : [];
      return {
        userId,
        workspaceId,
        organizationId: member.organizationId,
        active: member.isActive && member.status === "active",
        role,
        teamIds,
        grants: [
          ...direct.map((g) => ({ ...g, source: "user" as const, sourceId: userId })),
          ...byRole.map((g) => ({ ...g, resourceId: null, source: "role" as const, sourceId: role })),
          ...byTeam.map(({ teamId, ...g }) => ({ ...g, resourceId: null, source: "team" as const, sourceId: teamId })),
        ],
      };
    },
    async loadPolicies(workspaceId) {
      return db
        .select({
          id: policies.id,
          name: policies.name,
          priority: policies.priority,
          isActive: policies.isActive,
          effect: policies.effect,
          permissions: policies.permissions,
          appliesTo: policies.appliesTo,
          conditions: policies.conditions,
        })
        .from(policies)
        .where(and(eq(policies.workspaceId, workspaceId), eq(policies.isActive, true)))
        .orderBy(desc(policies.priority), policies.id);
    },
  };
}

/**
 * A member of a sub-team is in its ancestor teams too (docs/access.md, "Teams"): their grants,
 * policies and flags targeting an ancestor apply. Direct teams first; a cycle cannot loop.
 */
export function withAncestors(direct: string[], all: { id: string; parentId: string | null }[]): string[] {
  const parentOf = new Map(all.map((t) => [t.id, t.parentId]));
  const out = new Set<string>(direct);
  for (const id of direct) {
    for (let p = parentOf.get(id) ?? null; p && !out.has(p); p = parentOf.get(p) ?? null) out.add(p);
  }
  return [...out];
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

// ---- Members and roles --------------------------------------------------------------------

export async function findMember(db: Db, workspaceId: string, userId: string) {
  const [row] = await db
    .select({ userId: users.id, email: users.email, name: users.name, isActive: users.isActive, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function countAdmins(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.role, "admin"),
        eq(workspaceMembers.status, "active"),
        eq(users.isActive, true),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The workspace's active administrators (active member, active account), row-locked until the transaction ends. */
export async function lockActiveAdmins(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.role, "admin"),
        eq(workspaceMembers.status, "active"),
        eq(users.isActive, true),
      ),
    )
    .for("update", { of: workspaceMembers });
  return rows.map((r) => r.userId);
}

export async function updateMemberRole(db: Db, workspaceId: string, userId: string, role: RoleId): Promise<void> {
  await db
    .update(workspaceMembers)
    .set({ role })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

export async function insertRolePermissions(db: Db, rows: (typeof rolePermissions.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(rolePermissions).values(rows);
}

export async function rolePermissionsOf(db: Db, organizationId: string) {
  return db
    .select({
      role: rolePermissions.role,
      resource: rolePermissions.resource,
      action: rolePermissions.action,
      effect: rolePermissions.effect,
    })
    .from(rolePermissions)
    .where(eq(rolePermissions.organizationId, organizationId))
    .orderBy(rolePermissions.role, rolePermissions.resource, rolePermissions.action);
}

// ---- Teams --------------------------------------------------------------------------------

export async function findTeam(db: Db, workspaceId: string, teamId: string) {
  const [row] = await db
    .select({ id: teams.id, name: teams.name, description: teams.description, parentId: teams.parentId })
    .from(teams)
    .where(and(eq(teams.workspaceId, workspaceId), eq(teams.id, teamId)))
    .limit(1);
  return row ?? null;
}

export async function teamsOfWorkspace(db: Db, workspaceId: string) {
  return db
    .select({ id: teams.id, name: teams.name, description: teams.description, parentId: teams.parentId })
    .from(teams)
    .where(eq(teams.workspaceId, workspaceId))
    .orderBy(teams.name);
}

export async function teamGrants(db: Db, teamId: string) {
  return db
    .select({ resource: teamPermissions.resource, action: teamPermissions.action, effect: teamPermissions.effect })
    .from(teamPermissions)
    .where(eq(teamPermissions.teamId, teamId))
    .orderBy(teamPermissions.resource, teamPermissions.action);
}

export async function isTeamMember(db: Db, teamId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return Boolean(row);
}

// ---- Audit --------------------------------------------------------------------------------

export type AuditInsert = typeof accessAudit.$inferInsert;

export async function insertAudit(db: Db, rows: AuditInsert[]): Promise<void> {
  if (rows.length) await db.insert(accessAudit).values(rows);
}

export interface AuditFilter {
  workspaceId: string;
  userId?: string;
  event?: string;
  source?: "server" | "client";
  result?: string;
  resource?: string;
  from?: Date;
  to?: Date;
}

/** Every filter runs within one workspace on access_audit_ws_time_idx (or _ws_user_idx with a user). */
function auditWhere(q: AuditFilter) {
  return and(
    eq(accessAudit.workspaceId, q.workspaceId),
    q.userId ? eq(accessAudit.userId, q.userId) : undefined,
    q.event ? eq(accessAudit.event, q.event) : undefined,
    q.source ? eq(accessAudit.source, q.source) : undefined,
    q.result ? eq(accessAudit.result, q.result) : undefined,
    q.resource ? eq(accessAudit.resource, q.resource) : undefined,
    q.from ? gte(accessAudit.createdAt, q.from) : undefined,
    q.to ? lte(accessAudit.createdAt, q.to) : undefined,
  );
}

export async function auditPage(db: Db, q: AuditFilter & { page: number; perPage: number }) {
  const where = auditWhere(q);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(accessAudit)
      .where(where)
      .orderBy(desc(accessAudit.createdAt), desc(accessAudit.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(accessAudit).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

/** Newest first, the rows after `cursor` (keyset on created_at, id): the CSV export's pages. */
export async function auditAfter(db: Db, q: AuditFilter, cursor: { createdAt: Date; id: string } | null, limit: number) {
  return db
    .select()
    .from(accessAudit)
    .where(
      and(
        auditWhere(q),
        cursor
          ? or(lt(accessAudit.createdAt, cursor.createdAt), and(eq(accessAudit.createdAt, cursor.createdAt), lt(accessAudit.id, cursor.id)))
          : undefined,
      ),
    )
    .orderBy(desc(accessAudit.createdAt), desc(accessAudit.id))
    .limit(limit);
}

/** Retention: drops audit rows older than the cut-off, in bounded batches. */
export async function purgeAudit(db: Db, before: Date, batch = 5000): Promise<number> {
  const res = await db.execute(
    sql`delete from ${accessAudit} where ${accessAudit.id} in (select ${accessAudit.id} from ${accessAudit} where ${lt(accessAudit.createdAt, before)} limit ${batch})`,
  );
  return Number((res as { rowCount?: number; affectedRows?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0);
}
