/**
 * The workspace service's rules: which workspace a caller may address by id (an active member of
 * it, else "Workspace not found") and what they may do there (the access engine decides in THAT
 * workspace, not the caller's current one), lifecycle (archive, restore, transfer, delete) and
 * members (leave, remove, suspend, change role). Every change is recorded in the activity feed in
 * its own transaction.
 */
import {
  limitsFor,
  type MemberPage,
  RoleId,
  type Workspace,
  type WorkspaceCreate,
  type WorkspaceMember,
  type WorkspaceSettings,
  type WorkspaceStats,
  type WorkspaceUpdate,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { changeMemberRole, ensureAnotherAdmin, parseRole } from "../access/index.ts";
import "../billing/index.ts";
import { DEFAULT_WORKSPACE_SETTINGS, type WorkspaceSettings as StoredSettings } from "../organizations/index.ts";
import { monthStart } from "../plans/index.ts";
import { recordActivity, recordActivitySafely } from "./workspaces.activity.ts";
import * as repo from "./workspaces.repository.ts";

type Ctx = AppContext;

/** A caller in the workspace named by the path, with their membership there. */
export interface Scoped {
  auth: AuthContext;
  row: repo.WorkspaceRow;
}

/** Who owns the workspace: its owner, else (workspaces made before owners existed) the organization's. */
export const ownerOf = (row: repo.WorkspaceRow) => row.workspace.ownerId ?? row.organizationOwnerId;

function toSettings(s: StoredSettings): WorkspaceSettings {
  const role = RoleId.safeParse(s.domainJoinRole);
  return {
    timezone: s.timezone,
    max_members: s.maxMembers,
    features: s.features,
    allow_domain_join: s.allowDomainJoin ?? false,
    domain_join_role: role.success ? role.data : "viewer",
    description: s.description ?? null,
  };
}

function mergeSettings(current: StoredSettings, patch: NonNullable<WorkspaceUpdate["settings"]> | undefined): StoredSettings {
  if (!patch) return current;
  const next: StoredSettings = { ...current };
  if (patch.timezone !== undefined) next.timezone = patch.timezone;
  if (patch.max_members !== undefined) next.maxMembers = patch.max_members;
  if (patch.features !== undefined) next.features = [...new Set(patch.features)];
  if (patch.allow_domain_join !== undefined) next.allowDomainJoin = patch.allow_domain_join;
  if (patch.domain_join_role !== undefined) next.domainJoinRole = patch.domain_join_role;
  if (patch.description !== undefined) {
    const d = typeof patch.description === "string" ? patch.description.trim() : null;
    if (d) next.description = d;
    else delete next.description;
  }
  return next;
}

export function toWorkspace(row: repo.WorkspaceRow): Workspace {
  const w = row.workspace;
  const role = RoleId.safeParse(row.role);
  return {
    id: w.id,
    name: w.name,
    organization_id: w.organizationId,
    organization_name: row.organizationName,
    is_default: w.isDefault,
    owner_id: ownerOf(row),
    role: role.success ? role.data : "viewer",
    member_count: row.memberCount,
    settings: toSettings(w.settings),
    archived_at: w.archivedAt?.toISOString() ?? null,
    created_at: w.createdAt.toISOString(),
  };
}

/**
 * The caller in the workspace `id`: an active member of it (else 404, never revealing that it
 * exists), holding `permission` there when one is named (else 403 with requiredPermission). An API
 * key reaches only its own workspace.
 */
export async function scope(ctx: Ctx, auth: AuthContext, id: string, permission?: `${string}:${string}`): Promise<Scoped> {
  if (!isUuid(id) || (auth.via === "api_key" && id !== auth.workspaceId)) throw new AppError("WORKSPACE_NOT_FOUND");
  const row = await repo.forMember(ctx.db, auth.userId, id);
  if (row?.memberStatus !== "active") throw new AppError("WORKSPACE_NOT_FOUND");
  const role = RoleId.safeParse(row.role);
  const scoped: AuthContext = {
    ...auth,
    workspaceId: id,
    organizationId: row.workspace.organizationId,
    role: role.success ? role.data : "viewer",
    workspaceArchived: Boolean(row.workspace.archivedAt),
  };
  if (permission) {
    const [resource, action] = permission.split(":") as [string, string];
    const decision = await ctx.access.evaluate(scoped, resource, action);
    if (!decision.allowed) {
      ctx.access.audit.record({
        workspaceId: id,
        userId: auth.userId,
        event: "access_denied",
        resource,
        action,
        result: "denied",
        reason: decision.reason,
        detail: { route: "workspaces" },
      });
      throw new AppError("FORBIDDEN", undefined, { requiredPermission: permission });
    }
  }
  return { auth: scoped, row };
}

const writable = (s: Scoped) => {
  if (s.row.workspace.archivedAt) throw new AppError("WORKSPACE_ARCHIVED");
};

/** Drops every cached context of these users (here and in every process): roles, status or the archive flag changed. */
async function invalidateUsers(ctx: Ctx, workspaceId: string, userIds: string[]) {
  await Promise.all([
    ctx.access.invalidate({ workspaceId }),
    ...[...new Set(userIds)].map((userId) => ctx.authenticator.invalidate(userId)),
  ]);
}

export async function listWorkspaces(ctx: Ctx, auth: AuthContext): Promise<Workspace[]> {
  const rows = await repo.listForUser(ctx.db, auth.userId);
  // An API key sees only its own workspace.
  return rows.filter((r) => auth.via !== "api_key" || r.workspace.id === auth.workspaceId).map(toWorkspace);
}

export async function getWorkspace(ctx: Ctx, auth: AuthContext, id: string): Promise<Workspace> {
  return toWorkspace((await scope(ctx, auth, id)).row);
}

async function reload(ctx: Ctx, userId: string, id: string): Promise<Workspace> {
  const row = await repo.forMember(ctx.db, userId, id);
  if (!row) throw new AppError("WORKSPACE_NOT_FOUND");
  return toWorkspace(row);
}

/** A new workspace in the caller's organization; the caller is its admin and owner. */
export async function createWorkspace(ctx: Ctx, auth: AuthContext, input: WorkspaceCreate): Promise<Workspace> {
  const name = input.name.trim();
  const settings = mergeSettings({ ...DEFAULT_WORKSPACE_SETTINGS }, input.settings);
  const id = await transaction(ctx.db, async (tx) => {
    await repo.lockOrganization(tx, auth.organizationId);
    if (await repo.nameTaken(tx, auth.organizationId, name)) throw new AppError("WORKSPACE_NAME_TAKEN");
    const id = await repo.insertWorkspace(tx, { organizationId: auth.organizationId, name, ownerId: auth.userId, settings });
    await recordActivity(tx, {
      workspaceId: id,
      actorId: auth.userId,
      kind: "workspace.created",
      subjectType: "workspace",
      subjectId: id,
      summary: `${auth.name} created the workspace ${name}`,
    });
    return id;
  });
  return reload(ctx, auth.userId, id);
}

export async function updateWorkspace(ctx: Ctx, auth: AuthContext, id: string, input: WorkspaceUpdate): Promise<Workspace> {
  const s = await scope(ctx, auth, id, "workspaces:update");
  writable(s);
  await transaction(ctx.db, async (tx) => {
    const current = await repo.lockWorkspace(tx, id);
    if (!current) throw new AppError("WORKSPACE_NOT_FOUND");
    if (current.archivedAt) throw new AppError("WORKSPACE_ARCHIVED");
    const name = input.name?.trim();
    if (name && name.toLowerCase() !== current.name.toLowerCase()) {
      await repo.lockOrganization(tx, current.organizationId);
      if (await repo.nameTaken(tx, current.organizationId, name, id)) throw new AppError("WORKSPACE_NAME_TAKEN");
    }
    const settings = mergeSettings(current.settings, input.settings);
    if (settings.maxMembers < current.settings.maxMembers && settings.maxMembers < (await repo.countMembers(tx, id)))
      throw new AppError("MAX_MEMBERS_BELOW_COUNT", undefined, {
        errors: [{ field: "settings.max_members", message: "The member limit cannot be below the current number of members" }],
      });
    await repo.updateWorkspace(tx, id, { ...(name ? { name } : {}), settings });
    const changed = [...(name && name !== current.name ? ["name"] : []), ...Object.keys(input.settings ?? {}).map((k) => `settings.${k}`)];
    await recordActivity(tx, {
      workspaceId: id,
      actorId: auth.userId,
      kind: "workspace.updated",
      subjectType: "workspace",
      subjectId: id,
      summary: `${auth.name} updated the workspace${changed.length ? ` (${changed.join(", ")})` : ""}`,
      detail: { changed, ...(name && name !== current.name ? { previous_name: current.name, name } : {}) },
    });
  });
  return reload(ctx, auth.userId, id);
}

/**
 * Deletes the workspace and, through the database's cascades, everything in it: members, leads,
 * campaigns, CRM records, inboxes, teams, invites, activity. The organization's default workspace
 * cannot go. Members whose default workspace it was fall back to another of theirs.
 */
export async function deleteWorkspace(ctx: Ctx, auth: AuthContext, id: string): Promise<void> {
  const s = await scope(ctx, auth, id, "workspaces:delete");
  if (s.row.workspace.isDefault) throw new AppError("CANNOT_DELETE_DEFAULT_WORKSPACE");
  const members = await repo.activeMemberIds(ctx.db, id);
  await transaction(ctx.db, async (tx) => {
    if (!(await repo.lockWorkspace(tx, id))) throw new AppError("WORKSPACE_NOT_FOUND");
    await repo.resetDefaultWorkspace(tx, id);
    await repo.deleteWorkspace(tx, id);
  });
  ctx.log.info({ workspaceId: id, by: auth.userId, name: s.row.workspace.name }, "workspace deleted");
  await invalidateUsers(ctx, id, members);
}

// ——— Lifecycle ———

export async function archiveWorkspace(ctx: Ctx, auth: AuthContext, id: string): Promise<Workspace> {
  const s = await scope(ctx, auth, id, "workspaces:update");
  if (s.row.workspace.isDefault) throw new AppError("CANNOT_ARCHIVE_DEFAULT_WORKSPACE");
  await transaction(ctx.db, async (tx) => {
    const current = await repo.lockWorkspace(tx, id);
    if (current?.archivedAt) throw new AppError("WORKSPACE_ARCHIVED");
    await repo.updateWorkspace(tx, id, { archivedAt: new Date() });
    await recordActivity(tx, {
      workspaceId: id,
      actorId: auth.userId,
      kind: "workspace.archived",
      subjectType: "workspace",
      subjectId: id,
      summary: `${auth.name} archived the workspace`,
    });
  });
  await invalidateUsers(ctx, id, await repo.activeMemberIds(ctx.db, id));
  return reload(ctx, auth.userId, id);
}

export async function restoreWorkspace(ctx: Ctx, auth: AuthContext, id: string): Promise<Workspace> {
  await scope(ctx, auth, id, "workspaces:update");
  await transaction(ctx.db, async (tx) => {
    const current = await repo.lockWorkspace(tx, id);
    if (!current?.archivedAt) throw new AppError("WORKSPACE_NOT_ARCHIVED");
    await repo.updateWorkspace(tx, id, { archivedAt: null });
    await recordActivity(tx, {
      workspaceId: id,
      actorId: auth.userId,
      kind: "workspace.restored",
      subjectType: "workspace",
      subjectId: id,
      summary: `${auth.name} restored the workspace`,
    });
  });
  await invalidateUsers(ctx, id, await repo.activeMemberIds(ctx.db, id));
  return reload(ctx, auth.userId, id);
}

/** The owner (or an instance admin) hands the workspace to another active member, who becomes admin. */
export async function transferWorkspace(ctx: Ctx, auth: AuthContext, id: string, newOwnerId: string): Promise<Workspace> {
  const s = await scope(ctx, auth, id);
  if (ownerOf(s.row) !== auth.userId && !auth.isInstanceAdmin) throw new AppError("NOT_WORKSPACE_OWNER");
  writable(s);
  await transaction(ctx.db, async (tx) => {
    const current = await repo.lockWorkspace(tx, id);
    if (current?.archivedAt) throw new AppError("WORKSPACE_ARCHIVED");
    const next = await repo.memberByUser(tx, id, newOwnerId);
    if (next?.status !== "active") throw new AppError("NEW_OWNER_NOT_MEMBER");
    await repo.updateWorkspace(tx, id, { ownerId: newOwnerId });
    if (next.role !== "admin") await repo.setMemberRole(tx, next.id, "admin");
    await recordActivity(tx, {
      workspaceId: id,
      actorId: auth.userId,
      kind: "workspace.transferred",
      subjectType: "user",
      subjectId: newOwnerId,
      summary: `${auth.name} transferred the workspace to ${next.name}`,
      detail: { previous_owner_id: ownerOf(s.row), new_owner_id: newOwnerId, previous_role: next.role },
    });
  });
  await invalidateUsers(ctx, id, [newOwnerId]);
  return reload(ctx, auth.userId, id);
}

// ——— Members ———

const lastSeenWindowMs = 7 * 86_400_000;

async function presenceOf(ctx: Ctx, workspaceId: string): Promise<Map<string, { status: "online" | "away"; at: number }>> {
  const out = new Map<string, { status: "online" | "away"; at: number }>();
  // The team socket's shared state; absent only when that feature is not registered.
  if (!ctx.teamState) return out;
  for (const e of await ctx.teamState.listPresence(workspaceId)) {
    const status = e.status === "away" ? "away" : "online";
    const prev = out.get(e.userId);
    // One of several tabs online makes the person online.
    if (!prev || (prev.status === "away" && status === "online"))
      out.set(e.userId, { status, at: Math.max(e.lastActivity, prev?.at ?? 0) });
    else prev.at = Math.max(prev.at, e.lastActivity);
  }
  return out;
}

const permissionsOf = async (ctx: Ctx, userId: string, workspaceId: string) =>
  [
    ...new Set(
      (await ctx.access.grantsFor({ userId, workspaceId }))
        .filter((g) => g.effect === "allow" && !g.resourceId)
        .map((g) => `${g.resource}:${g.action}`),
    ),
  ].sort();

function toMember(
  m: repo.MemberRow,
  owner: string | null,
  presence: Map<string, { status: "online" | "away"; at: number }>,
  permissions: string[],
): WorkspaceMember {
  const live = m.status === "active" ? presence.get(m.userId) : undefined;
  const seen = Math.max(live?.at ?? 0, m.lastSession?.getTime() ?? 0);
  const role = RoleId.safeParse(m.role);
  return {
    id: m.id,
    user: {
      id: m.userId,
      email: m.email,
      full_name: m.name,
      avatar_url: m.image,
      presence: live?.status ?? "offline",
      last_seen: seen ? new Date(seen).toISOString() : null,
    },
    role: role.success ? role.data : "viewer",
    status: m.status === "suspended" ? "suspended" : "active",
    joined_at: m.joinedAt.toISOString(),
    permissions,
    is_owner: m.userId === owner,
  };
}

export async function listMembers(ctx: Ctx, auth: AuthContext, id: string, q: { limit: number; cursor?: string }): Promise<MemberPage> {
  const s = await scope(ctx, auth, id);
  if (q.cursor !== undefined && !isUuid(q.cursor)) throw new AppError("INVALID_CURSOR");
  const [rows, total, presence] = await Promise.all([
    repo.listMembers(ctx.db, id, { limit: q.limit + 1, afterId: q.cursor }),
    repo.countMembers(ctx.db, id),
    presenceOf(ctx, id),
  ]);
  const page = rows.slice(0, q.limit);
  const owner = ownerOf(s.row);
  const permissions = await Promise.all(page.map((m) => (m.status === "active" ? permissionsOf(ctx, m.userId, id) : Promise.resolve([]))));
  return {
    items: page.map((m, i) => toMember(m, owner, presence, permissions[i]!)),
    total,
    next_cursor: rows.length > q.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

async function memberOr404(db: Db, workspaceId: string, memberId: string) {
  const m = isUuid(memberId) ? await repo.member(db, workspaceId, memberId) : null;
  if (!m) throw new AppError("MEMBER_NOT_FOUND");
  return m;
}

/** Removing a member (team:delete), or leaving (anyone, their own membership). */
export async function removeMember(ctx: Ctx, auth: AuthContext, id: string, memberId: string): Promise<void> {
  const plain = await scope(ctx, auth, id);
  const target = await memberOr404(ctx.db, id, memberId);
  const leaving = target.userId === auth.userId;
  const s = leaving ? plain : await scope(ctx, auth, id, "team:delete");
  writable(s);
  if (target.userId === ownerOf(s.row)) throw new AppError("OWNER_MUST_TRANSFER");
  await transaction(ctx.db, async (tx) => {
    await repo.lockWorkspace(tx, id);
    await ensureAnotherAdmin(tx, id, target.userId);
    await repo.deleteMember(tx, target.id);
    await repo.resetDefaultWorkspaceFor(tx, id, target.userId);
    await recordActivity(tx, {
      workspaceId: id,
      actorId: auth.userId,
      kind: leaving ? "member.left" : "member.removed",
      subjectType: "user",
      subjectId: target.userId,
      summary: leaving ? `${target.name} left the workspace` : `${auth.name} removed ${target.name} from the workspace`,
      detail: { email: target.email, role: target.role },
    });
  });
  await invalidateUsers(ctx, id, [target.userId]);
}

/** Suspending cuts the member off at once: cached contexts go on every process and the team socket drops them. */
export async function setMemberStatus(
  ctx: Ctx,
  auth: AuthContext,
  id: string,
  memberId: string,
  status: "active" | "suspended",
): Promise<WorkspaceMember> {
  const s = await scope(ctx, auth, id, "team:update");
  writable(s);
  const target = await memberOr404(ctx.db, id, memberId);
  if (target.status !== status) {
    if (status === "suspended" && target.userId === auth.userId) throw new AppError("CANNOT_SUSPEND_SELF");
    if (status === "suspended" && target.userId === ownerOf(s.row)) throw new AppError("OWNER_CANNOT_BE_SUSPENDED");
    await transaction(ctx.db, async (tx) => {
      await repo.lockWorkspace(tx, id);
      if (status === "suspended") await ensureAnotherAdmin(tx, id, target.userId);
      await repo.setMemberStatus(tx, target.id, status);
      await recordActivity(tx, {
        workspaceId: id,
        actorId: auth.userId,
        kind: "member.status_changed",
        subjectType: "user",
        subjectId: target.userId,
        summary: `${auth.name} ${status === "suspended" ? "suspended" : "reactivated"} ${target.name}`,
        detail: { previous_status: target.status, status },
      });
    });
    await invalidateUsers(ctx, id, [target.userId]);
  }
  return memberView(ctx, s, target.id);
}

/**
 * Changes a member's role through the access feature's assignRole in this workspace, so its
 * audit, no-self-escalation and last-administrator rules apply. The owner stays an administrator.
 */
export async function setMemberRole(ctx: Ctx, auth: AuthContext, id: string, memberId: string, role: string): Promise<WorkspaceMember> {
  const s = await scope(ctx, auth, id, "team:update");
  writable(s);
  const target = await memberOr404(ctx.db, id, memberId);
  const next = parseRole(role);
  if (target.userId === ownerOf(s.row) && next !== "admin")
    throw new AppError("OWNER_MUST_TRANSFER", "The workspace's owner stays an administrator: transfer ownership first");
  if (target.role !== next) {
    await changeMemberRole(ctx, s.auth, target.userId, next);
    await recordActivitySafely(ctx, {
      workspaceId: id,
      actorId: auth.userId,
      kind: "member.role_changed",
      subjectType: "user",
      subjectId: target.userId,
      summary: `${auth.name} changed ${target.name}'s role to ${next}`,
      detail: { previous_role: target.role, role: next },
    });
  }
  return memberView(ctx, s, target.id);
}

async function memberView(ctx: Ctx, s: Scoped, memberId: string): Promise<WorkspaceMember> {
  const m = await memberOr404(ctx.db, s.auth.workspaceId, memberId);
  const presence = await presenceOf(ctx, s.auth.workspaceId);
  const perms = m.status === "active" ? await permissionsOf(ctx, m.userId, s.auth.workspaceId) : [];
  return toMember(m, ownerOf(s.row), presence, perms);
}

// ——— Stats ———

/**
 * Figures from the rows themselves. Active members: active members online on the team socket now
 * or seen (a session used) in the last 7 days. Storage: what data-exports keeps for this workspace
 * (export files, backups, uploads) against the organization plan's storage limit.
 */
export async function workspaceStats(ctx: Ctx, auth: AuthContext, id: string): Promise<WorkspaceStats> {
  const s = await scope(ctx, auth, id);
  const [members, seen, presence, campaignCount, leadCount, usage] = await Promise.all([
    repo.countMembers(ctx.db, id),
    repo.recentlySeen(ctx.db, id, new Date(Date.now() - lastSeenWindowMs)),
    presenceOf(ctx, id),
    repo.campaignCount(ctx.db, id),
    repo.leadCount(ctx.db, id),
    // Only storageBytes is read; the month keeps the other reporters' monthly counts cheap.
    ctx.hooks.run("billing.usage", {
      organizationId: s.row.workspace.organizationId,
      workspaceIds: [id],
      periodStart: new Date(`${monthStart()}T00:00:00Z`),
    }),
  ]);
  const activeIds = new Set(await repo.activeMemberIds(ctx.db, id));
  const active = new Set([...seen, ...[...presence.keys()].filter((u) => activeIds.has(u))]);
  return {
    member_count: members,
    active_members: active.size,
    campaign_count: campaignCount,
    lead_count: leadCount,
    storage_used: usage.reduce((n, r) => n + (r.storageBytes ?? 0), 0),
    storage_limit: limitsFor(s.row.plan).storage_bytes,
  };
}
