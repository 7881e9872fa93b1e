/**
 * Access-control contracts (outreach-core §3, §4, §6, §7 "Access control", base /api/v1/rbac):
 * grants, the role catalogue, policy rules, feature flags, access requests and the audit log.
 * Wire names are snake_case like the rest of the API.
 */
import { z } from "zod";
import { Permission, RoleId } from "./roles.ts";

export const Effect = z.enum(["allow", "deny"]);
export type Effect = z.infer<typeof Effect>;

const Name = z.string().regex(/^(\*|[a-z_]+)$/, "Use lowercase letters and underscores, or *");

/** One grant as stored: `resource:action` with an effect, optionally for a single record. */
export const Grant = z.object({
  resource: Name,
  action: Name,
  effect: Effect,
  resource_id: z.string().nullable(),
});
export type Grant = z.infer<typeof Grant>;

/** A grant with where it came from, as returned by "effective permissions". */
export const EffectiveGrant = Grant.extend({
  source: z.enum(["user", "role", "team"]),
  /** The role id, team id or user id that carries the grant. */
  source_id: z.string(),
});
export type EffectiveGrant = z.infer<typeof EffectiveGrant>;

export const RoleSummary = z.object({
  id: RoleId,
  label: z.string(),
  priority: z.number().int(),
  scope: z.string(),
  color: z.string(),
  icon: z.string(),
  /** The eight catalogue roles are built in and cannot be deleted. */
  is_system: z.boolean(),
  permissions: z.array(Grant),
});
export type RoleSummary = z.infer<typeof RoleSummary>;

export const UserRoles = z.object({ user_id: z.string(), workspace_id: z.string(), roles: z.array(RoleId) });
export type UserRoles = z.infer<typeof UserRoles>;

export const UserPermissions = z.object({
  user_id: z.string(),
  roles: z.array(RoleId),
  grants: z.array(EffectiveGrant),
});
export type UserPermissions = z.infer<typeof UserPermissions>;

export const AssignRoleRequest = z.object({ user_id: z.uuid("user_id must be a user id"), role: RoleId });
export type AssignRoleRequest = z.infer<typeof AssignRoleRequest>;

export const CheckRequest = z.object({
  resource: Name,
  action: Name,
  resource_id: z.string().max(200).optional(),
});
export type CheckRequest = z.infer<typeof CheckRequest>;

/** Why a check came out as it did: the rule or grant that decided, if any. */
export const CheckMatch = z.object({
  kind: z.enum(["policy", "user", "role", "team"]),
  id: z.string(),
  effect: Effect,
  permission: z.string(),
  name: z.string().optional(),
});
export type CheckMatch = z.infer<typeof CheckMatch>;

export const CheckResult = z.object({ allowed: z.boolean(), reason: z.string(), matched: CheckMatch.nullable() });
export type CheckResult = z.infer<typeof CheckResult>;

export const AccessConfig = z.object({
  default_role: RoleId,
  cache_ttl_seconds: z.number().int(),
  cache_max_entries: z.number().int(),
  cache_cleanup_seconds: z.number().int(),
  rate_limit_window_seconds: z.number().int(),
  rate_limits: z.record(z.string(), z.number().int()),
  fallback_rate_limit: z.number().int(),
  session_timeout_seconds: z.number().int(),
  audit_retention_days: z.number().int(),
  max_login_attempts: z.number().int(),
  lockout_seconds: z.number().int(),
  condition_types: z.array(z.string()),
});
export type AccessConfig = z.infer<typeof AccessConfig>;

// ---- Policy rules -------------------------------------------------------------------------

export const ConditionType = z.enum(["time", "location", "ip", "attribute", "quota", "rate_limit"]);
export type ConditionType = z.infer<typeof ConditionType>;

export const ConditionOperator = z.enum([
  "eq",
  "ne",
  "in",
  "not_in",
  "gt",
  "gte",
  "lt",
  "lte",
  "between",
  "not_between",
  "contains",
  "starts_with",
  "ends_with",
  "exists",
  "in_cidr",
  "not_in_cidr",
]);
export type ConditionOperator = z.infer<typeof ConditionOperator>;

export const PolicyCondition = z.object({
  type: ConditionType,
  operator: ConditionOperator,
  /**
   * time: hour | weekday | time (HH:MM), all UTC; ip: ip; location: country (ISO code from the
   * proxy's country header); attribute: user.id | user.email | user.role | user.via |
   * resource.type | resource.action | resource.id; rate_limit: requests (this minute).
   */
  field: z.string().min(1).max(100),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]).nullable(),
});
export type PolicyCondition = z.infer<typeof PolicyCondition>;

export const PolicyAppliesTo = z.object({
  users: z.array(z.string()).default([]),
  roles: z.array(RoleId).default([]),
  teams: z.array(z.string()).default([]),
});
export type PolicyAppliesTo = z.infer<typeof PolicyAppliesTo>;

export const Policy = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  priority: z.number().int(),
  is_active: z.boolean(),
  effect: Effect,
  permissions: z.array(Permission),
  applies_to: PolicyAppliesTo,
  conditions: z.array(PolicyCondition),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Policy = z.infer<typeof Policy>;

export const PolicyInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(200),
  description: z.string().max(2000).nullable().optional(),
  priority: z.number().int().min(-1000).max(1000).default(0),
  is_active: z.boolean().default(true),
  effect: Effect,
  permissions: z.array(Permission).min(1, "List at least one resource:action").max(50).default(["*:*"]),
  applies_to: PolicyAppliesTo.default({ users: [], roles: [], teams: [] }),
  conditions: z.array(PolicyCondition).max(20).default([]),
});
export type PolicyInput = z.infer<typeof PolicyInput>;

// ---- Feature flags ------------------------------------------------------------------------

export const FeatureKey = z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/, "Use lowercase letters, digits, _ . -");

export const FeatureFlag = z.object({
  key: FeatureKey,
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  rollout_percentage: z.number().int().min(0).max(100),
  targeted_roles: z.array(RoleId),
  targeted_users: z.array(z.string()),
  targeted_teams: z.array(z.string()),
});
export type FeatureFlag = z.infer<typeof FeatureFlag>;

export const FeatureFlagInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(200),
  description: z.string().max(2000).nullable().optional(),
  enabled: z.boolean().default(false),
  rollout_percentage: z.number().int().min(0, "Between 0 and 100").max(100, "Between 0 and 100").default(100),
  targeted_roles: z.array(RoleId).max(20).default([]),
  targeted_users: z.array(z.uuid()).max(500).default([]),
  targeted_teams: z.array(z.uuid()).max(100).default([]),
});
export type FeatureFlagInput = z.infer<typeof FeatureFlagInput>;

export const FeatureDecision = z.object({ key: z.string(), enabled: z.boolean(), reason: z.string() });
export type FeatureDecision = z.infer<typeof FeatureDecision>;

// ---- Access requests ----------------------------------------------------------------------

export const AccessRequestStatus = z.enum(["pending", "approved", "rejected"]);

export const AccessRequestInput = z.object({
  resource: Name,
  action: Name,
  resource_id: z.string().max(200).optional(),
  reason: z.string().trim().max(1000).optional(),
});
export type AccessRequestInput = z.infer<typeof AccessRequestInput>;

export const AccessRequest = z.object({
  id: z.string(),
  user_id: z.string(),
  resource: z.string(),
  action: z.string(),
  resource_id: z.string().nullable(),
  reason: z.string().nullable(),
  status: AccessRequestStatus,
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
  created_at: z.string(),
});
export type AccessRequest = z.infer<typeof AccessRequest>;

export const AccessRequestDecision = z.object({ note: z.string().trim().max(1000).optional() });

// ---- Teams and audit ----------------------------------------------------------------------

export const TeamNode = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  parent_id: z.string().nullable(),
});
export type TeamNode = z.infer<typeof TeamNode>;

export const TeamHierarchy = z.object({ team: TeamNode, ancestors: z.array(TeamNode), descendants: z.array(TeamNode) });
export type TeamHierarchy = z.infer<typeof TeamHierarchy>;

export const AuditEntry = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  event: z.string(),
  resource: z.string().nullable(),
  action: z.string().nullable(),
  resource_id: z.string().nullable(),
  result: z.string().nullable(),
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  /** `client`: written through POST /rbac/audit/log (what a client reports), not decided by the server. */
  source: z.enum(["server", "client"]),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
  user_id: z.uuid().optional(),
  event: z.string().max(50).optional(),
  source: z.enum(["server", "client"]).optional(),
});

export const AuditPage = z.object({
  items: z.array(AuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/** What a client may log itself (an access check it made, e.g. a hidden button). */
export const AuditLogInput = z.object({
  resource: Name,
  action: Name,
  resource_id: z.string().max(200).optional(),
  result: z.enum(["allowed", "denied"]),
  reason: z.string().max(500).optional(),
});
export type AuditLogInput = z.infer<typeof AuditLogInput>;
