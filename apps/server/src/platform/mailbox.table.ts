/**
 * Every system email the app sends. With SMTP configured they are delivered and kept as a log;
 * without it they stay here, readable in the app's local mailbox, marked as not delivered.
 */
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts } from "../db/columns.ts";

export const mailMessages = pgTable(
  "mail_messages",
  {
    id: id(),
    /** Null for instance-wide system mail (verification, reset). */
    workspaceId: uuid("workspace_id"),
    toAddress: text("to_address").notNull(),
    fromAddress: text("from_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Files sent with the message (a scheduled report's export), base64 in the row so a retried delivery has them. */
    attachments: jsonb("attachments").$type<{ filename: string; contentType: string; base64: string }[]>(),
    kind: text("kind").notNull(),
    status: text("status").$type<"queued" | "sent" | "local" | "failed">().notNull().default("queued"),
    error: text("error"),
    messageId: text("message_id"),
    sentAt: ts("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_messages_time_idx").on(t.createdAt), index("mail_messages_to_idx").on(t.toAddress)],
);
