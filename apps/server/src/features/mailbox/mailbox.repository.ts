/** Drizzle calls for the local mailbox (mail_messages, written by platform/mailer.ts). */

import type { MailStatus } from "@prospector/contracts";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailMessages } from "../../platform/mailbox.table.ts";

export type MailRow = typeof mailMessages.$inferSelect;

export async function listMail(db: Db, f: { status?: MailStatus; to?: string }, page: { limit: number; offset: number }) {
  const c: SQL[] = [];
  if (f.status) c.push(eq(mailMessages.status, f.status));
  if (f.to) c.push(eq(mailMessages.toAddress, f.to));
  const where = c.length ? and(...c) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailMessages)
      .where(where)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(mailMessages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function getMail(db: Db, id: string): Promise<MailRow | null> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id)).limit(1);
  return row ?? null;
}
