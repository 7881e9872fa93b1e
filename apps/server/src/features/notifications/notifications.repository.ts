/** Drizzle calls for notifications; every query is scoped to one user in one workspace. */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notifications } from "./notifications.table.ts";

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export interface Owner {
  workspaceId: string;
  userId: string;
}

const owned = (o: Owner) => and(eq(notifications.userId, o.userId), eq(notifications.workspaceId, o.workspaceId));

export async function insertNotification(db: Db, values: NewNotification): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
}

/** Newest first; `before` is the (created_at, id) of the last row of the previous page. */
export async function listNotifications(
  db: Db,
  o: Owner,
  opts: { limit: number; unreadOnly: boolean; before?: { createdAt: Date; id: string } },
): Promise<NotificationRow[]> {
  const conditions = [owned(o)];
  if (opts.unreadOnly) conditions.push(eq(notifications.read, false));
  if (opts.before) {
    conditions.push(
      sql`(${notifications.createdAt}, ${notifications.id}) < (${opts.before.createdAt.toISOString()}::timestamptz, ${opts.before.id}::uuid)`,
    );
  }
  return db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit);
}

export async function countNotifications(db: Db, o: Owner): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.read} = false)`.mapWith(Number) })
    .from(notifications)
    .where(owned(o));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

export async function markRead(db: Db, o: Owner, id: string): Promise<NotificationRow | null> {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(owned(o), eq(notifications.id, id)))
    .returning();
  return row ?? null;
}

export async function markAllRead(db: Db, o: Owner): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(owned(o), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
