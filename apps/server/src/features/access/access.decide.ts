/**
 * The pure half of the access engine: wildcard matching, the grant decision (deny beats allow, no
 * match is denied) and the policy pass that runs before it (higher priority first, first match
 * decides). No I/O here, so the property tests can compare it against a reference directly.
 */
import type { CheckMatch } from "@prospector/contracts";
import { type ConditionContext, conditionsHold } from "./access.conditions.ts";
import type { PolicyAppliesTo, PolicyConditionRow } from "./access.table.ts";

export interface Grant {
  resource: string;
  action: string;
  effect: "allow" | "deny";
  resourceId?: string | null;
}

/** A grant with its origin, so a decision can say which grant decided it. */
export interface SourcedGrant extends Grant {
  source: "user" | "role" | "team";
  sourceId: string;
}

export interface Decision {
  allowed: boolean;
  reason: string;
  matched: CheckMatch | null;
}

export interface PolicyRule {
  id: string;
  name: string;
  priority: number;
  isActive: boolean;
  effect: "allow" | "deny";
  permissions: string[];
  appliesTo: PolicyAppliesTo;
  conditions: PolicyConditionRow[];
}

export const REASONS = {
  inactive: "User not found or inactive",
  rateLimited: "Rate limit exceeded",
  noMatch: "No matching permissions found",
  unavailable: "Permission check system unavailable",
} as const;

export const matches = (pattern: string, value: string): boolean => pattern === "*" || pattern === value;

export function toGrant(permission: string, effect: "allow" | "deny" = "allow"): Grant {
  const [resource = "", action = ""] = permission.split(":");
  return { resource, action, effect };
}

/** A grant limited to one record applies only to checks about that record. */
function grantApplies(g: Grant, resource: string, action: string, resourceId?: string): boolean {
  if (!matches(g.resource, resource) || !matches(g.action, action)) return false;
  return !g.resourceId || g.resourceId === resourceId;
}

/** Decision over a set of grants: any matching deny wins, else any matching allow, else denied. */
export function decide(grants: readonly Grant[], resource: string, action: string, resourceId?: string): Decision {
  let allow: Grant | null = null;
  for (const g of grants) {
    if (!grantApplies(g, resource, action, resourceId)) continue;
    if (g.effect === "deny") return { allowed: false, reason: `Denied by ${g.resource}:${g.action}`, matched: describe(g) };
    allow ??= g;
  }
  return allow
    ? { allowed: true, reason: "Allowed", matched: describe(allow) }
    : { allowed: false, reason: REASONS.noMatch, matched: null };
}

function describe(g: Grant): CheckMatch {
  const s = g as Partial<SourcedGrant>;
  return { kind: s.source ?? "user", id: s.sourceId ?? "", effect: g.effect, permission: `${g.resource}:${g.action}` };
}

export interface PolicySubject {
  userId: string;
  role: string;
  teamIds: readonly string[];
}

/** A rule with no users, roles or teams listed applies to everyone in the workspace. */
export function policyAppliesTo(p: PolicyRule, s: PolicySubject): boolean {
  const { users, roles, teams } = p.appliesTo;
  if (users.length === 0 && roles.length === 0 && teams.length === 0) return true;
  return users.includes(s.userId) || roles.includes(s.role) || teams.some((t) => s.teamIds.includes(t));
}

/**
 * The policy pass: the first active rule (policies arrive sorted by priority, highest first) that
 * applies to the subject, covers resource:action and whose conditions all hold decides.
 * Returns null when no rule decides, so the grants do.
 */
export function decideByPolicies(
  policies: readonly PolicyRule[],
  subject: PolicySubject,
  resource: string,
  action: string,
  ctx: ConditionContext,
): Decision | null {
  for (const p of policies) {
    if (!p.isActive || !policyAppliesTo(p, subject)) continue;
    const covered = p.permissions.find((perm) => {
      const g = toGrant(perm);
      return matches(g.resource, resource) && matches(g.action, action);
    });
    if (!covered || !conditionsHold(p.conditions, ctx)) continue;
    return {
      allowed: p.effect === "allow",
      reason: p.effect === "allow" ? `Allowed by policy "${p.name}"` : `Denied by policy "${p.name}"`,
      matched: { kind: "policy", id: p.id, effect: p.effect, permission: covered, name: p.name },
    };
  }
  return null;
}

/** Highest priority first; ties broken by id so every process evaluates the same order. */
export function sortPolicies<T extends { priority: number; id: string }>(policies: T[]): T[] {
  return [...policies].sort((a, b) => b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
