/**
 * Personalized images (docs/ai/content.md): one row per generated PNG, the file itself under
 * DATA_DIR/uploads/ai-images (as profile pictures are kept). `public_token` is the unguessable
 * part of the public URL for email; clearing it revokes the link.
 */
import type { ImageOptions, ImageTemplate } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAtMs, id, updatedAt } from "../../db/columns.ts";
import { aiActions } from "../ai-ledger/ai-ledger.table.ts";
import { users } from "../identity/identity.table.ts";
import { leads } from "../leads/leads.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const personalizedImages = pgTable(
  "personalized_images",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    template: text("template").$type<ImageTemplate>().notNull(),
    options: jsonb("options").$type<ImageOptions>().notNull().default({}),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    altText: text("alt_text").notNull(),
    explanation: text("explanation").notNull(),
    /** The file name under DATA_DIR/uploads/ai-images (the row's id and a random part). */
    fileName: text("file_name").notNull(),
    publicToken: text("public_token"),
    aiActionId: uuid("ai_action_id").references(() => aiActions.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("personalized_images_ws_created_idx").on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index("personalized_images_lead_created_idx").on(t.workspaceId, t.leadId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex("personalized_images_token_uq").on(t.publicToken).where(sql`${t.publicToken} is not null`),
  ],
);
