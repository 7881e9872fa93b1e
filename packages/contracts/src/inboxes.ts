/**
 * Sending inboxes (a contract of our own: the spec does not name one): an SMTP account with an
 * optional IMAP side for replies, daily limit, minimum gap, warm-up ramp and health. Passwords go
 * in and never come out (has_password instead). `kind: "local"` is the app's local mailbox.
 */
import { z } from "zod";

export const DEFAULT_INBOX_DAILY_LIMIT = 30;
export const DEFAULT_MIN_GAP_SECONDS = 60;
/** Bounce rate is measured over this many of the inbox's latest sends. */
export const INBOX_HEALTH_WINDOW = 100;

const Host = z
  .string("Enter the server's host name")
  .trim()
  .min(1, "Enter the server's host name")
  .max(253)
  .regex(/^[A-Za-z0-9.:[\]-]+$/, "Not a valid host name");

export const MailServer = z.object({
  host: Host,
  port: z.number("Enter the port").int().min(1, "Port 1–65535").max(65535, "Port 1–65535"),
  /** true: TLS from the first byte (465, 993); false: plain then STARTTLS when offered (587, 143). */
  secure: z.boolean(),
  username: z.string().trim().max(320).default(""),
  password: z.string().max(1000).default(""),
});
export type MailServer = z.input<typeof MailServer>;

/** On update a password left out (or empty) keeps the saved one. */
const MailServerUpdate = MailServer.extend({ password: z.string().max(1000).optional() });

export const WarmUp = z.object({
  enabled: z.boolean().default(false),
  start_per_day: z.number().int().min(1).max(1000).default(5),
  increase_per_day: z.number().int().min(0).max(1000).default(2),
});
export type WarmUp = z.infer<typeof WarmUp>;

const Email = z
  .email("Enter a valid email address")
  .max(320)
  .transform((s) => s.trim().toLowerCase());
const FromName = z.string().trim().max(200, "At most 200 characters").default("");
const DailyLimit = z.number().int().min(1, "At least 1 per day").max(10_000, "At most 10,000 per day");
const MinGap = z.number().int().min(0).max(86_400, "At most one day");

export const InboxCreate = z.object({
  email: Email,
  from_name: FromName,
  smtp: MailServer,
  imap: MailServer.nullable().default(null),
  daily_limit: DailyLimit.default(DEFAULT_INBOX_DAILY_LIMIT),
  min_gap_seconds: MinGap.default(DEFAULT_MIN_GAP_SECONDS),
  warmup: WarmUp.optional(),
  /**
   * Lets a server without TLS from the start stay unencrypted when it offers no STARTTLS (the
   * password then travels in clear). Off: such a connection must upgrade or it is refused.
   */
  allow_plaintext: z.boolean().default(false),
});
export type InboxCreate = z.input<typeof InboxCreate>;

/** PUT /api/inboxes/{id}: a partial update; for the local mailbox only from_name, daily_limit and min_gap_seconds. */
export const InboxUpdate = z.object({
  email: Email.optional(),
  from_name: z.string().trim().max(200, "At most 200 characters").optional(),
  smtp: MailServerUpdate.optional(),
  imap: MailServerUpdate.nullable().optional(),
  daily_limit: DailyLimit.optional(),
  min_gap_seconds: MinGap.optional(),
  warmup: WarmUp.optional(),
  allow_plaintext: z.boolean().optional(),
  /** Resume an inbox that health checks paused (or pause it by hand). */
  paused: z.boolean().optional(),
});
export type InboxUpdate = z.input<typeof InboxUpdate>;

export const InboxKind = z.enum(["smtp", "local"]);
export type InboxKind = z.infer<typeof InboxKind>;

export const InboxStatus = z.enum(["healthy", "warning", "paused"]);
export type InboxStatus = z.infer<typeof InboxStatus>;

export const MailServerInfo = z.object({
  host: z.string(),
  port: z.number(),
  secure: z.boolean(),
  username: z.string(),
  has_password: z.boolean(),
});
export type MailServerInfo = z.infer<typeof MailServerInfo>;

export const InboxHealth = z.object({
  status: InboxStatus,
  /** Why it is paused or warned about, in words. */
  reason: z.string().nullable(),
  /** Sent (or in flight) in the last 24 hours: what the daily limit counts. */
  sent_today: z.number(),
  /** The limit today: the daily limit, or less while warming up. */
  effective_daily_limit: z.number(),
  /** Over the latest INBOX_HEALTH_WINDOW sends. */
  recent_sends: z.number(),
  recent_bounces: z.number(),
  bounce_rate: z.number(),
  last_sent_at: z.string().nullable(),
});
export type InboxHealth = z.infer<typeof InboxHealth>;

export const Inbox = z.object({
  id: z.string(),
  kind: InboxKind,
  /** False for the local mailbox: what it "sends" stays in this app and reaches nobody. */
  delivers: z.boolean(),
  label: z.string(),
  email: z.string(),
  from_name: z.string(),
  smtp: MailServerInfo.nullable(),
  imap: MailServerInfo.nullable(),
  allow_plaintext: z.boolean(),
  daily_limit: z.number(),
  min_gap_seconds: z.number(),
  warmup: WarmUp.extend({ started_at: z.string().nullable() }),
  health: InboxHealth,
  imap_status: z.object({ last_polled_at: z.string().nullable(), error: z.string().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Inbox = z.infer<typeof Inbox>;

export const InboxList = z.object({ inboxes: z.array(Inbox), total: z.number() });
export type InboxList = z.infer<typeof InboxList>;

export const InboxIdParams = z.object({ id: z.string() });

export const ConnectionCheck = z.object({ ok: z.boolean(), message: z.string(), duration_ms: z.number() });
export type ConnectionCheck = z.infer<typeof ConnectionCheck>;

export const InboxTestResult = z.object({
  ok: z.boolean(),
  smtp: ConnectionCheck,
  /** Null when the inbox has no IMAP side (replies and bounces are then not read). */
  imap: ConnectionCheck.nullable(),
});
export type InboxTestResult = z.infer<typeof InboxTestResult>;
