/** Tenancy: an organization owns workspaces; users take part in workspaces with a role. */
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";

export const organizations = pgTable("organizations", {
  id: id(),
  name: text("name").notNull(),
  plan: text("plan").notNull().default("trial"),
  ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export interface WorkspaceSettings {
  timezone: string;
  maxMembers: number;
  features: string[];
  /** People whose email domain is one of the workspace's verified domains join it on sign-up. */
  allowDomainJoin?: boolean;
  /** The role they join with (default viewer). */
  domainJoinRole?: string;
  description?: string;
}

export const workspaces = pgTable(
  "workspaces",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    /** Who owns the workspace (transfer ownership moves it); null on workspaces made before owners existed: the organization's owner. */
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    settings: jsonb("settings").$type<WorkspaceSettings>().notNull(),
    archivedAt: ts("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("workspaces_org_idx").on(t.organizationId)],
);

export const workspaceMembers = pgTable(
  "workspace_members",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    status: text("status").notNull().default("active"),
    joinedAt: createdAt(),
  },
  (t) => [uniqueIndex("workspace_members_ws_user_uq").on(t.workspaceId, t.userId), index("workspace_members_user_idx").on(t.userId)],
);
