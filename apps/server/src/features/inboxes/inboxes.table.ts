/**
 * Sending inboxes: SMTP (+ optional IMAP) accounts with their caps, warm-up and health, and the
 * one local-mailbox pseudo-inbox per workspace. Passwords are AES-256-GCM sealed (platform/crypto).
 * The IMAP cursor (UID validity + last UID) lives here so replies are read once.
 */
import type { InboxKind, InboxStatus } from "@prospector/contracts";
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, ts, updatedAt } from "../../db/columns.ts";
import { users } from "../identity/identity.table.ts";
import { workspaces } from "../organizations/organizations.table.ts";

/** Connection settings without the password (that one is sealed in its own column). */
export interface ServerSettings {
  host: string;
  port: number;
  secure: boolean;
  username: string;
}

export const inboxes = pgTable(
  "inboxes",
  {
    id: id(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind").$type<InboxKind>().notNull().default("smtp"),
    email: text("email").notNull(),
    fromName: text("from_name").notNull().default(""),
    smtp: jsonb("smtp").$type<ServerSettings>(),
    smtpPassword: text("smtp_password"),
    imap: jsonb("imap").$type<ServerSettings>(),
    imapPassword: text("imap_password"),
    /**
     * Off unless a person chose it: without TLS from the start, SMTP and IMAP must upgrade with
     * STARTTLS, so a stripped STARTTLS cannot make them send the password in clear.
     */
    allowPlaintext: boolean("allow_plaintext").notNull().default(false),
    dailyLimit: integer("daily_limit").notNull().default(30),
    minGapSeconds: integer("min_gap_seconds").notNull().default(60),
    warmupEnabled: boolean("warmup_enabled").notNull().default(false),
    warmupStartPerDay: integer("warmup_start_per_day").notNull().default(5),
    warmupIncreasePerDay: integer("warmup_increase_per_day").notNull().default(2),
    warmupStartedAt: ts("warmup_started_at"),
    status: text("status").$type<InboxStatus>().notNull().default("healthy"),
    statusReason: text("status_reason"),
    /** Set when a person paused it: health checks never resume it on their own. */
    pausedManually: boolean("paused_manually").notNull().default(false),
    lastSentAt: ts("last_sent_at"),
    /** Bounce rate counts sends from here on: set when someone resumes a paused inbox. */
    healthSince: ts("health_since"),
    imapUidValidity: bigint("imap_uid_validity", { mode: "number" }),
    imapLastUid: bigint("imap_last_uid", { mode: "number" }),
    imapLastPolledAt: ts("imap_last_polled_at"),
    imapError: text("imap_error"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("inboxes_ws_idx").on(t.workspaceId, t.createdAt),
    uniqueIndex("inboxes_ws_email_uq").on(t.workspaceId, sql`lower(${t.email})`).where(sql`${t.kind} = 'smtp'`),
    uniqueIndex("inboxes_ws_local_uq").on(t.workspaceId).where(sql`${t.kind} = 'local'`),
    // The reply poller's sweep over inboxes that read mail.
    index("inboxes_imap_poll_idx").on(t.imapLastPolledAt).where(sql`${t.imap} is not null`),
  ],
);
