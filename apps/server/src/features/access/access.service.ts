/**
 * RBAC rules behind /api/v1/rbac: the role catalogue, a member's roles and effective grants, role
 * assignment and removal (audited, never leaving a workspace without an administrator), detailed
 * checks, teams and the audit log. Users and teams of another workspace are 404s.
 */
import {
  type AccessConfig,
  type AssignRoleRequest,
  AUDIT_CSV_MAX_ROWS,
  type AuditFilters,
  type AuditLogInput,
  type AuditQuery,
  type CheckRequest,
  type CheckResult,
  DEFAULT_ROLE,
  escapeFormula,
  FALLBACK_RATE_LIMIT,
  ROLE_PERMISSIONS,
  ROLE_RATE_LIMITS,
  ROLES,
  RoleId,
  type RoleSummary,
  type TeamHierarchy,
  type UserPermissions,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { AUDIT_RETENTION_DAYS } from "./access.audit.ts";
import { CACHE_MAX, CACHE_SWEEP_MS, CACHE_TTL_MS } from "./access.cache.ts";
import { SUPPORTED_CONDITIONS } from "./access.conditions.ts";
import { REASONS } from "./access.decide.ts";
import type { AccessEnvironment } from "./access.engine.ts";
import { requireHeld } from "./access.escalation.ts";
import { permissionsChanged } from "./access.events.ts";
import { WINDOW_MS } from "./access.rate-limit.ts";
import * as repo from "./access.repository.ts";

type Ctx = Pick<AppContext, "db" | "access" | "authenticator" | "config" | "redis" | "realtime" | "log">;

/**
 * A new organization's role permissions, seeded from the spec's table inside the transaction that
 * creates the organization (the "organizations.created" hook).
 */
export async function seedRolePermissions(tx: Db, organizationId: string): Promise<void> {
  const rows = Object.entries(ROLE_PERMISSIONS).flatMap(([role, perms]) =>
    perms.map((p) => {
      const [resource, action] = p.split(":") as [string, string];
      return { organizationId, role: role as RoleId, resource, action, effect: "allow" as const };
    }),
  );
  await repo.insertRolePermissions(tx, rows);
}

/** The only event a client may write to the access audit (POST /rbac/audit/log). */
export const CLIENT_AUDIT_EVENT = "access_check";

const grantOut = (g: { resource: string; action: string; effect: "allow" | "deny"; resourceId?: string | null }) => ({
  resource: g.resource,
  action: g.action,
  effect: g.effect,
  resource_id: g.resourceId ?? null,
});

export async function requirePermission(ctx: Ctx, auth: AuthContext, resource: string, action: string): Promise<void> {
  const d = await ctx.access.evaluate(auth, resource, action);
  if (!d.allowed) throw new AppError("FORBIDDEN", undefined, { requiredPermission: `${resource}:${action}` });
}

/** A member of the caller's workspace; anyone else (or a malformed id) is "User not found". */
async function requireMember(ctx: Ctx, auth: AuthContext, userId: string) {
  const member = isUuid(userId) ? await repo.findMember(ctx.db, auth.workspaceId, userId) : null;
  if (!member) throw new AppError("ACCESS_USER_NOT_FOUND");
  return member;
}

/** Your own record, or anyone's in the workspace with team:read. */
async function requireSelfOrTeamRead(ctx: Ctx, auth: AuthContext, userId: string) {
  const member = await requireMember(ctx, auth, userId);
  if (userId !== auth.userId) await requirePermission(ctx, auth, "team", "read");
  return member;
}

async function requireTeam(ctx: Ctx, auth: AuthContext, teamId: string) {
  const team = isUuid(teamId) ? await repo.findTeam(ctx.db, auth.workspaceId, teamId) : null;
  if (!team) throw new AppError("TEAM_NOT_FOUND");
  return team;
}

const priorityOf = (role: string) => ROLES[repo.effectiveRole(role)].priority;

/** Non-admins may only hand out or take away roles up to their own rank. */
async function requireRank(ctx: Ctx, auth: AuthContext, ...roles: string[]): Promise<void> {
  const mine = await ctx.access.subject(auth.userId, auth.workspaceId);
  const myRole = mine?.role ?? DEFAULT_ROLE;
  if (myRole === "admin") return;
  if (roles.some((r) => priorityOf(r) > ROLES[myRole].priority)) throw new AppError("ROLE_ABOVE_OWN");
}

/** The permissions a role carries in the caller's organization (as seeded, or as an admin changed them). */
async function rolePermissionList(ctx: Ctx, organizationId: string, role: RoleId): Promise<string[]> {
  const rows = await repo.rolePermissionsOf(ctx.db, organizationId);
  return rows.filter((r) => r.role === role && r.effect === "allow").map((r) => `${r.resource}:${r.action}`);
}

/**
 * Refuses (409 LAST_ADMIN) when `userId` is an active administrator of the workspace and no other
 * active administrator remains. Call it inside the transaction that demotes, suspends or removes
 * the member: it row-locks the administrators, so two concurrent changes cannot both pass.
 */
export async function ensureAnotherAdmin(tx: Db, workspaceId: string, userId: string): Promise<void> {
  const admins = await repo.lockActiveAdmins(tx, workspaceId);
  if (admins.includes(userId) && !admins.some((id) => id !== userId)) throw new AppError("LAST_ADMIN");
}

/**
 * Sets a member's role in one transaction that locks the workspace's admin rows, so two
 * concurrent demotions cannot both pass the "last administrator" check. The rules: the rank rule
 * (ROLE_ABOVE_OWN), no self-escalation (the new role's permissions must all be the caller's:
 * PERMISSION_ESCALATION), and never the last active administrator (LAST_ADMIN).
 */
async function setRole(
  ctx: Ctx,
  auth: AuthContext,
  userId: string,
  role: RoleId,
  event: "role_assigned" | "role_removed",
  expectCurrent?: RoleId,
) {
  const member = await requireMember(ctx, auth, userId);
  const current = repo.effectiveRole(member.role);
  if (expectCurrent && current !== expectCurrent)
    throw new AppError("ROLE_NOT_HELD", `The user does not have the ${ROLES[expectCurrent].label} role`);
  await requireRank(ctx, auth, role, current);
  if (current === role) return { user_id: userId, workspace_id: auth.workspaceId, roles: [current] };
  await requireHeld(ctx, auth, await rolePermissionList(ctx, auth.organizationId, role), { single: "role" });

  await transaction(ctx.db, async (tx) => {
    if (current === "admin") await ensureAnotherAdmin(tx, auth.workspaceId, userId);
    await repo.updateMemberRole(tx, auth.workspaceId, userId, role);
    await repo.insertAudit(tx, [
      {
        workspaceId: auth.workspaceId,
        userId,
        event,
        resource: "role",
        action: event === "role_assigned" ? "assign" : "remove",
        result: "ok",
        reason: `${ROLES[current].label} → ${ROLES[role].label}`,
        detail: { previous_role: current, role, by: auth.userId },
      },
    ]);
  });
  // Here at once and in every other process: the next request already runs with the new role.
  await ctx.authenticator.invalidate(userId);
  await permissionsChanged(ctx, { workspaceId: auth.workspaceId, userIds: [userId] });
  return { user_id: userId, workspace_id: auth.workspaceId, roles: [role] };
}

/** A role name from outside a schema (another feature's route): unknown names list the catalogue. */
export function parseRole(role: string): RoleId {
  const r = RoleId.safeParse(role);
  if (!r.success) {
    throw new AppError("ROLE_UNKNOWN", `Unknown role "${role}": use one of ${RoleId.options.join(", ")}`, {
      errors: [{ field: "role", message: `Use one of ${RoleId.options.join(", ")}` }],
    });
  }
  return r.data;
}

/**
 * PUT /workspaces/:id/members/:memberId/role (the workspaces feature): `auth` must be the
 * caller's context in that workspace. Same rules, audit and events as POST /rbac/roles/assign.
 */
export async function changeMemberRole(ctx: Ctx, auth: AuthContext, userId: string, role: string) {
  return setRole(ctx, auth, userId, parseRole(role), "role_assigned");
}

export function accessConfig(ctx: Ctx): AccessConfig {
  return {
    default_role: DEFAULT_ROLE,
    cache_ttl_seconds: CACHE_TTL_MS / 1000,
    cache_max_entries: CACHE_MAX,
    cache_cleanup_seconds: CACHE_SWEEP_MS / 1000,
    rate_limit_window_seconds: WINDOW_MS / 1000,
    rate_limits: { ...ROLE_RATE_LIMITS },
    fallback_rate_limit: FALLBACK_RATE_LIMIT,
    session_timeout_seconds: ctx.config.SESSION_TIMEOUT_SECONDS,
    audit_retention_days: AUDIT_RETENTION_DAYS,
    max_login_attempts: ctx.config.LOGIN_MAX_ATTEMPTS,
    lockout_seconds: ctx.config.LOGIN_LOCKOUT_SECONDS,
    condition_types: [...SUPPORTED_CONDITIONS],
  };
}

export async function listRoles(ctx: Ctx, auth: AuthContext): Promise<RoleSummary[]> {
  const rows = await repo.rolePermissionsOf(ctx.db, auth.organizationId);
  return Object.values(ROLES)
    .sort((a, b) => b.priority - a.priority)
    .map((r) => ({
      id: r.id,
      label: r.label,
      priority: r.priority,
      scope: r.scope,
      color: r.color,
      icon: r.icon,
      is_system: r.id in ROLE_PERMISSIONS,
      permissions: rows.filter((p) => p.role === r.id).map(grantOut),
    }));
}

export async function userRoles(ctx: Ctx, auth: AuthContext, userId: string) {
  const member = await requireSelfOrTeamRead(ctx, auth, userId);
  return { user_id: userId, workspace_id: auth.workspaceId, roles: [repo.effectiveRole(member.role)] };
}

export async function userPermissions(ctx: Ctx, auth: AuthContext, userId: string): Promise<UserPermissions> {
  await requireSelfOrTeamRead(ctx, auth, userId);
  const s = await ctx.access.subject(userId, auth.workspaceId);
  if (!s) throw new AppError("ACCESS_USER_NOT_FOUND");
  return {
    user_id: userId,
    roles: [s.role],
    grants: s.grants.map((g) => ({ ...grantOut(g), source: g.source, source_id: g.sourceId })),
  };
}

export const assignRole = (ctx: Ctx, auth: AuthContext, body: AssignRoleRequest) =>
  setRole(ctx, auth, body.user_id, body.role, "role_assigned");

/** Taking a role away leaves the member with the default role, viewer. */
export async function removeRole(ctx: Ctx, auth: AuthContext, body: AssignRoleRequest) {
  if (body.role === DEFAULT_ROLE) {
    throw new AppError("ROLE_NOT_HELD", "Viewer is the default role and cannot be removed; assign another role instead");
  }
  return setRole(ctx, auth, body.user_id, DEFAULT_ROLE, "role_removed", body.role);
}

const stepOf = (d: { matched: CheckResult["matched"]; reason: string }): NonNullable<CheckResult["step"]> => {
  if (d.matched) return d.matched.kind;
  if (d.reason === REASONS.inactive) return "inactive";
  if (d.reason === REASONS.rateLimited) return "rate_limit";
  return "no_match";
};

/**
 * "Test this decision": the caller's own, or (with team:read) another member's decision, under
 * the real request's conditions or simulated ones (`context`: ip, country, time). Says which
 * step of the decision order decided and names the rule or grant.
 */
export async function checkAccess(ctx: Ctx, auth: AuthContext, body: CheckRequest, env: AccessEnvironment): Promise<CheckResult> {
  let subject: Parameters<AppContext["access"]["evaluate"]>[0] = auth;
  if (body.user_id && body.user_id !== auth.userId) {
    const member = await requireSelfOrTeamRead(ctx, auth, body.user_id);
    subject = {
      userId: member.userId,
      email: member.email,
      workspaceId: auth.workspaceId,
      organizationId: auth.organizationId,
      role: repo.effectiveRole(member.role),
      via: "session",
    };
  }
  const c = body.context;
  const environment: AccessEnvironment = c
    ? { ip: c.ip ?? null, country: c.country?.toUpperCase() ?? null, now: c.at ? new Date(c.at) : undefined }
    : env;
  const d = await ctx.access.evaluate(subject, body.resource, body.action, body.resource_id, environment);
  let matched = d.matched;
  if (matched?.kind === "team") {
    const team = await repo.findTeam(ctx.db, auth.workspaceId, matched.id);
    if (team) matched = { ...matched, name: team.name };
  } else if (matched?.kind === "role") {
    const role = RoleId.safeParse(matched.id);
    if (role.success) matched = { ...matched, name: ROLES[role.data].label };
  }
  return { allowed: d.allowed, reason: d.reason, matched, step: stepOf(d), user_id: subject.userId };
}

export async function teamPermissions(ctx: Ctx, auth: AuthContext, teamId: string) {
  const team = await requireTeam(ctx, auth, teamId);
  return { team_id: team.id, grants: (await repo.teamGrants(ctx.db, team.id)).map(grantOut) };
}

export async function teamMemberExists(ctx: Ctx, auth: AuthContext, teamId: string, userId: string) {
  const team = await requireTeam(ctx, auth, teamId);
  const exists = isUuid(userId) && (await repo.isTeamMember(ctx.db, team.id, userId));
  return { team_id: team.id, user_id: userId, exists };
}

export async function teamHierarchy(ctx: Ctx, auth: AuthContext, teamId: string): Promise<TeamHierarchy> {
  const team = await requireTeam(ctx, auth, teamId);
  const all = await repo.teamsOfWorkspace(ctx.db, auth.workspaceId);
  const node = (t: (typeof all)[number]) => ({ id: t.id, name: t.name, description: t.description, parent_id: t.parentId });
  const byId = new Map(all.map((t) => [t.id, t]));
  const ancestors = [];
  const seen = new Set([team.id]);
  for (let p = team.parentId; p && !seen.has(p); p = byId.get(p)?.parentId ?? null) {
    seen.add(p);
    const t = byId.get(p);
    if (!t) break;
    ancestors.push(node(t));
  }
  const descendants = [];
  const queue = [team.id];
  const visited = new Set([team.id]);
  while (queue.length) {
    const id = queue.shift() as string;
    for (const t of all) {
      if (t.parentId !== id || visited.has(t.id)) continue;
      visited.add(t.id);
      descendants.push(node(t));
      queue.push(t.id);
    }
  }
  return { team: node(team), ancestors, descendants };
}

const auditFilter = (auth: AuthContext, q: AuditFilters): repo.AuditFilter => ({
  workspaceId: auth.workspaceId,
  userId: q.user_id,
  event: q.event,
  source: q.source,
  result: q.result,
  resource: q.resource,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
});

const auditOut = (r: Awaited<ReturnType<typeof repo.auditAfter>>[number]) => ({
  id: r.id,
  user_id: r.userId,
  event: r.event,
  resource: r.resource,
  action: r.action,
  resource_id: r.resourceId,
  result: r.result,
  reason: r.reason,
  detail: r.detail ?? null,
  source: r.source,
  created_at: r.createdAt.toISOString(),
});

export async function auditLogs(ctx: Ctx, auth: AuthContext, q: AuditQuery) {
  const { items, total } = await repo.auditPage(ctx.db, { ...auditFilter(auth, q), page: q.page, perPage: q.per_page });
  return { items: items.map(auditOut), total, page: q.page, per_page: q.per_page };
}

export const AUDIT_CSV_COLUMNS = [
  "created_at",
  "user_id",
  "event",
  "resource",
  "action",
  "resource_id",
  "result",
  "reason",
  "source",
  "detail",
] as const;
const CSV_PAGE = 1000;

/**
 * The audit log as CSV rows (header first), newest first, in keyset pages so a large export never
 * sits in memory; at most AUDIT_CSV_MAX_ROWS rows. Every cell is neutralised against spreadsheet
 * formula injection (reasons and details can carry user-typed text).
 */
export async function* auditCsvRows(ctx: Ctx, auth: AuthContext, q: AuditFilters, max = AUDIT_CSV_MAX_ROWS): AsyncGenerator<string[]> {
  yield [...AUDIT_CSV_COLUMNS];
  const filter = auditFilter(auth, q);
  let cursor: { createdAt: Date; id: string } | null = null;
  let sent = 0;
  while (sent < max) {
    const rows = await repo.auditAfter(ctx.db, filter, cursor, Math.min(CSV_PAGE, max - sent));
    for (const r of rows) {
      const e = auditOut(r);
      yield AUDIT_CSV_COLUMNS.map((c) => {
        const v = c === "detail" ? (e.detail ? JSON.stringify(e.detail) : null) : e[c];
        return v == null ? "" : escapeFormula(String(v));
      });
    }
    sent += rows.length;
    const last = rows[rows.length - 1];
    if (!last || rows.length < CSV_PAGE) return;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * A client records an access check it made itself (e.g. a hidden button); batched like denials.
 * The event name is fixed and the row marked `source: client`, so a client can neither write
 * a server event (access_denied, role_assigned…) nor pass its claim off as a server decision.
 */
export function logCheck(ctx: Ctx, auth: AuthContext, body: AuditLogInput): void {
  ctx.access.audit.record({
    workspaceId: auth.workspaceId,
    userId: auth.userId,
    source: "client",
    event: CLIENT_AUDIT_EVENT,
    resource: body.resource,
    action: body.action,
    resourceId: body.resource_id ?? null,
    result: body.result,
    reason: body.reason ?? null,
    detail: { source: "client" },
  });
}

export async function accessHealth(ctx: Ctx) {
  const started = performance.now();
  try {
    await repo.ping(ctx.db);
    return {
      status: "ok" as const,
      latency_ms: Math.round((performance.now() - started) * 10) / 10,
      cache_entries: ctx.access.cacheSize(),
      rate_limit_store: ctx.redis ? ("redis" as const) : ("memory" as const),
    };
  } catch {
    throw new AppError("PERMISSION_SYSTEM_UNAVAILABLE");
  }
}
