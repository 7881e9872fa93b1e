/**
 * Team chat rules, shared by the socket (`message.send`, `message.read`) and HTTP
 * (/api/v1/team/chat/*): a message is stored once per (sender, client id) and then broadcast to
 * the workspace room on every process; a read mark only moves forward, and each move is broadcast.
 * Callers are active members of the workspace (the access hook and the socket check that).
 */
import {
  type ChatMessage,
  type ChatMessagesQuery,
  type ChatPage,
  type ChatReadState,
  type ChatUnread,
  TEAM_CHAT_UNREAD_CAP,
} from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import * as repo from "./team-chat.repository.ts";

type Ctx = Pick<AppContext, "db" | "realtime">;

/** Who is chatting, in which workspace. */
export interface ChatMember {
  workspaceId: string;
  userId: string;
  name: string;
}

export interface SendInput {
  channel: string;
  body: string;
  client_id?: string | null;
}

/** Exactly one of `last_read_at` and `message_id` (the contracts refuse both or neither). */
export interface ReadInput {
  channel: string;
  last_read_at?: string;
  message_id?: string;
}

/** Channels listed by GET /unread (a workspace has a handful). */
const MAX_CHANNELS = 200;

function toMessage(row: repo.ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    channel: row.channel,
    user: row.userId ? { id: row.userId, name: row.userName ?? "" } : null,
    body: row.body,
    client_id: row.clientId,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Stores the message (or finds the one this client id already stored) and, when it is new,
 * broadcasts `message.new` to the workspace room. `created` false: a re-send, broadcast nothing.
 */
export async function sendChatMessage(ctx: Ctx, member: ChatMember, input: SendInput): Promise<{ message: ChatMessage; created: boolean }> {
  const { id, created } = await repo.insertMessage(ctx.db, {
    workspaceId: member.workspaceId,
    channel: input.channel,
    userId: member.userId,
    body: input.body,
    clientId: input.client_id ?? null,
    // Millisecond precision (what JS and the wire carry) keeps cursors and read marks exact.
    createdAt: new Date(),
  });
  const row = await repo.findMessage(ctx.db, member.workspaceId, id);
  if (!row) throw new AppError("CHAT_MESSAGE_NOT_FOUND");
  const message = toMessage(row);
  if (created) await ctx.realtime.toWorkspace(member.workspaceId, "message.new", message);
  return { message, created };
}

/**
 * Moves the member's read mark in the channel forward — to a time (never past now) or to a
 * message of the channel — and broadcasts `message.read` when it moved.
 */
export async function markChatRead(ctx: Ctx, member: ChatMember, input: ReadInput): Promise<ChatReadState> {
  let at: Date;
  if (input.message_id !== undefined) {
    const msg = isUuid(input.message_id) ? await repo.findMessage(ctx.db, member.workspaceId, input.message_id) : null;
    if (!msg || msg.channel !== input.channel) throw new AppError("CHAT_MESSAGE_NOT_FOUND");
    at = msg.createdAt;
  } else {
    const now = Date.now();
    at = new Date(Math.min(Date.parse(input.last_read_at ?? ""), now));
    if (Number.isNaN(at.getTime())) throw new AppError("VALIDATION_FAILED", "last_read_at must be an ISO 8601 date-time");
  }
  const mark = await repo.advanceReadMark(ctx.db, {
    workspaceId: member.workspaceId,
    channel: input.channel,
    userId: member.userId,
    at,
  });
  const state = { channel: input.channel, user_id: member.userId, name: member.name, last_read_at: mark.lastReadAt.toISOString() };
  if (mark.moved) await ctx.realtime.toWorkspace(member.workspaceId, "message.read", { workspace_id: member.workspaceId, ...state });
  return state;
}

function encodeCursor(m: ChatMessage): string {
  return Buffer.from(`${m.created_at}|${m.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw new AppError("INVALID_CURSOR");
  return { createdAt, id };
}

/**
 * A page of the channel, newest first, each message with how many other members have read it,
 * and every active member's read mark (so the client names the readers of any message).
 */
export async function listChatMessages(ctx: Pick<AppContext, "db">, workspaceId: string, q: ChatMessagesQuery): Promise<ChatPage> {
  const before = q.before ? decodeCursor(q.before) : undefined;
  const [rows, marks] = await Promise.all([
    repo.listMessages(ctx.db, workspaceId, q.channel, { limit: q.limit + 1, before }),
    repo.readMarks(ctx.db, workspaceId, q.channel),
  ]);
  const items = rows.slice(0, q.limit).map((row) => ({
    ...toMessage(row),
    read_by_count: marks.filter((m) => m.userId !== row.userId && m.lastReadAt >= row.createdAt).length,
  }));
  const last = items.at(-1);
  return {
    items,
    next_cursor: rows.length > q.limit && last ? encodeCursor(last) : null,
    read_marks: marks.map((m) => ({ channel: q.channel, user_id: m.userId, name: m.name, last_read_at: m.lastReadAt.toISOString() })),
  };
}

/** Unread messages (from others, after the caller's mark) per channel that has messages. */
export async function chatUnread(ctx: Pick<AppContext, "db">, member: Omit<ChatMember, "name">): Promise<ChatUnread> {
  const rows = await repo.unreadByChannel(ctx.db, member.workspaceId, member.userId, {
    cap: TEAM_CHAT_UNREAD_CAP,
    maxChannels: MAX_CHANNELS,
  });
  const channels = rows.map((r) => ({
    channel: r.channel,
    unread: r.unread,
    last_read_at: r.lastReadAt?.toISOString() ?? null,
    last_message_at: r.lastMessageAt?.toISOString() ?? null,
  }));
  return { channels, total: channels.reduce((n, c) => n + c.unread, 0) };
}
