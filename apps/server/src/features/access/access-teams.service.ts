/**
 * Teams (/rbac/teams): create, rename, nest, members and grants. The rules: a parent is another
 * team of the same workspace and never a descendant (no cycles); members are workspace members;
 * nobody hands a team (or, by adding a member or nesting, its members) a permission they do not
 * hold; a non-administrator manages only teams whose members are at or below their own role.
 * Every change is audited in its transaction and tells the affected people (permissions.updated).
 */
import {
  DEFAULT_ROLE,
  type FieldError,
  ROLES,
  type Team,
  type TeamCreate,
  type TeamGrantsInput,
  type TeamUpdate,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { requireHeld } from "./access.escalation.ts";
import { permissionsChanged } from "./access.events.ts";
import { effectiveRole, findMember, insertAudit, withAncestors } from "./access.repository.ts";
import * as repo from "./access-teams.repository.ts";

type Ctx = Pick<AppContext, "db" | "access" | "realtime" | "log">;
type GrantRow = { resource: string; action: string; effect: "allow" | "deny" };

const teamOut = (t: repo.TeamRow, memberCount: number, grants: GrantRow[], members?: Team["members"]): Team => ({
  id: t.id,
  name: t.name,
  description: t.description,
  parent_id: t.parentId,
  member_count: memberCount,
  ...(members ? { members } : {}),
  grants: grants.map((g) => ({ resource: g.resource, action: g.action, effect: g.effect })),
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
});

async function requireTeamRow(ctx: Ctx, auth: AuthContext, teamId: string): Promise<repo.TeamRow> {
  const team = isUuid(teamId) ? await repo.findTeamRow(ctx.db, auth.workspaceId, teamId) : null;
  if (!team) throw new AppError("TEAM_NOT_FOUND");
  return team;
}

/** The team and every team below it. */
function subtree(all: { id: string; parentId: string | null }[], rootId: string): string[] {
  const out = [rootId];
  for (let i = 0; i < out.length; i++) for (const t of all) if (t.parentId === out[i] && !out.includes(t.id)) out.push(t.id);
  return out;
}

/** Who inherits from this team: its members and the members of its sub-teams. */
async function affectedUsers(db: Db, workspaceId: string, teamId: string): Promise<string[]> {
  return repo.userIdsInTeams(db, subtree(await repo.structure(db, workspaceId), teamId));
}

/** A non-administrator may manage a team only while everyone it reaches is at or below their role. */
async function requireWithinRank(ctx: Ctx, auth: AuthContext, userIds: string[]): Promise<void> {
  const mine = (await ctx.access.subject(auth.userId, auth.workspaceId))?.role ?? DEFAULT_ROLE;
  if (mine === "admin" || !userIds.length) return;
  const roles = await repo.rolesOfMembers(ctx.db, auth.workspaceId, userIds);
  if (roles.some((r) => ROLES[effectiveRole(r)].priority > ROLES[mine].priority)) {
    throw new AppError("ROLE_ABOVE_OWN", "This team includes someone whose role is above your own: only an administrator can change it");
  }
}

/** The allows a member of `teamId` gets from it and its ancestors. */
async function inheritedAllows(db: Db, workspaceId: string, teamIds: string[]): Promise<string[]> {
  const all = await repo.structure(db, workspaceId);
  const chain = withAncestors(teamIds, all);
  const grants = await repo.grantsOfTeams(db, chain);
  return [...new Set(grants.filter((g) => g.effect === "allow").map((g) => `${g.resource}:${g.action}`))];
}

/** The parent must be another team of the workspace and not below the team itself. */
function parentProblem(all: { id: string; parentId: string | null }[], teamId: string | null, parentId: string): AppError | null {
  if (!all.some((t) => t.id === parentId))
    return new AppError("TEAM_PARENT_INVALID", undefined, { errors: [{ field: "parent_id", message: "No such team in this workspace" }] });
  if (teamId && subtree(all, teamId).includes(parentId)) {
    return new AppError("TEAM_CYCLE", undefined, {
      errors: [{ field: "parent_id", message: "This team is the team itself or one of its sub-teams" }],
    });
  }
  return null;
}

function nameTaken(all: { id: string; name: string }[], name: string, except?: string): boolean {
  const n = name.trim().toLowerCase();
  return all.some((t) => t.id !== except && t.name.trim().toLowerCase() === n);
}

const nameError = () => new AppError("TEAM_NAME_TAKEN", undefined, { errors: [{ field: "name", message: "Another team has this name" }] });

function audit(auth: AuthContext, event: string, teamId: string, reason: string | null, detail: Record<string, unknown> = {}) {
  return {
    workspaceId: auth.workspaceId,
    userId: auth.userId,
    event,
    resource: "team",
    action: event.replace(/^team_/, ""),
    resourceId: teamId,
    result: "ok",
    reason,
    detail,
  };
}

export async function listTeams(ctx: Ctx, auth: AuthContext, q: { page: number; per_page: number; q?: string }) {
  const { items, total } = await repo.pageTeams(ctx.db, { workspaceId: auth.workspaceId, page: q.page, perPage: q.per_page, q: q.q });
  const grants = await repo.grantsOfTeams(
    ctx.db,
    items.map((i) => i.team.id),
  );
  return {
    items: items.map((i) =>
      teamOut(
        i.team,
        i.memberCount,
        grants.filter((g) => g.teamId === i.team.id),
      ),
    ),
    total,
    page: q.page,
    per_page: q.per_page,
  };
}

export async function getTeam(ctx: Ctx, auth: AuthContext, teamId: string): Promise<Team> {
  const team = await requireTeamRow(ctx, auth, teamId);
  const [members, grants] = await Promise.all([repo.membersOf(ctx.db, team.id), repo.grantsOfTeams(ctx.db, [team.id])]);
  return teamOut(team, members.length, grants, members);
}

export async function createTeam(ctx: Ctx, auth: AuthContext, input: TeamCreate): Promise<Team> {
  const row = await transaction(ctx.db, async (tx) => {
    await repo.lockWorkspaceTeams(tx, auth.workspaceId);
    const all = await repo.structure(tx, auth.workspaceId);
    if (nameTaken(all, input.name)) throw nameError();
    if (input.parent_id) {
      const problem = parentProblem(all, null, input.parent_id);
      if (problem) throw problem;
    }
    const created = await repo.insertTeam(tx, {
      workspaceId: auth.workspaceId,
      name: input.name,
      description: input.description ?? null,
      parentId: input.parent_id ?? null,
    });
    await insertAudit(tx, [audit(auth, "team_created", created.id, created.name, { parent_id: created.parentId })]);
    return created;
  });
  return teamOut(row, 0, []);
}

export async function updateTeam(ctx: Ctx, auth: AuthContext, teamId: string, input: TeamUpdate): Promise<Team> {
  const existing = await requireTeamRow(ctx, auth, teamId);
  const reparent = input.parent_id !== undefined && input.parent_id !== existing.parentId;
  const affected = reparent ? await affectedUsers(ctx.db, auth.workspaceId, existing.id) : [];
  if (reparent) {
    await requireWithinRank(ctx, auth, affected);
    // Under a new parent the team's members inherit its grants: the caller must hold them.
    if (input.parent_id && affected.length) {
      await requireHeld(ctx, auth, await inheritedAllows(ctx.db, auth.workspaceId, [input.parent_id]), { single: "parent_id" });
    }
  }
  const row = await transaction(ctx.db, async (tx) => {
    await repo.lockWorkspaceTeams(tx, auth.workspaceId);
    const all = await repo.structure(tx, auth.workspaceId);
    if (input.name !== undefined && nameTaken(all, input.name, existing.id)) throw nameError();
    if (reparent && input.parent_id) {
      const problem = parentProblem(all, existing.id, input.parent_id);
      if (problem) throw problem;
    }
    const updated = await repo.updateTeam(tx, auth.workspaceId, existing.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description ?? null } : {}),
      ...(input.parent_id !== undefined ? { parentId: input.parent_id ?? null } : {}),
    });
    if (!updated) throw new AppError("TEAM_NOT_FOUND");
    await insertAudit(tx, [
      audit(auth, "team_updated", existing.id, updated.name, {
        previous: { name: existing.name, parent_id: existing.parentId },
        name: updated.name,
        parent_id: updated.parentId,
      }),
    ]);
    return updated;
  });
  if (reparent && affected.length) await permissionsChanged(ctx, { workspaceId: auth.workspaceId, userIds: affected });
  const [count, grants] = await Promise.all([repo.memberCount(ctx.db, row.id), repo.grantsOfTeams(ctx.db, [row.id])]);
  return teamOut(row, count, grants);
}

export async function deleteTeam(ctx: Ctx, auth: AuthContext, teamId: string): Promise<void> {
  const existing = await requireTeamRow(ctx, auth, teamId);
  const affected = await affectedUsers(ctx.db, auth.workspaceId, existing.id);
  await requireWithinRank(ctx, auth, affected);
  await transaction(ctx.db, async (tx) => {
    await repo.lockWorkspaceTeams(tx, auth.workspaceId);
    await repo.deleteTeam(tx, auth.workspaceId, existing);
    await insertAudit(tx, [audit(auth, "team_deleted", existing.id, existing.name, { parent_id: existing.parentId })]);
  });
  if (affected.length) await permissionsChanged(ctx, { workspaceId: auth.workspaceId, userIds: affected });
}

export async function addTeamMember(ctx: Ctx, auth: AuthContext, teamId: string, userId: string): Promise<Team> {
  const team = await requireTeamRow(ctx, auth, teamId);
  const member = await findMember(ctx.db, auth.workspaceId, userId);
  if (!member)
    throw new AppError("TEAM_MEMBER_NOT_IN_WORKSPACE", undefined, {
      errors: [{ field: "user_id", message: "Not a member of this workspace" }],
    });
  await requireWithinRank(ctx, auth, [userId, ...(await affectedUsers(ctx.db, auth.workspaceId, team.id))]);
  // Joining hands the user the team's (and its parents') allows: only someone who holds them may.
  await requireHeld(ctx, auth, await inheritedAllows(ctx.db, auth.workspaceId, [team.id]), { single: "user_id" });
  const added = await transaction(ctx.db, async (tx) => {
    const inserted = await repo.addTeamMember(tx, team.id, userId);
    if (inserted) await insertAudit(tx, [audit(auth, "team_member_added", team.id, member.email, { member_id: userId })]);
    return inserted;
  });
  if (added) await permissionsChanged(ctx, { workspaceId: auth.workspaceId, userIds: [userId] });
  return getTeam(ctx, auth, team.id);
}

export async function removeTeamMember(ctx: Ctx, auth: AuthContext, teamId: string, userId: string): Promise<void> {
  const team = await requireTeamRow(ctx, auth, teamId);
  if (!isUuid(userId)) throw new AppError("TEAM_MEMBER_NOT_FOUND");
  await requireWithinRank(ctx, auth, [userId]);
  const removed = await transaction(ctx.db, async (tx) => {
    const done = await repo.removeTeamMember(tx, team.id, userId);
    if (!done) throw new AppError("TEAM_MEMBER_NOT_FOUND");
    await insertAudit(tx, [audit(auth, "team_member_removed", team.id, null, { member_id: userId })]);
    return done;
  });
  if (removed) await permissionsChanged(ctx, { workspaceId: auth.workspaceId, userIds: [userId] });
}

/** Replaces the team's grants. Allows must be the caller's own; duplicates are refused. */
export async function setTeamGrants(ctx: Ctx, auth: AuthContext, teamId: string, input: TeamGrantsInput) {
  const team = await requireTeamRow(ctx, auth, teamId);
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  input.grants.forEach((g, i) => {
    const key = `${g.resource}:${g.action}:${g.effect}`;
    if (seen.has(key)) errors.push({ field: `grants.${i}`, message: "Listed twice" });
    seen.add(key);
  });
  if (errors.length) throw validationError(errors);
  const affected = await affectedUsers(ctx.db, auth.workspaceId, team.id);
  await requireWithinRank(ctx, auth, affected);
  const allows = input.grants.map((g, i) => ({ g, i })).filter(({ g }) => g.effect === "allow");
  await requireHeld(
    ctx,
    auth,
    allows.map(({ g }) => `${g.resource}:${g.action}`),
    (k) => `grants.${allows[k]?.i ?? k}`,
  );
  await transaction(ctx.db, async (tx) => {
    await repo.replaceTeamGrants(tx, team.id, input.grants);
    await insertAudit(tx, [
      audit(auth, "team_permissions_updated", team.id, team.name, {
        grants: input.grants.map((g) => `${g.effect} ${g.resource}:${g.action}`),
      }),
    ]);
  });
  if (affected.length) await permissionsChanged(ctx, { workspaceId: auth.workspaceId, userIds: affected });
  return { team_id: team.id, grants: input.grants.map((g) => ({ ...g, resource_id: null })) };
}
