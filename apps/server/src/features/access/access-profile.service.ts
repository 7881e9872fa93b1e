/**
 * Who someone is to the access system (outreach-core §3 "User", "Organization"): roles, teams,
 * effective permissions, security settings and enabled feature flags of a member, and the
 * caller's organization with its plan, what the plan includes and its limits.
 */
import { type ExtendedUser, limitsFor, type Organization, PLANS } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { decide } from "./access.decide.ts";
import { effectiveRole } from "./access.repository.ts";
import { requirePermission } from "./access.service.ts";
import * as repo from "./access-profile.repository.ts";
import { enabledFeatures } from "./access-rules.service.ts";

type Ctx = Pick<AppContext, "db" | "access" | "authenticator" | "config" | "redis" | "realtime" | "log">;

/**
 * The trial tries the entry plan; an "unlimited" (self-hosted) organization has everything.
 * Any other unknown plan name includes nothing extra (its limits are the trial's: limits.ts).
 */
const CATALOGUE_PLAN: Record<string, string> = { trial: "starter", unlimited: "enterprise" };

export function planFeatures(plan: string): string[] {
  const entry = PLANS.find((p) => p.id === (CATALOGUE_PLAN[plan] ?? plan));
  return entry ? entry.features.filter((f) => f.included).map((f) => f.label) : [];
}

/** Your own profile, or (with team:read) a member's of your workspace; anyone else is 404. */
export async function extendedUser(ctx: Ctx, auth: AuthContext, userId: string): Promise<ExtendedUser> {
  const profile = isUuid(userId) ? await repo.memberProfile(ctx.db, auth.workspaceId, userId) : null;
  if (!profile) throw new AppError("ACCESS_USER_NOT_FOUND");
  if (userId !== auth.userId) await requirePermission(ctx, auth, "team", "read");
  const role = effectiveRole(profile.role);
  const [subject, teams, devices, features] = await Promise.all([
    ctx.access.subject(userId, auth.workspaceId),
    repo.directTeams(ctx.db, auth.workspaceId, userId),
    repo.liveSessions(ctx.db, userId, new Date()),
    enabledFeatures(ctx, { ...auth, userId, role }),
  ]);
  const grants = (subject?.grants ?? []).filter((g) => !g.resourceId);
  // Each allow that still holds against the denies (deny beats allow), once.
  const permissions = [...new Set(grants.filter((g) => g.effect === "allow").map((g) => `${g.resource}:${g.action}`))].filter((p) => {
    const [resource = "", action = ""] = p.split(":");
    return decide(grants, resource, action).allowed;
  });
  return {
    id: profile.id,
    email: profile.email,
    name: profile.name,
    roles: [role],
    teams,
    permissions,
    denied_permissions: [...new Set(grants.filter((g) => g.effect === "deny").map((g) => `${g.resource}:${g.action}`))],
    is_active: profile.isActive && profile.status === "active",
    department: null,
    attributes: { member_status: profile.status, joined_at: profile.joinedAt.toISOString() },
    security_settings: {
      mfa_enabled: profile.twoFactorEnabled,
      trusted_devices: devices,
      session_timeout: ctx.config.SESSION_TIMEOUT_SECONDS,
    },
    default_workspace_id: profile.defaultWorkspaceId,
    features,
  };
}

export async function organization(ctx: Ctx, auth: AuthContext): Promise<Organization> {
  const org = await repo.findOrganization(ctx.db, auth.organizationId);
  if (!org) throw new AppError("NOT_FOUND", "Organization not found");
  return { id: org.id, name: org.name, plan: org.plan, features: planFeatures(org.plan), limits: { ...limitsFor(org.plan) } };
}
