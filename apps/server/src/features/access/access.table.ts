/**
 * Access control as data: role permissions (seeded from the spec's table), direct user
 * permissions, teams and their permissions, and the audit of decisions and role changes.
 * Every grant is `resource:action` with an effect; `*` is a wildcard.
 */
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { organizations, workspaces } from "../organizations/organizations.table.ts";

/** Permissions of a role within an organization (seeded on organization creation). */
export const rolePermissions = pgTable(
  "role_permissions",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    resource: text("resource").notNull(),
    action: text("action").notNull(),
    effect: text("effect").$type<"allow" | "deny">().notNull().default("allow"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("role_permissions_uq").on(t.organizationId, t.role, t.resource, t.action, t.effect)],
);

export const userPermissions = pgTable(
  "user_permissions",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    resource: text("resource").notNull(),
    action: text("action").notNull(),
    effect: text("effect").$type<"allow" | "deny">().notNull().default("allow"),
    resourceId: text("resource_id"),
    createdAt: createdAt(),
  },
  (t) => [index("user_permissions_user_idx").on(t.workspaceId, t.userId)],
);

export const teams = pgTable(
  "teams",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    parentId: uuid("parent_id"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("teams_ws_idx").on(t.workspaceId)],
);

export const teamMembers = pgTable(
  "team_members",
  {
    id: id(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("team_members_uq").on(t.teamId, t.userId), index("team_members_user_idx").on(t.userId)],
);

export const teamPermissions = pgTable(
  "team_permissions",
  {
    id: id(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    resource: text("resource").notNull(),
    action: text("action").notNull(),
    effect: text("effect").$type<"allow" | "deny">().notNull().default("allow"),
    createdAt: createdAt(),
  },
  (t) => [index("team_permissions_team_idx").on(t.teamId)],
);

export const accessAudit = pgTable(
  "access_audit",
  {
    id: id(),
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id"),
    event: text("event").notNull(),
    resource: text("resource"),
    action: text("action"),
    resourceId: text("resource_id"),
    result: text("result"),
    reason: text("reason"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    /** `client`: written through POST /rbac/audit/log, so it records what a client says, not what the server decided. */
    source: text("source").$type<"server" | "client">().notNull().default("server"),
    createdAt: createdAt(),
  },
  (t) => [
    index("access_audit_ws_time_idx").on(t.workspaceId, t.createdAt),
    index("access_audit_ws_user_idx").on(t.workspaceId, t.userId, t.createdAt),
    // Retention deletes by age across workspaces.
    index("access_audit_time_idx").on(t.createdAt),
  ],
);

export interface PolicyAppliesTo {
  users: string[];
  roles: string[];
  teams: string[];
}

export interface PolicyConditionRow {
  type: "time" | "location" | "ip" | "attribute" | "quota" | "rate_limit";
  operator: string;
  field: string;
  value: unknown;
}

/**
 * Policy rules (outreach-core §4): evaluated before any grant, higher priority first; the first
 * active rule that applies to the caller, covers the permission and whose conditions all hold
 * decides with its effect.
 */
export const policies = pgTable(
  "access_policies",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    priority: integer("priority").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    effect: text("effect").$type<"allow" | "deny">().notNull(),
    /** `resource:action` patterns the rule covers; `*` wildcards. */
    permissions: jsonb("permissions").$type<string[]>().notNull().default(["*:*"]),
    appliesTo: jsonb("applies_to").$type<PolicyAppliesTo>().notNull().default({ users: [], roles: [], teams: [] }),
    conditions: jsonb("conditions").$type<PolicyConditionRow[]>().notNull().default([]),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("access_policies_ws_idx").on(t.workspaceId, t.priority)],
);

/** Feature flags per workspace, decided per user by targeting plus a stable percentage rollout. */
export const featureFlags = pgTable(
  "feature_flags",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    enabled: boolean("enabled").notNull().default(false),
    rolloutPercentage: integer("rollout_percentage").notNull().default(0),
    targetedRoles: jsonb("targeted_roles").$type<string[]>().notNull().default([]),
    targetedUsers: jsonb("targeted_users").$type<string[]>().notNull().default([]),
    targetedTeams: jsonb("targeted_teams").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("feature_flags_ws_key_uq").on(t.workspaceId, t.key)],
);

/** A user asks for a permission they lack; an approver grants it (a direct user permission) or not. */
export const accessRequests = pgTable(
  "access_requests",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    resource: text("resource").notNull(),
    action: text("action").notNull(),
    resourceId: text("resource_id"),
    reason: text("reason"),
    status: text("status").$type<"pending" | "approved" | "rejected">().notNull().default("pending"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: ts("decided_at"),
    decisionNote: text("decision_note"),
    createdAt: createdAt(),
  },
  (t) => [index("access_requests_ws_status_idx").on(t.workspaceId, t.status, t.createdAt), index("access_requests_user_idx").on(t.userId)],
);

/**
 * Scoped, expiring access tokens (POST /api/v1/rbac/tokens): a user hands a token carrying at most
 * their own permissions (`scopes`, `resource:action` patterns) to a script or a colleague's tool.
 * Stored hashed (sha256); the raw token is shown once. Valid while not revoked and not expired.
 */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The first characters of the raw token, to tell tokens apart in a list. */
    prefix: text("prefix").notNull(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    lastUsedAt: ts("last_used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("access_tokens_hash_uq").on(t.tokenHash), index("access_tokens_ws_user_idx").on(t.workspaceId, t.userId)],
);
