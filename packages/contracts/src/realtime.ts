/**
 * The team live connection (outreach-core §4, §7, §9): socket constants, the messages a browser
 * sends and the events it receives. Every frame is JSON `{type, payload}`.
 */
import { z } from "zod";
import type { EnrichmentJobProgress } from "./enrichment.ts";
import type { ScrapingJobProgress } from "./scraping.ts";
import { type ChatMessage, type ChatReadEvent, ChatReadMessage, ChatSendMessage } from "./team-chat.ts";

export const TEAM_SOCKET_PATH = "/ws/team";
/** Clients ping this often; the server treats a connection silent for PRESENCE_TTL_MS as gone. */
export const SOCKET_HEARTBEAT_MS = 30_000;
export const PRESENCE_TTL_MS = 90_000;
export const SOCKET_RECONNECT = { baseDelayMs: 5_000, factor: 1.5, maxDelayMs: 30_000, maxAttempts: 10 } as const;
/** Messages a client queues while offline. */
export const SOCKET_QUEUE_MAX = 100;
/** Largest frame the server accepts. */
export const SOCKET_MAX_PAYLOAD_BYTES = 64 * 1024;

/** Close codes in the application range (4000–4999), so clients can tell why they were dropped. */
export const SOCKET_CLOSE = {
  unauthorized: 4401,
  /** The member is suspended (or no longer a member) in the workspace(s) the socket was in. */
  forbidden: 4403,
  idle: 4408,
  /** Too many messages per second on this connection, or too many connections for this user. */
  tooManyRequests: 4429,
} as const;

/** What one user or connection may hold on the team socket; see docs/decisions.md. */
export const SOCKET_LIMITS = {
  connectionsPerUser: 10,
  subscriptionsPerConnection: 100,
  locksPerUser: 10,
  /** Sustained rate; a burst of `messagesBurst` is allowed so a client can flush its offline queue. */
  messagesPerSecond: 20,
  messagesBurst: SOCKET_QUEUE_MAX + 20,
  /** A socket opened without `?token=` must send its `auth` frame within this time. */
  authTimeoutMs: 10_000,
} as const;

/**
 * The first frame of a socket opened without `?token=` (what the web app does, so the session
 * token never appears in a URL that proxies, logs or browser history keep).
 */
export const SocketAuthMessage = z.object({
  type: z.literal("auth"),
  payload: z.object({ token: z.string().min(1).max(4096), workspace_id: z.string().max(64).optional() }),
});
export type SocketAuthMessage = z.infer<typeof SocketAuthMessage>;

export const PresenceStatus = z.enum(["online", "away", "busy"]);
export type PresenceStatus = z.infer<typeof PresenceStatus>;

/** A resource two people may work on together, e.g. `lead:0193…` or `campaign:0193…`. */
export const ResourceKey = z
  .string()
  .min(1, "resource is required")
  .max(200, "resource must be at most 200 characters")
  .regex(/^[\w.:/-]+$/, "resource may contain letters, digits and . : / - _ only");

/**
 * The resource a campaign's edit lock is taken on (`collaboration.lock`): while another member's
 * live socket holds it, saving the campaign answers 423 CAMPAIGN_LOCKED.
 */
export const campaignLockResource = (campaignId: string): string => `campaign:${campaignId}`;

export const Presence = z.object({
  user_id: z.string(),
  name: z.string(),
  status: PresenceStatus,
  current_resource: z.string().nullable(),
  last_activity: z.string(),
});
export type Presence = z.infer<typeof Presence>;

const WorkspaceRef = z.object({ workspace_id: z.string().min(1, "workspace_id is required") });
const ResourceRef = z.object({ resource: ResourceKey });

/** Browser → server. */
export const ClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping"), payload: z.unknown().optional() }),
  z.object({ type: z.literal("workspace.join"), payload: WorkspaceRef }),
  z.object({ type: z.literal("workspace.leave"), payload: WorkspaceRef }),
  z.object({ type: z.literal("workspace.switch"), payload: WorkspaceRef }),
  z.object({
    type: z.literal("presence.update"),
    payload: z.object({ status: PresenceStatus.optional(), current_resource: ResourceKey.nullable().optional() }),
  }),
  z.object({ type: z.literal("collaboration.subscribe"), payload: ResourceRef }),
  z.object({ type: z.literal("collaboration.unsubscribe"), payload: ResourceRef }),
  z.object({ type: z.literal("collaboration.lock"), payload: ResourceRef }),
  z.object({ type: z.literal("collaboration.unlock"), payload: ResourceRef }),
  z.object({ type: z.literal("collaboration.update"), payload: ResourceRef.extend({ data: z.unknown() }) }),
  z.object({ type: z.literal("activity.request"), payload: z.object({}).optional() }),
  // Team chat (team-chat.ts): persisted, then `message.new` / `message.read` to the workspace room.
  z.object({ type: z.literal("message.send"), payload: ChatSendMessage }),
  z.object({ type: z.literal("message.read"), payload: ChatReadMessage }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;
export type ClientMessageType = ClientMessage["type"];
export const CLIENT_MESSAGE_TYPES = ClientMessage.options.map((o) => o.shape.type.value);

export const CollaborationUser = z.object({ user_id: z.string(), name: z.string() });
export const CollaborationLock = z.object({ user_id: z.string(), name: z.string(), since: z.string() });

/** Server → browser events and their payloads. */
export interface ServerEvents {
  connected: { user_id: string; workspace_id: string; heartbeat_ms: number; presence: Presence[] };
  pong: { time: string };
  /** `client_id`: the refused `message.send`/`message.read`'s, so the sender can drop it from its queue. */
  error: {
    message: string;
    code?: string;
    request_type?: string;
    resource?: string;
    locked_by?: z.infer<typeof CollaborationLock>;
    client_id?: string;
  };
  "workspace.joined": { workspace_id: string; role: string; presence: Presence[] };
  "workspace.left": { workspace_id: string };
  "workspace.switched": { workspace_id: string; role: string; presence: Presence[] };
  "presence.update": Presence & { workspace_id: string };
  "team.member_joined": { workspace_id: string; user_id: string; name: string; status: PresenceStatus };
  "team.member_left": { workspace_id: string; user_id: string; name: string };
  "team.member_updated": { workspace_id: string; user_id: string; [k: string]: unknown };
  "collaboration.users": {
    workspace_id: string;
    resource: string;
    users: z.infer<typeof CollaborationUser>[];
    lock: z.infer<typeof CollaborationLock> | null;
  };
  "collaboration.update": { workspace_id: string; resource: string; user_id: string; name: string; data: unknown };
  "activity.response": { workspace_id: string; users: Presence[] };
  /** A chat message was stored (also to its sender: match it to the queued one by client_id). */
  "message.new": ChatMessage;
  /** A member's read mark in a channel moved forward. */
  "message.read": ChatReadEvent;
  "notification.created": { workspace_id: string; notification: unknown };
  "notification.read": { workspace_id: string; ids: string[] | "all" };
  /** The user's (or, without user_id, everyone's in the workspace) effective permissions may have changed: reload them. */
  "permissions.updated": { workspace_id: string; user_id?: string };
  // Background jobs report progress to the whole workspace (payloads defined by each feature).
  "scraping_job.progress": ScrapingJobProgress;
  "enrichment_job.progress": EnrichmentJobProgress;
  "lead_import.progress": { id: string; status: string; progress: number; [k: string]: unknown };
}
export type ServerEventType = keyof ServerEvents;
export interface ServerMessage<T extends ServerEventType = ServerEventType> {
  type: T;
  payload: ServerEvents[T];
}
