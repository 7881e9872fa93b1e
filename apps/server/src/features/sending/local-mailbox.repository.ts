/** The local mailbox "delivers" into the mailer's own store (platform/mailbox.table.ts), marked local: never sent. */
import type { Db } from "../../db/client.ts";
import { mailMessages } from "../../platform/mailbox.table.ts";

export async function insertLocalMessages(db: Pick<Db, "insert">, rows: (typeof mailMessages.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(mailMessages).values(rows);
}
