/**
 * Team chat (/team/chat): persisted messages per workspace channel with read receipts, over the
 * team socket (`message.send`, `message.read` → `message.new`, `message.read`) and over HTTP
 * (/api/v1/team/chat/*) for clients without the socket. A message is read by everyone whose read
 * mark (`last_read_at`) in its channel is at or after its `created_at`.
 */
import { z } from "zod";

export const TEAM_CHAT_DEFAULT_CHANNEL = "general";
export const TEAM_CHAT_BODY_MAX = 4000;
export const TEAM_CHAT_DEFAULT_LIMIT = 50;
export const TEAM_CHAT_MAX_LIMIT = 100;

/** A channel name: lower-case letters, digits, - and _ (e.g. "general", "deals-eu"). */
export const ChatChannel = z
  .string()
  .trim()
  .min(1, "channel is required")
  .max(50, "channel must be at most 50 characters")
  .regex(/^[a-z0-9][a-z0-9_-]*$/, "channel may contain lower-case letters, digits, - and _ only");

/** Trimmed; 1..4000 characters after trimming. */
export const ChatBody = z
  .string()
  .trim()
  .min(1, "Message cannot be empty")
  .max(TEAM_CHAT_BODY_MAX, `Message must be at most ${TEAM_CHAT_BODY_MAX} characters`);

/** The sender's own id for a message (offline queue): a message re-sent with the same id is stored once. */
export const ChatClientId = z.string().min(1, "client_id is required").max(100, "client_id must be at most 100 characters");

export const ChatUser = z.object({ id: z.string(), name: z.string() });
export type ChatUser = z.infer<typeof ChatUser>;

export const ChatMessage = z.object({
  id: z.string(),
  workspace_id: z.string(),
  channel: z.string(),
  /** null when the author's account was deleted. */
  user: ChatUser.nullable(),
  body: z.string(),
  client_id: z.string().nullable().optional(),
  created_at: z.string(),
  /** Members other than the author whose read mark is at or after this message (in lists). */
  read_by_count: z.number().int().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** One member's read mark in a channel. */
export const ChatReadState = z.object({
  channel: z.string(),
  user_id: z.string(),
  /** Shown with read receipts ("Seen by Ana, Ben"). */
  name: z.string().optional(),
  last_read_at: z.string(),
});
export type ChatReadState = z.infer<typeof ChatReadState>;

/** GET /api/v1/team/chat/messages: newest first; `before` is the previous page's next_cursor. */
export const ChatMessagesQuery = z.object({
  channel: ChatChannel.default(TEAM_CHAT_DEFAULT_CHANNEL),
  before: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, `limit must be between 1 and ${TEAM_CHAT_MAX_LIMIT}`)
    .max(TEAM_CHAT_MAX_LIMIT, `limit must be between 1 and ${TEAM_CHAT_MAX_LIMIT}`)
    .default(TEAM_CHAT_DEFAULT_LIMIT),
});
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuery>;

export const ChatPage = z.object({
  items: z.array(ChatMessage),
  next_cursor: z.string().nullable(),
  /**
   * Every member's read mark in the channel (with names): a message is read by the members whose
   * mark is at or after its created_at, so any message's receipts can be named from these.
   */
  read_marks: z.array(ChatReadState),
});
export type ChatPage = z.infer<typeof ChatPage>;

/** POST /api/v1/team/chat/messages (201 when stored, 200 when this client_id was already stored). */
export const ChatSendInput = z.object({
  channel: ChatChannel.default(TEAM_CHAT_DEFAULT_CHANNEL),
  body: ChatBody,
  client_id: ChatClientId.optional(),
});
export type ChatSendInput = z.infer<typeof ChatSendInput>;

/** POST /api/v1/team/chat/read: up to a time, or up to and including a message. A mark never moves back. */
export const ChatReadInput = z
  .object({
    channel: ChatChannel.default(TEAM_CHAT_DEFAULT_CHANNEL),
    last_read_at: z.iso.datetime({ offset: true, message: "last_read_at must be an ISO 8601 date-time" }).optional(),
    message_id: z.string().max(64).optional(),
  })
  .refine((v) => (v.last_read_at === undefined) !== (v.message_id === undefined), {
    message: "Give either last_read_at or message_id",
    path: ["last_read_at"],
  });
export type ChatReadInput = z.infer<typeof ChatReadInput>;

/** GET /api/v1/team/chat/unread: per channel with messages, those from others after the caller's mark. */
export const ChatUnreadChannel = z.object({
  channel: z.string(),
  /** Capped at TEAM_CHAT_UNREAD_CAP ("99+" in the UI). */
  unread: z.number().int(),
  last_read_at: z.string().nullable(),
  last_message_at: z.string().nullable(),
});
export const TEAM_CHAT_UNREAD_CAP = 1000;
export const ChatUnread = z.object({ channels: z.array(ChatUnreadChannel), total: z.number().int() });
export type ChatUnread = z.infer<typeof ChatUnread>;

/** Socket: browser → server payloads (see realtime.ts ClientMessage). */
export const ChatSendMessage = z.object({
  workspace_id: z.string().min(1, "workspace_id is required"),
  channel: ChatChannel.default(TEAM_CHAT_DEFAULT_CHANNEL),
  body: ChatBody,
  client_id: ChatClientId,
});
export const ChatReadMessage = z
  .object({
    workspace_id: z.string().min(1, "workspace_id is required"),
    channel: ChatChannel.default(TEAM_CHAT_DEFAULT_CHANNEL),
    last_read_at: z.iso.datetime({ offset: true, message: "last_read_at must be an ISO 8601 date-time" }).optional(),
    message_id: z.string().max(64).optional(),
  })
  .refine((v) => (v.last_read_at === undefined) !== (v.message_id === undefined), {
    message: "Give either last_read_at or message_id",
    path: ["last_read_at"],
  });

/** Socket: server → browser `message.read` (someone's read mark moved forward). */
export const ChatReadEvent = z.object({
  workspace_id: z.string(),
  channel: z.string(),
  user_id: z.string(),
  name: z.string(),
  last_read_at: z.string(),
});
export type ChatReadEvent = z.infer<typeof ChatReadEvent>;
