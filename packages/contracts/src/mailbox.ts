/**
 * The local mailbox: every system email the instance sent or kept. Without SMTP, messages stay
 * here with status "local" and `delivered: false`, so an admin can still read a reset link.
 */
import { z } from "zod";

export const MailStatus = z.enum(["queued", "sent", "local", "failed"]);
export type MailStatus = z.infer<typeof MailStatus>;

export const MailSummary = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: MailStatus,
  /** True only when an SMTP server accepted the message. */
  delivered: z.boolean(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type MailSummary = z.infer<typeof MailSummary>;

export const MailDetail = MailSummary.extend({ text: z.string(), html: z.string().nullable(), message_id: z.string().nullable() });
export type MailDetail = z.infer<typeof MailDetail>;

export const MailboxQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100, "per_page must be at most 100").default(20),
  status: MailStatus.optional(),
  to: z.string().max(254).optional(),
});

export const MailboxList = z.object({
  messages: z.array(MailSummary),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** False: nothing leaves this machine; every message is kept here only. */
  smtp_configured: z.boolean(),
});
export type MailboxList = z.infer<typeof MailboxList>;

export const MailIdParams = z.object({ id: z.string() });
