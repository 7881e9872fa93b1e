/**
 * System email (verification, password reset, invites). Every message is written to
 * mail_messages first, then delivered by the `mail.deliver` job: over SMTP when SMTP_URL is set,
 * otherwise it stays in the in-app local mailbox, marked as not delivered.
 */
import { eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Jobs } from "./jobs.ts";
import { mailMessages } from "./mailbox.table.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for: verification, password_reset, invite, … */
  kind: string;
  workspaceId?: string | null;
  /** Files to attach (kept with the message until it is delivered). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface Mailer {
  /** Stores the message and queues its delivery; resolves once it is safely stored. */
  send(message: MailMessage): Promise<{ id: string }>;
  /** True when real delivery is configured. */
  readonly delivers: boolean;
  close(): void;
}

export const MAIL_DELIVER = "mail.deliver";

export function createMailer(deps: { config: Config; db: Db; jobs: Jobs }): Mailer {
  const { config, db, jobs } = deps;
  const transport: Transporter | null = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL, { from: config.MAIL_FROM }) : null;

  jobs.define<{ id: string }>(
    MAIL_DELIVER,
    async ({ id }) => {
      const [msg] = await db.select().from(mailMessages).where(eq(mailMessages.id, id)).limit(1);
      // Idempotent: a retried job never sends twice.
      if (msg?.status !== "queued") return;
      if (!transport) {
        await db.update(mailMessages).set({ status: "local" }).where(eq(mailMessages.id, id));
        return;
      }
      try {
        const info = await transport.sendMail({
          from: msg.fromAddress,
          to: msg.toAddress,
          subject: msg.subject,
          text: msg.text,
          html: msg.html ?? undefined,
          attachments: msg.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.base64, "base64"),
          })),
        });
        await db
          .update(mailMessages)
          .set({ status: "sent", sentAt: new Date(), messageId: info.messageId, error: null })
          .where(eq(mailMessages.id, id));
      } catch (err) {
        const error = (err as Error).message.slice(0, 500);
        // A 5xx reply (unknown mailbox, rejected sender) will not change on retry: mark it failed
        // so the mailbox shows it; anything else (connection refused, 4xx) is retried with backoff.
        const permanent = ((err as { responseCode?: number }).responseCode ?? 0) >= 500;
        await db
          .update(mailMessages)
          .set(permanent ? { status: "failed", error } : { error })
          .where(eq(mailMessages.id, id));
        if (!permanent) throw err;
      }
    },
    { retryLimit: 5, retryDelay: 10, expireInSeconds: 120 },
  );

  return {
    delivers: transport !== null,
    async send(message) {
      const [row] = await db
        .insert(mailMessages)
        .values({
          toAddress: message.to,
          fromAddress: config.MAIL_FROM,
          subject: message.subject,
          text: message.text,
          html: message.html,
          kind: message.kind,
          attachments: message.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            base64: a.content.toString("base64"),
          })),
          workspaceId: message.workspaceId ?? null,
          status: "queued",
        })
        .returning({ id: mailMessages.id });
      await jobs.send(MAIL_DELIVER, { id: row!.id });
      return { id: row!.id };
    },
    close() {
      transport?.close();
    },
  };
}
