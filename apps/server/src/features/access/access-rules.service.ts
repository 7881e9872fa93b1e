/**
 * Policy rules, feature flags and access requests (outreach-core §3, §4): stored per workspace,
 * validated before they are saved, and every change drops the engine's caches.
 */
import { createHash } from "node:crypto";
import {
  type AccessRequest,
  type AccessRequestInput,
  DEFAULT_ROLE,
  type FeatureDecision,
  type FeatureFlag,
  type FeatureFlagInput,
  type FieldError,
  type Policy,
  type PolicyInput,
  ROLES,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError, validationError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { conditionProblem } from "./access.conditions.ts";
import { policyAppliesTo } from "./access.decide.ts";
import { requireHeld } from "./access.escalation.ts";
import { permissionsChanged } from "./access.events.ts";
import { effectiveRole } from "./access.repository.ts";
import * as repo from "./access-rules.repository.ts";

type Ctx = Pick<AppContext, "db" | "access" | "realtime" | "log">;

const policyOut = (p: repo.PolicyRow): Policy => ({
  id: p.id,
  name: p.name,
  description: p.description,
  priority: p.priority,
  is_active: p.isActive,
  effect: p.effect,
  permissions: p.permissions,
  applies_to: { users: p.appliesTo.users, roles: p.appliesTo.roles as Policy["applies_to"]["roles"], teams: p.appliesTo.teams },
  conditions: p.conditions as Policy["conditions"],
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});

const flagOut = (f: repo.FlagRow): FeatureFlag => ({
  key: f.key,
  name: f.name,
  description: f.description,
  enabled: f.enabled,
  rollout_percentage: f.rolloutPercentage,
  targeted_roles: f.targetedRoles as FeatureFlag["targeted_roles"],
  targeted_users: f.targetedUsers,
  targeted_teams: f.targetedTeams,
});

const requestOut = (r: repo.AccessRequestRow): AccessRequest => ({
  id: r.id,
  user_id: r.userId,
  resource: r.resource,
  action: r.action,
  resource_id: r.resourceId,
  reason: r.reason,
  status: r.status,
  decided_by: r.decidedBy,
  decided_at: r.decidedAt?.toISOString() ?? null,
  decision_note: r.decisionNote,
  created_at: r.createdAt.toISOString(),
});

/** A user's stable bucket 0–99 for a flag: the same user stays in or out as the rollout grows. */
export function rolloutBucket(key: string, userId: string): number {
  return createHash("sha256").update(`${key}:${userId}`).digest().readUInt32BE(0) % 100;
}

export function decideFlag(
  flag: Pick<repo.FlagRow, "key" | "enabled" | "rolloutPercentage" | "targetedRoles" | "targetedUsers" | "targetedTeams"> | null,
  subject: { userId: string; role: string; teamIds: readonly string[] },
): Omit<FeatureDecision, "key"> {
  if (!flag) return { enabled: false, reason: "Unknown feature" };
  if (!flag.enabled) return { enabled: false, reason: "Feature is switched off" };
  if (flag.targetedUsers.includes(subject.userId)) return { enabled: true, reason: "User is targeted" };
  if (flag.targetedRoles.includes(subject.role)) return { enabled: true, reason: "Role is targeted" };
  if (flag.targetedTeams.some((t) => subject.teamIds.includes(t))) return { enabled: true, reason: "Team is targeted" };
  const inRollout = rolloutBucket(flag.key, subject.userId) < flag.rolloutPercentage;
  return {
    enabled: inRollout,
    reason: inRollout ? `In the ${flag.rolloutPercentage}% rollout` : `Outside the ${flag.rolloutPercentage}% rollout`,
  };
}

async function subjectOf(ctx: Ctx, auth: AuthContext) {
  const s = await ctx.access.subject(auth.userId, auth.workspaceId);
  return { userId: auth.userId, role: s?.role ?? auth.role, teamIds: s?.teamIds ?? [] };
}

/**
 * The rank rule of role assignment, for policies: a non-administrator's policy may bind only
 * members at or below their own role. A policy listing nobody binds everyone, administrators
 * included, so only an administrator writes one.
 */
async function requirePolicyWithinRank(ctx: Ctx, auth: AuthContext, appliesTo: PolicyInput["applies_to"]): Promise<void> {
  const myRole = (await ctx.access.subject(auth.userId, auth.workspaceId))?.role ?? DEFAULT_ROLE;
  if (myRole === "admin") return;
  const { users, roles, teams } = appliesTo;
  if (!users.length && !roles.length && !teams.length) {
    throw new AppError(
      "ROLE_ABOVE_OWN",
      "A policy that lists no users, roles or teams binds everyone, administrators too: only an administrator can write it",
    );
  }
  const targets = [...roles, ...(await repo.rolesOf(ctx.db, auth.workspaceId, users.filter(isUuid), teams.filter(isUuid)))];
  if (targets.some((r) => ROLES[effectiveRole(r)].priority > ROLES[myRole].priority)) {
    throw new AppError("ROLE_ABOVE_OWN", "This policy would bind someone whose role is above your own");
  }
}

/** What a non-administrator may not touch: a policy binding someone above them, or a deny that binds them. */
async function requirePolicyEditable(ctx: Ctx, auth: AuthContext, existing: repo.PolicyRow): Promise<void> {
  await requirePolicyWithinRank(ctx, auth, existing.appliesTo as PolicyInput["applies_to"]);
  const s = await ctx.access.subject(auth.userId, auth.workspaceId);
  if (
    s &&
    s.role !== "admin" &&
    existing.effect === "deny" &&
    policyAppliesTo(existing, { userId: auth.userId, role: s.role, teamIds: s.teamIds })
  ) {
    throw new AppError("ROLE_ABOVE_OWN", "This policy restricts you: only an administrator can change or delete it");
  }
}

/** Allow policies grant: within the caller's own permissions and rank. Deny policies only restrict: within rank. */
async function requirePolicyAllowed(ctx: Ctx, auth: AuthContext, input: PolicyInput): Promise<void> {
  await requirePolicyWithinRank(ctx, auth, input.applies_to);
  if (input.effect === "allow") await requireHeld(ctx, auth, input.permissions, "permissions");
}

/** Conditions must be supported and well-formed; listed users and teams must be in the workspace. */
async function validatePolicy(ctx: Ctx, auth: AuthContext, input: PolicyInput): Promise<void> {
  const errors: FieldError[] = [];
  input.conditions.forEach((c, i) => {
    const problem = conditionProblem(c);
    if (problem) errors.push({ field: `conditions.${i}`, message: problem });
  });
  const userIds = input.applies_to.users;
  const teamIds = input.applies_to.teams;
  const [members, teams] = await Promise.all([
    repo.existingMembers(ctx.db, auth.workspaceId, userIds.filter(isUuid)),
    repo.existingTeams(ctx.db, auth.workspaceId, teamIds.filter(isUuid)),
  ]);
  userIds.forEach((u, i) => {
    if (!members.has(u)) errors.push({ field: `applies_to.users.${i}`, message: "Not a member of this workspace" });
  });
  teamIds.forEach((t, i) => {
    if (!teams.has(t)) errors.push({ field: `applies_to.teams.${i}`, message: "No such team in this workspace" });
  });
  if (errors.length) throw validationError(errors);
}

const policyValues = (input: PolicyInput) => ({
  name: input.name,
  description: input.description ?? null,
  priority: input.priority,
  isActive: input.is_active,
  effect: input.effect,
  permissions: input.permissions,
  appliesTo: input.applies_to,
  conditions: input.conditions,
});

async function audit(
  ctx: Ctx,
  auth: AuthContext,
  event: string,
  extra: { resource?: string; action?: string; resourceId?: string | null; reason?: string; detail?: Record<string, unknown> },
) {
  ctx.access.audit.record({ workspaceId: auth.workspaceId, userId: auth.userId, event, result: "ok", ...extra });
}

async function decideRequest(ctx: Ctx, auth: AuthContext, id: string, approve: boolean, note?: string): Promise<AccessRequest> {
  const req = isUuid(id) ? await repo.findRequest(ctx.db, auth.workspaceId, id) : null;
  if (!req) throw new AppError("ACCESS_REQUEST_NOT_FOUND");
  if (req.status !== "pending") throw new AppError("ACCESS_REQUEST_DECIDED");
  if (req.userId === auth.userId) throw new AppError("ACCESS_REQUEST_SELF");
  // Approving grants the permission: only someone who holds it may.
  if (approve) await requireHeld(ctx, auth, [`${req.resource}:${req.action}`], "permission", req.resourceId);
  const decided = await transaction(ctx.db, async (tx) => {
    const row = await repo.markDecided(tx, req.id, { approve, by: auth.userId, note: note ?? null });
    // Someone else decided it between our read and this write.
    if (!row) throw new AppError("ACCESS_REQUEST_DECIDED");
    if (approve) await repo.grantUserPermission(tx, row);
    return row;
  });
  if (approve) await permissionsChanged(ctx, { workspaceId: auth.workspaceId, userIds: [req.userId] });
  await audit(ctx, auth, approve ? "access_request_approved" : "access_request_rejected", {
    resource: req.resource,
    action: req.action,
    resourceId: req.resourceId,
    reason: note,
    detail: { request_id: req.id, requester: req.userId },
  });
  return requestOut(decided);
}

export async function listPolicies(ctx: Ctx, auth: AuthContext): Promise<Policy[]> {
  return (await repo.listPolicies(ctx.db, auth.workspaceId)).map(policyOut);
}

export async function createPolicy(ctx: Ctx, auth: AuthContext, input: PolicyInput): Promise<Policy> {
  await validatePolicy(ctx, auth, input);
  await requirePolicyAllowed(ctx, auth, input);
  const row = await repo.insertPolicy(ctx.db, { ...policyValues(input), workspaceId: auth.workspaceId, createdBy: auth.userId });
  await permissionsChanged(ctx, { workspaceId: auth.workspaceId });
  await audit(ctx, auth, "policy_created", { resource: "policy", action: "create", resourceId: row.id, reason: row.name });
  return policyOut(row);
}

export async function updatePolicy(ctx: Ctx, auth: AuthContext, id: string, input: PolicyInput): Promise<Policy> {
  const existing = isUuid(id) ? await repo.findPolicy(ctx.db, auth.workspaceId, id) : null;
  if (!existing) throw new AppError("POLICY_NOT_FOUND");
  await validatePolicy(ctx, auth, input);
  await requirePolicyEditable(ctx, auth, existing);
  await requirePolicyAllowed(ctx, auth, input);
  const row = await repo.updatePolicy(ctx.db, auth.workspaceId, id, { ...policyValues(input), updatedAt: new Date() });
  if (!row) throw new AppError("POLICY_NOT_FOUND");
  await permissionsChanged(ctx, { workspaceId: auth.workspaceId });
  await audit(ctx, auth, "policy_updated", { resource: "policy", action: "update", resourceId: id, reason: row.name });
  return policyOut(row);
}

export async function deletePolicy(ctx: Ctx, auth: AuthContext, id: string): Promise<void> {
  const existing = isUuid(id) ? await repo.findPolicy(ctx.db, auth.workspaceId, id) : null;
  if (!existing) throw new AppError("POLICY_NOT_FOUND");
  await requirePolicyEditable(ctx, auth, existing);
  if (!(await repo.deletePolicy(ctx.db, auth.workspaceId, id))) throw new AppError("POLICY_NOT_FOUND");
  await permissionsChanged(ctx, { workspaceId: auth.workspaceId });
  await audit(ctx, auth, "policy_deleted", { resource: "policy", action: "delete", resourceId: id });
}

export async function listFlags(ctx: Ctx, auth: AuthContext): Promise<FeatureFlag[]> {
  return (await repo.listFlags(ctx.db, auth.workspaceId)).map(flagOut);
}

export async function saveFlag(ctx: Ctx, auth: AuthContext, key: string, input: FeatureFlagInput): Promise<FeatureFlag> {
  const [members, teams] = await Promise.all([
    repo.existingMembers(ctx.db, auth.workspaceId, input.targeted_users),
    repo.existingTeams(ctx.db, auth.workspaceId, input.targeted_teams),
  ]);
  const errors: FieldError[] = [
    ...input.targeted_users.flatMap((u, i) =>
      members.has(u) ? [] : [{ field: `targeted_users.${i}`, message: "Not a member of this workspace" }],
    ),
    ...input.targeted_teams.flatMap((t, i) =>
      teams.has(t) ? [] : [{ field: `targeted_teams.${i}`, message: "No such team in this workspace" }],
    ),
  ];
  if (errors.length) throw validationError(errors);
  const row = await repo.upsertFlag(ctx.db, {
    workspaceId: auth.workspaceId,
    key,
    name: input.name,
    description: input.description ?? null,
    enabled: input.enabled,
    rolloutPercentage: input.rollout_percentage,
    targetedRoles: input.targeted_roles,
    targetedUsers: input.targeted_users,
    targetedTeams: input.targeted_teams,
  });
  // Flags are read per request (not cached), but the web app holds the enabled list: tell it.
  await permissionsChanged(ctx, { workspaceId: auth.workspaceId });
  await audit(ctx, auth, "feature_flag_saved", {
    resource: "feature",
    action: "update",
    resourceId: key,
    detail: { enabled: row.enabled, rollout: row.rolloutPercentage },
  });
  return flagOut(row);
}

export async function featureEnabled(ctx: Ctx, auth: AuthContext, key: string): Promise<FeatureDecision> {
  const [flag, subject] = await Promise.all([repo.findFlag(ctx.db, auth.workspaceId, key), subjectOf(ctx, auth)]);
  return { key, ...decideFlag(flag, subject) };
}

export async function enabledFeatures(ctx: Ctx, auth: AuthContext): Promise<string[]> {
  const [flags, subject] = await Promise.all([repo.listFlags(ctx.db, auth.workspaceId), subjectOf(ctx, auth)]);
  return flags.filter((f) => decideFlag(f, subject).enabled).map((f) => f.key);
}

export async function requestAccess(
  ctx: Ctx,
  auth: AuthContext,
  input: AccessRequestInput,
): Promise<{ request: AccessRequest; created: boolean }> {
  const held = await ctx.access.evaluate(auth, input.resource, input.action, input.resource_id);
  if (held.allowed) throw new AppError("ACCESS_ALREADY_GRANTED");
  const q = {
    workspaceId: auth.workspaceId,
    userId: auth.userId,
    resource: input.resource,
    action: input.action,
    resourceId: input.resource_id ?? null,
  };
  const pending = await repo.findPendingRequest(ctx.db, q);
  if (pending) return { request: requestOut(pending), created: false };
  const row = await repo.insertRequest(ctx.db, { ...q, reason: input.reason ?? null });
  await audit(ctx, auth, "access_requested", {
    resource: row.resource,
    action: row.action,
    resourceId: row.resourceId,
    reason: row.reason ?? undefined,
    detail: { request_id: row.id },
  });
  return { request: requestOut(row), created: true };
}

/** Approvers (team:update) see every request of the workspace; others see their own. */
export async function listRequests(
  ctx: Ctx,
  auth: AuthContext,
  q: { status?: "pending" | "approved" | "rejected" },
): Promise<AccessRequest[]> {
  const approver = (await ctx.access.evaluate(auth, "team", "update")).allowed;
  const rows = await repo.listRequests(ctx.db, {
    workspaceId: auth.workspaceId,
    userId: approver ? undefined : auth.userId,
    status: q.status,
    limit: 200,
  });
  return rows.map(requestOut);
}

export const approveRequest = (ctx: Ctx, auth: AuthContext, id: string, note?: string) => decideRequest(ctx, auth, id, true, note);
export const rejectRequest = (ctx: Ctx, auth: AuthContext, id: string, note?: string) => decideRequest(ctx, auth, id, false, note);
