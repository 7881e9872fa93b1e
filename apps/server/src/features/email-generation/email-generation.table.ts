/**
 * Saved email templates (docs/ai/activity.md, the LLM console): a subject and body with lead
 * {{variables}}, saved from the console and used in Compose or a campaign step.
 */
import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAtMs, id } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const savedEmailTemplates = pgTable(
  "saved_email_templates",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtMs(),
  },
  (t) => [
    uniqueIndex("saved_email_templates_ws_name_uq").on(t.workspaceId, t.name),
    index("saved_email_templates_ws_created_idx").on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
  ],
);
