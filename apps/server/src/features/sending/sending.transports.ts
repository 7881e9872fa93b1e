/**
 * Delivery per inbox: one pooled nodemailer transport per SMTP inbox, cached until the inbox's
 * settings change; the local mailbox "delivers" into mail_messages, marked local (never sent).
 */
import type { Transporter } from "nodemailer";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client.ts";
import type { SecretBox } from "../../platform/crypto.ts";
import type { AddressGuard } from "../../platform/safe-fetch.ts";
import { type InboxRow, smtpOptions } from "../inboxes/index.ts";
import { insertLocalMessages } from "./local-mailbox.repository.ts";
import type { ComposedMessage } from "./sending.compose.ts";

export interface DeliveryError extends Error {
  responseCode?: number;
  code?: string;
  command?: string;
}

export interface Transports {
  /** Resolves with the server's answer; rejects with nodemailer's error (responseCode, code). */
  deliver(inbox: InboxRow, message: ComposedMessage): Promise<string>;
  /** The local mailbox takes a whole batch in one insert; `kind` labels it there (campaign mail by default). */
  deliverLocal(inbox: InboxRow, workspaceId: string, messages: ComposedMessage[], kind?: string): Promise<void>;
  close(): void;
}

/** `guard` checks every SMTP connection's address (OUTBOUND_ALLOWLIST): see inboxes.connection.ts. */
export function createTransports(deps: { db: Db; box: SecretBox; guard: AddressGuard }): Transports {
  const cache = new Map<string, { version: number; transport: Transporter }>();

  const transportFor = (inbox: InboxRow): Transporter => {
    const version = inbox.updatedAt.getTime();
    const hit = cache.get(inbox.id);
    if (hit && hit.version === version) return hit.transport;
    hit?.transport.close();
    const transport = nodemailer.createTransport(smtpOptions(inbox, deps.box, deps.guard, { pool: true }));
    cache.set(inbox.id, { version, transport });
    return transport;
  };

  return {
    async deliver(inbox, m) {
      const info = await transportFor(inbox).sendMail({
        messageId: m.messageId,
        from: m.from,
        to: m.toName ? { name: m.toName, address: m.to } : m.to,
        subject: m.subject,
        html: m.html,
        text: m.text,
        headers: m.headers,
      });
      return String(info.response ?? "");
    },
    async deliverLocal(inbox, workspaceId, messages, kind = "campaign") {
      if (messages.length === 0) return;
      await insertLocalMessages(
        deps.db,
        messages.map((m) => ({
          workspaceId,
          toAddress: m.to,
          fromAddress: m.from.name ? `${m.from.name} <${inbox.email}>` : inbox.email,
          subject: m.subject,
          text: m.text,
          html: m.html,
          kind,
          status: "local" as const,
          messageId: m.messageId,
          sentAt: new Date(),
        })),
      );
    },
    close() {
      for (const { transport } of cache.values()) transport.close();
      cache.clear();
    },
  };
}
