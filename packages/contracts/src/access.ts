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

export const AssignRoleRequest = z.object({
  user_id: z.uuid("user_id must be a user id"),
  role: z.enum(RoleId.options, { error: () => `Unknown role: use one of ${RoleId.options.join(", ")}` }),
});
export type AssignRoleRequest = z.infer<typeof AssignRoleRequest>;

/**
 * "Test this decision": `user_id` checks someone else in the workspace (needs team:read);
 * `context` simulates what policy conditions read (client address, country, time), never the
 * caller's real request.
 */
export const CheckRequest = z.object({
  resource: Name,
  action: Name,
  resource_id: z.string().max(200).optional(),
  user_id: z.uuid("user_id must be a user id").optional(),
  context: z
    .object({
      ip: z.string().max(100).optional(),
      country: z
        .string()
        .regex(/^[A-Za-z]{2}$/, "Use a two-letter country code")
        .optional(),
      at: z.iso.datetime({ offset: true, message: "Use an ISO date-time" }).optional(),
    })
    .optional(),
});
export type CheckRequest = z.infer<typeof CheckRequest>;

/** Why a check came out as it did: the rule or grant that decided, if any. */
export const CheckMatch = z.object({
  kind: z.enum(["policy", "user", "role", "team"]),
  /** Policy id, the user's id (direct grant), the role id or the team id. */
  id: z.string(),
  effect: Effect,
  permission: z.string(),
  /** Policy name, team name or role label, when there is one. */
  name: z.string().optional(),
});
export type CheckMatch = z.infer<typeof CheckMatch>;

/**
 * The step of the decision order (outreach-core §4) that decided: the user is missing or
 * inactive, over the rate limit, a policy rule, a direct/role/team grant, or nothing matched.
 */
export const DecisionStep = z.enum(["inactive", "rate_limit", "policy", "user", "role", "team", "no_match"]);
export type DecisionStep = z.infer<typeof DecisionStep>;

export const CheckResult = z.object({
  allowed: z.boolean(),
  /** The §8 denial reason ("User not found or inactive", "Rate limit exceeded", "No matching permissions found"…) or why it was allowed. */
  reason: z.string(),
  matched: CheckMatch.nullable(),
  /** Present on /rbac/check/detailed: which step decided and for whom. */
  step: DecisionStep.optional(),
  user_id: z.string().optional(),
});
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

/** Filters shared by /rbac/audit/logs and /rbac/audit/logs.csv; `from`/`to` bound created_at (inclusive). */
export const AuditFilters = z.object({
  user_id: z.uuid().optional(),
  event: z.string().max(50).optional(),
  source: z.enum(["server", "client"]).optional(),
  result: z.string().max(20).optional(),
  resource: z.string().max(50).optional(),
  from: z.iso.datetime({ offset: true, message: "Use an ISO date-time" }).optional(),
  to: z.iso.datetime({ offset: true, message: "Use an ISO date-time" }).optional(),
});
export type AuditFilters = z.infer<typeof AuditFilters>;

export const AuditQuery = AuditFilters.extend({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

/** The CSV export stops after this many rows (newest first); narrow the filters for more. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

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

// ---- Scoped access tokens (/rbac/tokens) ----------------------------------------------------

/** Raw access tokens start with this, so the authenticator tells them from sessions and API keys. */
export const ACCESS_TOKEN_PREFIX = "pat_";
/** Active (unrevoked, unexpired) tokens one user may hold in a workspace. */
export const MAX_ACCESS_TOKENS = 25;

export const AccessToken = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the raw token, to tell tokens apart. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
export type AccessToken = z.infer<typeof AccessToken>;

export const AccessTokenCreate = z.object({
  name: z.string().trim().min(1, "Name is required").max(100),
  /** Each must be a permission the caller holds (else 403 PERMISSION_ESCALATION). */
  scopes: z.array(Permission).min(1, "List at least one resource:action").max(50),
  expires_in_days: z.number().int().min(1, "Between 1 and 365 days").max(365, "Between 1 and 365 days").default(30),
});
export type AccessTokenCreate = z.infer<typeof AccessTokenCreate>;

/** The raw token is in this answer only; it is stored hashed. */
export const AccessTokenCreated = AccessToken.extend({ token: z.string() });
export type AccessTokenCreated = z.infer<typeof AccessTokenCreated>;

export const AccessTokenQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  /** Revoked and expired tokens are listed too unless `active=true`. */
  active: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});

export const AccessTokenPage = z.object({
  items: z.array(AccessToken),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AccessTokenPage = z.infer<typeof AccessTokenPage>;

export const TokenValidateRequest = z.object({ token: z.string().min(1, "Token is required").max(200) });

/** Only the documented fields: who the token acts for, where, with which scopes, until when. */
export const TokenValidateResult = z.object({
  valid: z.boolean(),
  reason: z.enum(["expired", "revoked", "unknown"]).optional(),
  user_id: z.string().optional(),
  workspace_id: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  expires_at: z.string().optional(),
});
export type TokenValidateResult = z.infer<typeof TokenValidateResult>;

// ---- Extended user and organization ---------------------------------------------------------

export const TeamRef = z.object({ id: z.string(), name: z.string() });
export type TeamRef = z.infer<typeof TeamRef>;

/** GET /auth/me/extended and /users/{id}/extended (outreach-core §3 "User"). */
export const ExtendedUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(RoleId),
  teams: z.array(TeamRef),
  /** Effective `resource:action` allows (role, direct and team grants), without denied ones. */
  permissions: z.array(z.string()),
  /** Deny grants (`resource:action`) that override allows, wildcards included. */
  denied_permissions: z.array(z.string()).optional(),
  is_active: z.boolean(),
  department: z.string().nullable().optional(),
  attributes: z.record(z.string(), z.unknown()),
  security_settings: z.object({
    mfa_enabled: z.boolean(),
    /** Devices with a live session. */
    trusted_devices: z.number().int(),
    /** Seconds. */
    session_timeout: z.number().int(),
  }),
  default_workspace_id: z.string().nullable(),
  /** Keys of the feature flags enabled for this user in the current workspace. */
  features: z.array(z.string()),
});
export type ExtendedUser = z.infer<typeof ExtendedUser>;

/** GET /organization: the caller's organization, its plan, what the plan includes and its limits (null = unlimited). */
export const Organization = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.string(),
  features: z.array(z.string()),
  limits: z.object({
    leads_per_month: z.number().int().nullable(),
    emails_per_month: z.number().int().nullable(),
    campaigns_per_month: z.number().int().nullable(),
    storage_bytes: z.number().int().nullable(),
    members: z.number().int().nullable(),
  }),
});
export type Organization = z.infer<typeof Organization>;

// ---- Teams (CRUD, membership, grants) -------------------------------------------------------

export const TeamMember = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type TeamMember = z.infer<typeof TeamMember>;

/** A grant a team carries (never for a single record). */
export const TeamGrant = z.object({ resource: Name, action: Name, effect: Effect });
export type TeamGrant = z.infer<typeof TeamGrant>;

export const Team = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  parent_id: z.string().nullable(),
  member_count: z.number().int(),
  /** On GET /rbac/teams/{id} only. */
  members: z.array(TeamMember).optional(),
  grants: z.array(TeamGrant),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Team = z.infer<typeof Team>;

export const TeamCreate = z.object({
  name: z.string().trim().min(1, "Name is required").max(100),
  description: z.string().trim().max(1000).nullable().optional(),
  parent_id: z.uuid("parent_id must be a team id").nullable().optional(),
});
export type TeamCreate = z.infer<typeof TeamCreate>;

export const TeamUpdate = TeamCreate.partial();
export type TeamUpdate = z.infer<typeof TeamUpdate>;

export const TeamQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
  q: z.string().trim().max(100).optional(),
});

export const TeamPage = z.object({
  items: z.array(Team),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type TeamPage = z.infer<typeof TeamPage>;

export const TeamMemberAdd = z.object({ user_id: z.uuid("user_id must be a user id") });

/** Replaces the team's grants; each allow must be a permission the caller holds. */
export const TeamGrantsInput = z.object({ grants: z.array(TeamGrant).max(100) });
export type TeamGrantsInput = z.infer<typeof TeamGrantsInput>;
