/**
 * Test data for the access console, each built object parsed with its contract so a mock cannot
 * drift from what the server sends (the shared contract map does not list the /v1/rbac routes).
 */
import {
  AccessConfig,
  AccessRequest,
  AuditEntry,
  CheckResult,
  FeatureFlag,
  MemberPage,
  Policy,
  ROLE_PERMISSIONS,
  ROLES,
  type RoleId,
  RoleSummary,
  Team,
  type WorkspaceMember,
} from "@prospector/contracts";
import { z } from "zod";
import { ME, uuid } from "../../../test/kit.ts";

const AT = "2026-11-20T10:00:00.000Z";

export const config = (over: Partial<AccessConfig> = {}): AccessConfig =>
  AccessConfig.parse({
    default_role: "viewer",
    cache_ttl_seconds: 300,
    cache_max_entries: 10000,
    cache_cleanup_seconds: 60,
    rate_limit_window_seconds: 60,
    rate_limits: { admin: 1000 },
    fallback_rate_limit: 100,
    session_timeout_seconds: 3600,
    audit_retention_days: 90,
    max_login_attempts: 5,
    lockout_seconds: 900,
    condition_types: ["time", "location", "ip", "attribute", "rate_limit"],
    ...over,
  });

export const roles = (): RoleSummary[] =>
  z.array(RoleSummary).parse(
    Object.values(ROLES)
      .sort((a, b) => b.priority - a.priority)
      .map((r) => ({
        ...r,
        is_system: true,
        permissions: ROLE_PERMISSIONS[r.id].map((p) => {
          const [resource, action] = p.split(":");
          return { resource, action, effect: "allow", resource_id: null };
        }),
      })),
  );

export function member(over: { id?: string; name: string; email: string; role?: RoleId }): WorkspaceMember {
  return {
    id: uuid(),
    user: { id: over.id ?? uuid(), email: over.email, full_name: over.name, avatar_url: null, presence: "offline", last_seen: null },
    role: over.role ?? "viewer",
    status: "active",
    joined_at: AT,
    permissions: [],
    is_owner: false,
  };
}

export const memberPage = (items: WorkspaceMember[]) => MemberPage.parse({ items, total: items.length, next_cursor: null });

export const policy = (over: Partial<Policy> = {}): Policy =>
  Policy.parse({
    id: uuid(),
    name: "Office hours only",
    description: null,
    priority: 10,
    is_active: true,
    effect: "deny",
    permissions: ["leads:delete"],
    applies_to: { users: [], roles: ["sales_rep"], teams: [] },
    conditions: [],
    created_at: AT,
    updated_at: AT,
    ...over,
  });

export const flag = (over: Partial<FeatureFlag> = {}): FeatureFlag =>
  FeatureFlag.parse({
    key: "new-editor",
    name: "New editor",
    description: null,
    enabled: true,
    rollout_percentage: 20,
    targeted_roles: [],
    targeted_users: [],
    targeted_teams: [],
    ...over,
  });

export const accessRequest = (over: Partial<AccessRequest> = {}): AccessRequest =>
  AccessRequest.parse({
    id: uuid(),
    user_id: uuid(),
    resource: "leads",
    action: "delete",
    resource_id: null,
    reason: "Cleaning up duplicates",
    status: "pending",
    decided_by: null,
    decided_at: null,
    decision_note: null,
    created_at: AT,
    ...over,
  });

export const auditEntry = (over: Partial<AuditEntry> = {}): AuditEntry =>
  AuditEntry.parse({
    id: uuid(),
    user_id: null,
    event: "access_denied",
    resource: "leads",
    action: "delete",
    resource_id: null,
    result: "denied",
    reason: "No matching permissions found",
    detail: null,
    source: "server",
    created_at: AT,
    ...over,
  });

export const checkResult = (over: Partial<CheckResult>): CheckResult =>
  CheckResult.parse({ allowed: false, reason: "No matching permissions found", matched: null, ...over });

export const team = (over: Partial<Team> = {}): Team =>
  Team.parse({
    id: uuid(),
    name: "Sales",
    description: null,
    parent_id: null,
    member_count: 0,
    grants: [],
    created_at: AT,
    updated_at: AT,
    ...over,
  });

export const teamPage = (items: Team[]) => ({ items, total: items.length, page: 1, per_page: 200 });

/** The signed-in admin of the tests, as a member. */
export const MEMBER_ME = member({ id: ME.id, name: ME.full_name, email: ME.email, role: "admin" });
export const WS = ME.workspace.id;
