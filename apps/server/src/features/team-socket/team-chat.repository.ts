/**
 * Drizzle calls for team chat. Every query is scoped to one workspace; lists walk the
 * (workspace, channel, created_at, id) index, read marks their primary key.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../identity/index.ts";
import { workspaceMembers } from "../organizations/index.ts";
import { teamChatMessages, teamChatReads } from "./team-chat.table.ts";

export type ChatMessageRow = typeof teamChatMessages.$inferSelect & { userName: string | null };

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string | Date));

const messageColumns = {
  id: teamChatMessages.id,
  workspaceId: teamChatMessages.workspaceId,
  channel: teamChatMessages.channel,
  userId: teamChatMessages.userId,
  body: teamChatMessages.body,
  clientId: teamChatMessages.clientId,
  editedAt: teamChatMessages.editedAt,
  createdAt: teamChatMessages.createdAt,
  userName: users.name,
};

/**
 * Stores a message unless its sender already stored one with this client id (the offline queue's
 * re-send): then that one is returned, with `created` false.
 */
export async function insertMessage(
  db: Db,
  values: { workspaceId: string; channel: string; userId: string; body: string; clientId: string | null; createdAt: Date },
): Promise<{ id: string; created: boolean }> {
  const [row] = await db
    .insert(teamChatMessages)
    .values(values)
    .onConflictDoNothing({ target: [teamChatMessages.workspaceId, teamChatMessages.userId, teamChatMessages.clientId] })
    .returning({ id: teamChatMessages.id });
  if (row) return { id: row.id, created: true };
  const [existing] = await db
    .select({ id: teamChatMessages.id })
    .from(teamChatMessages)
    .where(
      and(
        eq(teamChatMessages.workspaceId, values.workspaceId),
        eq(teamChatMessages.userId, values.userId),
        eq(teamChatMessages.clientId, values.clientId ?? ""),
      ),
    );
  if (!existing) throw new Error("chat message conflict without a stored message");
  return { id: existing.id, created: false };
}

export async function findMessage(db: Db, workspaceId: string, id: string): Promise<ChatMessageRow | null> {
  const [row] = await db
    .select(messageColumns)
    .from(teamChatMessages)
    .leftJoin(users, eq(users.id, teamChatMessages.userId))
    .where(and(eq(teamChatMessages.workspaceId, workspaceId), eq(teamChatMessages.id, id)));
  return row ?? null;
}

/** Newest first; `before` is the (created_at, id) of the last message of the previous page. */
export async function listMessages(
  db: Db,
  workspaceId: string,
  channel: string,
  opts: { limit: number; before?: { createdAt: Date; id: string } },
): Promise<ChatMessageRow[]> {
  const conditions = [eq(teamChatMessages.workspaceId, workspaceId), eq(teamChatMessages.channel, channel)];
  if (opts.before) {
    conditions.push(
      sql`(${teamChatMessages.createdAt}, ${teamChatMessages.id}) < (${opts.before.createdAt.toISOString()}::timestamptz, ${opts.before.id}::uuid)`,
    );
  }
  return db
    .select(messageColumns)
    .from(teamChatMessages)
    .leftJoin(users, eq(users.id, teamChatMessages.userId))
    .where(and(...conditions))
    .orderBy(desc(teamChatMessages.createdAt), desc(teamChatMessages.id))
    .limit(opts.limit);
}

export interface ReadMark {
  userId: string;
  name: string;
  lastReadAt: Date;
}

/** The read marks of the channel's readers who are still active members of the workspace. */
export async function readMarks(db: Db, workspaceId: string, channel: string): Promise<ReadMark[]> {
  return db
    .select({ userId: teamChatReads.userId, name: users.name, lastReadAt: teamChatReads.lastReadAt })
    .from(teamChatReads)
    .innerJoin(users, eq(users.id, teamChatReads.userId))
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, teamChatReads.workspaceId),
        eq(workspaceMembers.userId, teamChatReads.userId),
        eq(workspaceMembers.status, "active"),
      ),
    )
    .where(and(eq(teamChatReads.workspaceId, workspaceId), eq(teamChatReads.channel, channel)))
    .orderBy(desc(teamChatReads.lastReadAt));
}

/**
 * Moves the member's read mark forward to `at` (never back). Returns the mark as it now stands
 * and whether it moved.
 */
export async function advanceReadMark(
  db: Db,
  mark: { workspaceId: string; channel: string; userId: string; at: Date },
): Promise<{ lastReadAt: Date; moved: boolean }> {
  const [row] = await db
    .insert(teamChatReads)
    .values({ workspaceId: mark.workspaceId, channel: mark.channel, userId: mark.userId, lastReadAt: mark.at })
    .onConflictDoUpdate({
      target: [teamChatReads.workspaceId, teamChatReads.channel, teamChatReads.userId],
      set: { lastReadAt: sql`excluded.last_read_at` },
      setWhere: sql`${teamChatReads.lastReadAt} < excluded.last_read_at`,
    })
    .returning({ lastReadAt: teamChatReads.lastReadAt });
  if (row) return { lastReadAt: row.lastReadAt, moved: true };
  const [cur] = await db
    .select({ lastReadAt: teamChatReads.lastReadAt })
    .from(teamChatReads)
    .where(
      and(eq(teamChatReads.workspaceId, mark.workspaceId), eq(teamChatReads.channel, mark.channel), eq(teamChatReads.userId, mark.userId)),
    );
  return { lastReadAt: cur?.lastReadAt ?? mark.at, moved: false };
}

export interface UnreadRow {
  channel: string;
  unread: number;
  lastReadAt: Date | null;
  lastMessageAt: Date | null;
}

/**
 * Per channel that has messages: how many messages from others came after the member's read mark
 * (counted up to `cap`). The channels are found by a loose index scan (one index probe per
 * channel, not a pass over every message), each count walks the index from the mark on.
 */
export async function unreadByChannel(
  db: Db,
  workspaceId: string,
  userId: string,
  opts: { cap: number; maxChannels: number },
): Promise<UnreadRow[]> {
  const res = await db.execute(sql`
    with recursive ch(channel) as (
      (select channel from team_chat_messages where workspace_id = ${workspaceId} order by channel limit 1)
      union all
      select (select m.channel from team_chat_messages m
              where m.workspace_id = ${workspaceId} and m.channel > ch.channel order by m.channel limit 1)
      from ch where ch.channel is not null
    )
    select ch.channel,
      r.last_read_at,
      (select m.created_at from team_chat_messages m where m.workspace_id = ${workspaceId} and m.channel = ch.channel
        order by m.created_at desc, m.id desc limit 1) as last_message_at,
      (select count(*) from (
        select 1 from team_chat_messages m
        where m.workspace_id = ${workspaceId} and m.channel = ch.channel
          and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
          and m.user_id is distinct from ${userId}::uuid
        limit ${opts.cap}) x) as unread
    from ch
    left join team_chat_reads r on r.workspace_id = ${workspaceId} and r.channel = ch.channel and r.user_id = ${userId}::uuid
    where ch.channel is not null
    limit ${opts.maxChannels}`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    channel: String(r.channel),
    unread: Number(r.unread),
    lastReadAt: toDate(r.last_read_at),
    lastMessageAt: toDate(r.last_message_at),
  }));
}
