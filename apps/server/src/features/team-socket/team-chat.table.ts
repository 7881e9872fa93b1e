/**
 * Team chat (/team/chat): messages persisted per workspace channel, and how far each member has
 * read each channel (read receipts: a message is read by everyone whose `last_read_at` is at or
 * after it). Messages travel over the team socket and are paged over HTTP.
 */
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const teamChatMessages = pgTable(
  "team_chat_messages",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** "general" unless the client names another channel. */
    channel: text("channel").notNull().default("general"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /** The client's id for the message, so a message re-sent from the offline queue is stored once. */
    clientId: text("client_id"),
    editedAt: ts("edited_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("team_chat_messages_ws_channel_idx").on(t.workspaceId, t.channel, t.createdAt, t.id),
    // A re-sent message (same sender, same client id) is stored once; the insert conflicts on this.
    uniqueIndex("team_chat_messages_client_idx").on(t.workspaceId, t.userId, t.clientId),
  ],
);

export const teamChatReads = pgTable(
  "team_chat_reads",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadAt: ts("last_read_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.channel, t.userId] })],
);
