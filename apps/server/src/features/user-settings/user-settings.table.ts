/** Per-user preferences within a workspace (the flat settings and accessibility flags), created lazily. */
import type { AccessibilitySettings, UserSettings } from "@prospector/contracts";
import { jsonb, pgTable, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

/** Only what differs from the defaults is stored, so a new default reaches users who never changed it. */
export type StoredPreferences = Partial<
  Omit<UserSettings, "full_name" | "email" | "profile_picture_url" | "two_factor_enabled" | "accessibility">
>;

export const userSettings = pgTable(
  "user_settings",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    preferences: jsonb("preferences").$type<StoredPreferences>().notNull().default({}),
    accessibility: jsonb("accessibility").$type<Partial<AccessibilitySettings>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("user_settings_user_ws_uq").on(t.userId, t.workspaceId)],
);
