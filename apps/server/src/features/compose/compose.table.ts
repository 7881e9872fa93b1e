/**
 * One-off emails sent from /compose. They are not campaign mail (no campaign, no sequence step), so
 * they have their own table instead of a fake campaign in campaign_messages; the inbox daily limit,
 * the inbox health window, the plan's monthly allowance, tracking and unsubscribe links all read
 * both tables (docs/sending.md, "One-off sends").
 */
import type { ComposeStatus } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { inboxes } from "../inboxes/inboxes.table.ts";
import { leads } from "../leads/leads.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

export const composeMessages = pgTable(
  "compose_messages",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Null once the inbox is disconnected: the send stays in the history. */
    inboxId: uuid("inbox_id").references(() => inboxes.id, { onDelete: "set null" }),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    sentBy: uuid("sent_by").references(() => users.id, { onDelete: "set null" }),
    fromAddress: text("from_address").notNull(),
    /** Lower-cased. */
    toAddress: text("to_address").notNull(),
    toName: text("to_name"),
    subject: text("subject").notNull(),
    status: text("status").$type<ComposeStatus>().notNull().default("sending"),
    error: text("error"),
    /** RFC 5322 Message-ID header. */
    messageId: text("message_id"),
    trackOpens: boolean("track_opens").notNull().default(false),
    trackClicks: boolean("track_clicks").notNull().default(false),
    /** Human opens and clicks; machine ones (privacy proxies, scanners) are not counted. */
    opens: integer("opens").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    openedAt: ts("opened_at"),
    clickedAt: ts("clicked_at"),
    /** The first person's reply matched over IMAP (In-Reply-To / References, as for campaign mail). */
    repliedAt: ts("replied_at"),
    /** Refused at RCPT, or a hard bounce (DSN) matched over IMAP. */
    bouncedAt: ts("bounced_at"),
    sentAt: ts("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // GET /api/compose/sent: the workspace's sends, newest first.
    index("compose_messages_ws_created_idx").on(t.workspaceId, t.createdAt, t.id),
    // The organization's emails this month (plan allowance), beside campaign mail.
    index("compose_messages_ws_sent_idx").on(t.workspaceId, t.sentAt),
    // The inbox's rolling 24 hours and health window, beside campaign_messages_inbox_sent_idx.
    index("compose_messages_inbox_sent_idx").on(t.inboxId, t.sentAt),
    uniqueIndex("compose_messages_message_id_uq").on(t.messageId).where(sql`${t.messageId} is not null`),
    // The sender's sweep for sends a crash left "sending".
    index("compose_messages_sending_idx").on(t.createdAt).where(sql`${t.status} = 'sending'`),
  ],
);
