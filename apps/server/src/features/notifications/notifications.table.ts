/** In-app notifications for a user within a workspace; pushed over the team socket when created. */
import { boolean, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<"success" | "info" | "warning" | "error">().notNull().default("info"),
    title: text("title").notNull(),
    message: text("message").notNull().default(""),
    link: text("link"),
    read: boolean("read").notNull().default(false),
    data: jsonb("data").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.workspaceId, t.createdAt),
    index("notifications_unread_idx").on(t.userId, t.workspaceId, t.read),
  ],
);
