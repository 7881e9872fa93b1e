/**
 * Access control as data: role permissions (seeded from the spec's table), direct user
 * permissions, teams and their permissions, and the audit of decisions and role changes.
 * Every grant is `resource:action` with an effect; `*` is a wildcard.
 */
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "../../db/columns.ts";
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
    createdAt: createdAt(),
  },
  (t) => [index("access_audit_ws_time_idx").on(t.workspaceId, t.createdAt)],
);
