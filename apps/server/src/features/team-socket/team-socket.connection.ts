/**
 * One browser's team socket: the workspace rooms it joined, its presence, the resources it follows
 * and the locks it holds. Messages are handled one at a time in arrival order; everything it holds
 * is released when it closes. It keeps within SOCKET_LIMITS, and leaves a room (closing when none
 * is left) as soon as a re-check finds the member suspended there. Chat messages and read marks
 * (`message.send`, `message.read`) are stored through team-chat.service.ts, as over HTTP.
 */
import {
  type ClientMessage,
  ClientMessage as ClientMessageSchema,
  PRESENCE_TTL_MS,
  type Presence,
  type PresenceStatus,
  type ServerEvents,
  type ServerEventType,
  SOCKET_CLOSE,
  SOCKET_HEARTBEAT_MS,
} from "@prospector/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { Db } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { type Envelope, type Realtime, userChannel, workspaceChannel } from "../../platform/realtime.ts";
import type { AccessEngine, InvalidateScope } from "../access/index.ts";
import type { SessionAuthenticator } from "../identity/index.ts";
import { markChatRead, sendChatMessage } from "./team-chat.service.ts";
import { DEFAULT_SOCKET_LIMITS, type SocketLimits } from "./team-socket.limits.ts";
import { collapsePresence, type Member, type RealtimeState } from "./team-socket.state.ts";

export interface ConnectionDeps {
  realtime: Realtime;
  /** Presence, follows, locks and connection counts, shared by every API process (team-socket.state.ts). */
  state: RealtimeState;
  authenticator: Pick<SessionAuthenticator, "resolveToken">;
  access: Pick<AccessEngine, "isActive">;
  /** Where chat messages and read marks are stored. */
  db: Db;
  log: FastifyBaseLogger;
  limits?: SocketLimits;
  now?: () => number;
}

/**
 * An event reaches every socket of a room on this process as the same envelope: it is encoded
 * once, not once per socket (bench/socket.bench.ts, a room of 1,000).
 */
const encoded = new WeakMap<Envelope, Buffer>();
function frameOf(e: Envelope): Buffer {
  let frame = encoded.get(e);
  if (!frame) {
    frame = Buffer.from(JSON.stringify({ type: e.type, payload: e.payload }));
    encoded.set(e, frame);
  }
  return frame;
}

/** How often a busy connection refreshes its entry in the per-user connection count. */
const CONNECTION_TOUCH_MS = 15_000;

/** Raised inside a handler to answer the sender with an `error` event and carry on. */
class SocketError extends Error {
  readonly extra: Omit<ServerEvents["error"], "message">;
  constructor(message: string, extra: Omit<ServerEvents["error"], "message"> = {}) {
    super(message);
    this.extra = extra;
  }
}

export class TeamConnection {
  readonly id = newId();
  lastActivity: number;
  private readonly rooms = new Map<string, AuthContext>();
  private current: string | null = null;
  private status: PresenceStatus = "online";
  private currentResource: string | null = null;
  /** workspace → resources followed / locked there. */
  private readonly following = new Map<string, Set<string>>();
  private readonly locks = new Map<string, Set<string>>();
  private queue: Promise<void> = Promise.resolve();
  private disposed = false;
  private counted = false;
  private connectionTouched = 0;
  private readonly now: () => number;
  private readonly limits: SocketLimits;
  private readonly socket: WebSocket;
  private readonly token: string;
  private auth: AuthContext;
  private readonly deps: ConnectionDeps;

  constructor(socket: WebSocket, token: string, auth: AuthContext, deps: ConnectionDeps) {
    this.socket = socket;
    this.token = token;
    this.auth = auth;
    this.deps = deps;
    this.now = deps.now ?? Date.now;
    this.lastActivity = this.now();
    this.limits = deps.limits ?? DEFAULT_SOCKET_LIMITS;
  }

  get userId(): string {
    return this.auth.userId;
  }

  isIdle(): boolean {
    return this.now() - this.lastActivity > PRESENCE_TTL_MS;
  }

  send<T extends ServerEventType>(type: T, payload: ServerEvents[T]): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify({ type, payload }));
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  /**
   * Counts this connection against the user's limit, joins their user channel and workspace room,
   * then greets them. False (and the socket closed) when the user already has too many open.
   */
  async open(): Promise<boolean> {
    const max = this.limits.connectionsPerUser;
    if (!(await this.deps.state.addConnection(this.auth.userId, this.id, max))) {
      this.close(SOCKET_CLOSE.tooManyRequests, `Too many connections: at most ${max} open team sockets per user`);
      return false;
    }
    this.counted = true;
    this.connectionTouched = this.now();
    await this.deps.realtime.join(userChannel(this.auth.userId), this.id, (e) => this.forward(e));
    const presence = await this.enterRoom(this.auth);
    this.current = this.auth.workspaceId;
    this.send("connected", {
      user_id: this.auth.userId,
      workspace_id: this.auth.workspaceId,
      heartbeat_ms: SOCKET_HEARTBEAT_MS,
      presence,
    });
    return true;
  }

  receive(raw: string): void {
    this.lastActivity = this.now();
    this.queue = this.queue
      .then(() => this.handle(raw))
      .catch((err: unknown) => {
        this.deps.log.error({ err }, "team socket message failed");
        this.send("error", { message: "Server error occurred. Please try again later." });
      });
  }

  /** Releases rooms, follows and locks; safe to call more than once. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.queue;
    for (const ws of [...this.rooms.keys()]) await this.leaveRoom(ws);
    await this.deps.realtime.leave(userChannel(this.auth.userId), this.id);
    if (this.counted) await this.deps.state.removeConnection(this.auth.userId, this.id);
  }

  /** Whether an invalidation (empty: everything) may change what this connection is allowed. */
  concerns(scope: InvalidateScope): boolean {
    if (scope.userId && scope.userId !== this.auth.userId) return false;
    if (scope.workspaceId && !this.rooms.has(scope.workspaceId)) return false;
    if (scope.organizationId && ![...this.rooms.values()].some((c) => c.organizationId === scope.organizationId)) return false;
    return true;
  }

  /** Re-checks the session and every room's membership, in turn with the messages being handled. */
  recheck(): void {
    this.queue = this.queue
      .then(async () => void (await this.checkAccess()))
      .catch((err: unknown) => this.deps.log.error({ err }, "team socket access re-check failed"));
  }

  private forward(e: Envelope): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(frameOf(e), { binary: false });
  }

  private async handle(raw: string): Promise<void> {
    // Closing (signed out, suspended, over a limit): nothing more is done for this socket.
    if (this.disposed || this.socket.readyState !== this.socket.OPEN) return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return this.send("error", { message: "Invalid message: expected JSON {type, payload}" });
    }
    const parsed = ClientMessageSchema.safeParse(json);
    const type = typeof (json as { type?: unknown })?.type === "string" ? (json as { type: string }).type : undefined;
    // A refused chat message names its client_id, so the sender can take it out of its queue.
    const clientId = (json as { payload?: { client_id?: unknown } } | null)?.payload?.client_id;
    const about = typeof clientId === "string" ? { client_id: clientId } : {};
    if (!parsed.success) {
      const known = ClientMessageSchema.options.some((o) => o.shape.type.value === type);
      const message = !type
        ? "Invalid message: expected JSON {type, payload}"
        : known
          ? `Invalid ${type}: ${parsed.error.issues[0]?.message ?? "invalid payload"}`
          : `Unknown message type "${type}"`;
      return this.send("error", { message, code: known ? "INVALID_MESSAGE" : "UNKNOWN_TYPE", request_type: type, ...about });
    }
    await this.touch();
    try {
      await this.dispatch(parsed.data);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) {
        return this.send("error", { message: err.message, code: err.code, request_type: parsed.data.type, ...about });
      }
      if (!(err instanceof SocketError)) throw err;
      this.send("error", { message: err.message, request_type: parsed.data.type, ...about, ...err.extra });
    }
  }

  private async dispatch(msg: ClientMessage): Promise<void> {
    switch (msg.type) {
      case "ping":
        return this.ping();
      case "workspace.join":
        return this.joinWorkspace(msg.payload.workspace_id);
      case "workspace.leave":
        return this.leaveWorkspace(msg.payload.workspace_id);
      case "workspace.switch":
        return this.switchWorkspace(msg.payload.workspace_id);
      case "presence.update":
        return this.updatePresence(msg.payload);
      case "collaboration.subscribe":
      case "collaboration.unsubscribe":
        return this.setFollowing(msg.payload.resource, msg.type === "collaboration.subscribe");
      case "collaboration.lock":
        return this.lock(msg.payload.resource);
      case "collaboration.unlock":
        return this.unlock(msg.payload.resource);
      case "collaboration.update":
        return this.relayUpdate(msg.payload.resource, msg.payload.data);
      case "message.send":
        return this.sendChat(msg.payload);
      case "message.read":
        return this.readChat(msg.payload);
      case "activity.request": {
        const ws = this.requireWorkspace();
        return this.send("activity.response", { workspace_id: ws, users: await this.presenceOf(ws) });
      }
    }
  }

  /** A heartbeat also re-checks the session and memberships, so a signed-out, deactivated or suspended user is dropped. */
  private async ping(): Promise<void> {
    if (!(await this.checkAccess())) return;
    this.send("pong", { time: new Date(this.now()).toISOString() });
  }

  /**
   * Closes the socket when the session is gone; leaves each room whose membership is no longer
   * active, and closes when that leaves none. True while the connection may carry on.
   */
  private async checkAccess(): Promise<boolean> {
    if (this.disposed) return false;
    if (!(await this.deps.authenticator.resolveToken(this.token))) {
      this.close(SOCKET_CLOSE.unauthorized, "Session expired. Please sign in again.");
      return false;
    }
    let lost = false;
    for (const ws of [...this.rooms.keys()]) {
      const ctx = await this.activeMembership(ws);
      if (ctx) {
        // A role change is picked up too.
        this.rooms.set(ws, ctx);
        if (this.auth.workspaceId === ws) this.auth = ctx;
        continue;
      }
      lost = true;
      await this.leaveRoom(ws);
      this.send("workspace.left", { workspace_id: ws });
    }
    if (lost && this.rooms.size === 0) {
      this.close(SOCKET_CLOSE.forbidden, "User not found or inactive");
      return false;
    }
    return true;
  }

  private async activeMembership(workspaceId: string): Promise<AuthContext | null> {
    const ctx = await this.deps.authenticator.resolveToken(this.token, workspaceId);
    if (!ctx || ctx.workspaceId !== workspaceId) return null;
    return (await this.deps.access.isActive(ctx)) ? ctx : null;
  }

  private async membership(workspaceId: string): Promise<AuthContext> {
    const ctx = await this.deps.authenticator.resolveToken(this.token, workspaceId);
    if (!ctx || ctx.workspaceId !== workspaceId) throw new SocketError("Workspace not found", { code: "WORKSPACE_NOT_FOUND" });
    if (!(await this.deps.access.isActive(ctx))) throw new SocketError("User not found or inactive", { code: "USER_INACTIVE" });
    return ctx;
  }

  private async joinWorkspace(workspaceId: string): Promise<void> {
    const ctx = this.rooms.get(workspaceId) ?? (await this.membership(workspaceId));
    const presence = this.rooms.has(workspaceId) ? await this.presenceOf(workspaceId) : await this.enterRoom(ctx);
    this.current ??= workspaceId;
    this.send("workspace.joined", { workspace_id: workspaceId, role: ctx.role, presence });
  }

  private async leaveWorkspace(workspaceId: string): Promise<void> {
    if (this.rooms.has(workspaceId)) await this.leaveRoom(workspaceId);
    this.send("workspace.left", { workspace_id: workspaceId });
  }

  private async switchWorkspace(workspaceId: string): Promise<void> {
    const ctx = this.rooms.get(workspaceId) ?? (await this.membership(workspaceId));
    if (this.current && this.current !== workspaceId) await this.leaveRoom(this.current);
    const presence = this.rooms.has(workspaceId) ? await this.presenceOf(workspaceId) : await this.enterRoom(ctx);
    this.current = workspaceId;
    this.auth = ctx;
    this.send("workspace.switched", { workspace_id: workspaceId, role: ctx.role, presence });
  }

  private requireWorkspace(): string {
    if (!this.current) throw new SocketError("No workspace selected", { code: "NO_WORKSPACE" });
    return this.current;
  }

  private async updatePresence(p: { status?: PresenceStatus; current_resource?: string | null }): Promise<void> {
    this.requireWorkspace();
    if (p.status) this.status = p.status;
    if (p.current_resource !== undefined) this.currentResource = p.current_resource;
    await this.touch();
    for (const ws of this.rooms.keys()) {
      await this.deps.realtime.toWorkspace(ws, "presence.update", { workspace_id: ws, ...this.presence() }, { except: this.id });
    }
  }

  private async setFollowing(resource: string, follow: boolean): Promise<void> {
    const ws = this.requireWorkspace();
    const set = this.following.get(ws) ?? new Set<string>();
    const max = this.limits.subscriptionsPerConnection;
    if (follow && !set.has(resource) && this.subscriptionCount() >= max) {
      throw new SocketError(`Too many subscriptions: at most ${max} per connection. Unsubscribe from something first.`, {
        code: "TOO_MANY_SUBSCRIPTIONS",
        resource,
      });
    }
    this.following.set(ws, set);
    if (follow) {
      set.add(resource);
      await this.deps.state.follow(ws, resource, this.member());
    } else {
      set.delete(resource);
      await this.deps.state.unfollow(ws, resource, this.id);
    }
    await this.broadcastUsers(ws, resource);
  }

  private subscriptionCount(): number {
    let n = 0;
    for (const set of this.following.values()) n += set.size;
    return n;
  }

  private async lock(resource: string): Promise<void> {
    const ws = this.requireWorkspace();
    const max = this.limits.locksPerUser;
    const holder = await this.deps.state.lock(ws, resource, this.member(), max);
    if (!holder) {
      throw new SocketError(`Too many locks: you can hold at most ${max} at a time. Unlock something first.`, {
        code: "TOO_MANY_LOCKS",
        resource,
      });
    }
    if (holder.connId !== this.id) {
      throw new SocketError(`${resource} is being edited by ${holder.name}`, {
        code: "RESOURCE_LOCKED",
        resource,
        locked_by: { user_id: holder.userId, name: holder.name, since: new Date(holder.since).toISOString() },
      });
    }
    const set = this.locks.get(ws) ?? new Set<string>();
    this.locks.set(ws, set);
    set.add(resource);
    await this.broadcastUsers(ws, resource);
  }

  private async unlock(resource: string): Promise<void> {
    const ws = this.requireWorkspace();
    if (!(await this.deps.state.unlock(ws, resource, this.id))) {
      throw new SocketError(`You do not hold the lock on ${resource}`, { code: "LOCK_NOT_HELD", resource });
    }
    this.locks.get(ws)?.delete(resource);
    await this.broadcastUsers(ws, resource);
  }

  private async relayUpdate(resource: string, data: unknown): Promise<void> {
    const ws = this.requireWorkspace();
    const holder = await this.deps.state.lockHolder(ws, resource);
    if (holder && holder.connId !== this.id) {
      throw new SocketError(`${resource} is being edited by ${holder.name}`, { code: "RESOURCE_LOCKED", resource });
    }
    await this.deps.realtime.toWorkspace(
      ws,
      "collaboration.update",
      { workspace_id: ws, resource, user_id: this.auth.userId, name: this.auth.name, data },
      { except: this.id },
    );
  }

  /**
   * Chat goes to a workspace this socket has joined, as an active member there. A re-sent message
   * (same client_id) is stored once; its sender alone gets it back, so the queue can let go of it.
   */
  private async sendChat(p: { workspace_id: string; channel: string; body: string; client_id: string }): Promise<void> {
    const member = await this.chatMember(p.workspace_id);
    const { message, created } = await sendChatMessage({ db: this.deps.db, realtime: this.deps.realtime }, member, p);
    if (!created) this.send("message.new", message);
  }

  private async readChat(p: { workspace_id: string; channel: string; last_read_at?: string; message_id?: string }): Promise<void> {
    const member = await this.chatMember(p.workspace_id);
    const state = await markChatRead({ db: this.deps.db, realtime: this.deps.realtime }, member, p);
    // An unmoved mark is not broadcast; the reader still learns where it stands.
    this.send("message.read", { workspace_id: p.workspace_id, ...state, name: state.name ?? member.name });
  }

  private async chatMember(workspaceId: string): Promise<{ workspaceId: string; userId: string; name: string }> {
    const ctx = this.rooms.get(workspaceId);
    if (!ctx) throw new SocketError("Join the workspace before chatting in it", { code: "WORKSPACE_NOT_JOINED" });
    if (!(await this.deps.access.isActive(ctx))) throw new SocketError("User not found or inactive", { code: "USER_INACTIVE" });
    return { workspaceId, userId: ctx.userId, name: ctx.name };
  }

  private async broadcastUsers(ws: string, resource: string): Promise<void> {
    const { state } = this.deps;
    const [followers, holder] = await Promise.all([state.followers(ws, resource), state.lockHolder(ws, resource)]);
    const users = [...new Map(followers.map((m) => [m.userId, { user_id: m.userId, name: m.name }])).values()];
    const lock = holder ? { user_id: holder.userId, name: holder.name, since: new Date(holder.since).toISOString() } : null;
    await this.deps.realtime.toWorkspace(ws, "collaboration.users", { workspace_id: ws, resource, users, lock });
  }

  /** Who is present in a workspace now, one entry per user (their most recent connection). */
  private async presenceOf(workspaceId: string): Promise<Presence[]> {
    return collapsePresence(await this.deps.state.listPresence(workspaceId));
  }

  private member(): Member {
    return { connId: this.id, userId: this.auth.userId, name: this.auth.name };
  }

  private presence(): Presence {
    return {
      user_id: this.auth.userId,
      name: this.auth.name,
      status: this.status,
      current_resource: this.currentResource,
      last_activity: new Date(this.lastActivity).toISOString(),
    };
  }

  /** Marks this connection alive in every room it is in, and (now and then) in the user's connection count. */
  private async touch(): Promise<void> {
    for (const ws of this.rooms.keys()) await this.putPresence(ws);
    if (this.counted && this.now() - this.connectionTouched >= CONNECTION_TOUCH_MS) {
      this.connectionTouched = this.now();
      await this.deps.state.touchConnection(this.auth.userId, this.id);
    }
  }

  private putPresence(ws: string): Promise<void> {
    return this.deps.state.putPresence(ws, {
      connId: this.id,
      userId: this.auth.userId,
      name: this.auth.name,
      status: this.status,
      currentResource: this.currentResource,
      lastActivity: this.lastActivity,
    });
  }

  private async enterRoom(ctx: AuthContext): Promise<Presence[]> {
    const ws = ctx.workspaceId;
    const { realtime, state } = this.deps;
    const before = await state.listPresence(ws);
    this.rooms.set(ws, ctx);
    await this.putPresence(ws);
    await realtime.join(workspaceChannel(ws), this.id, (e) => this.forward(e));
    // A second tab of someone already present is not news to the team.
    if (!before.some((e) => e.userId === ctx.userId)) {
      await realtime.toWorkspace(
        ws,
        "team.member_joined",
        { workspace_id: ws, user_id: ctx.userId, name: ctx.name, status: this.status },
        { except: this.id },
      );
    }
    return collapsePresence(await state.listPresence(ws));
  }

  private async leaveRoom(ws: string): Promise<void> {
    const { realtime, state } = this.deps;
    const resources = new Set([...(this.following.get(ws) ?? []), ...(this.locks.get(ws) ?? [])]);
    for (const resource of this.following.get(ws) ?? []) await state.unfollow(ws, resource, this.id);
    for (const resource of this.locks.get(ws) ?? []) await state.unlock(ws, resource, this.id);
    this.following.delete(ws);
    this.locks.delete(ws);
    await state.removePresence(ws, this.id);
    this.rooms.delete(ws);
    if (this.current === ws) this.current = this.rooms.keys().next().value ?? null;
    await realtime.leave(workspaceChannel(ws), this.id);
    for (const resource of resources) await this.broadcastUsers(ws, resource);
    const rest = await state.listPresence(ws);
    if (!rest.some((e) => e.userId === this.auth.userId)) {
      await realtime.toWorkspace(ws, "team.member_left", { workspace_id: ws, user_id: this.auth.userId, name: this.auth.name });
    }
  }
}
