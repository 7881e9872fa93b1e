/**
 * One-off sends from /compose: POST /api/compose/send renders one email (Liquid with the
 * lead's fields when lead_id is given), sends it from a chosen inbox or the local mailbox and
 * records it; GET /api/compose/sent lists the workspace's one-off sends, newest first.
 */
import { z } from "zod";

export const COMPOSE_LOCAL_INBOX = "local";

const noLineBreaks = (s: string) => !/[\r\n]/.test(s);

export const ComposeSendRequest = z.object({
  /** An inbox of the workspace, or "local" for its local mailbox (kept in the app, never delivered). */
  inbox_id: z.union([z.literal(COMPOSE_LOCAL_INBOX), z.uuid("Pick an inbox")], "Pick an inbox"),
  to: z
    .string("Enter the recipient's email address")
    .trim()
    .toLowerCase()
    .max(320, "At most 320 characters")
    .pipe(z.email("Enter a valid email address")),
  to_name: z.string().trim().max(200, "At most 200 characters").refine(noLineBreaks, "The name must be on one line").optional(),
  /** Liquid template; rendered on one line. */
  subject: z.string("Enter a subject").trim().min(1, "Enter a subject").max(500, "At most 500 characters"),
  /** Liquid template; plain text (line breaks kept) or HTML. */
  body: z
    .string("Write the email")
    .max(100_000, "At most 100,000 characters")
    .refine((s) => s.trim().length > 0, "Write the email"),
  /** Renders the template with this lead's fields; the lead is marked contacted once delivered. */
  lead_id: z.uuid("Not a valid lead id").optional(),
  /** Default: the sender's email settings (track_opens, track_clicks). */
  track_opens: z.boolean().optional(),
  track_clicks: z.boolean().optional(),
});
export type ComposeSendRequest = z.input<typeof ComposeSendRequest>;

/**
 * sending: committed, on the wire; sent: the SMTP server accepted it; local: kept in the local
 * mailbox, reaches nobody; bounced: the recipient was refused at send time or a hard bounce (DSN)
 * came back later over IMAP (address suppressed); failed: not delivered (the server's words in `error`).
 */
export const ComposeStatus = z.enum(["sending", "sent", "local", "bounced", "failed"]);
export type ComposeStatus = z.infer<typeof ComposeStatus>;

export const ComposeMessage = z.object({
  id: z.string(),
  inbox_id: z.string().nullable(),
  /** The sending address as it went out ("Name <address>"). */
  from: z.string(),
  to: z.string(),
  to_name: z.string().nullable(),
  subject: z.string(),
  lead_id: z.string().nullable(),
  status: ComposeStatus,
  /** True only when an SMTP server accepted it. */
  delivered: z.boolean(),
  error: z.string().nullable(),
  /** RFC 5322 Message-ID header. */
  message_id: z.string().nullable(),
  track_opens: z.boolean(),
  track_clicks: z.boolean(),
  /** Human opens and clicks (mail-privacy proxies and link scanners are not counted). */
  opens: z.number(),
  clicks: z.number(),
  opened_at: z.string().nullable(),
  clicked_at: z.string().nullable(),
  /** The first reply from a person, read over the inbox's IMAP (auto-replies are not replies). */
  replied_at: z.string().nullable(),
  /** When the recipient was refused at send time or a hard bounce notice arrived over IMAP. */
  bounced_at: z.string().nullable(),
  sent_by: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type ComposeMessage = z.infer<typeof ComposeMessage>;

export const ComposeSentQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100, "At most 100 per page").default(20),
});
export type ComposeSentQuery = z.infer<typeof ComposeSentQuery>;

export const ComposeSentList = z.object({
  messages: z.array(ComposeMessage),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  total_pages: z.number(),
});
export type ComposeSentList = z.infer<typeof ComposeSentList>;
