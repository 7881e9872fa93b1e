/**
 * Team socket client (outreach-core §4, §9): /ws/team, JSON {type, payload}, a ping every 30 s,
 * reconnect after 5 s growing ×1.5 up to 30 s for at most 10 attempts, and up to 100 messages
 * queued while offline and sent on reconnect. The session token goes in the first frame
 * (`{"type":"auth"}`), never in the URL, where proxies, server logs and history would keep it.
 */
import { SOCKET_CLOSE, SOCKET_HEARTBEAT_MS, SOCKET_QUEUE_MAX, SOCKET_RECONNECT, TEAM_SOCKET_PATH } from "./realtime-constants.ts";

export interface SocketMessage<P = unknown> {
  type: string;
  payload: P;
}

export type SocketStatus = "idle" | "connecting" | "open" | "reconnecting" | "closed" | "failed";
type Handler = (payload: unknown, message: SocketMessage) => void;

export const SOCKET_DEFAULTS = {
  heartbeatMs: SOCKET_HEARTBEAT_MS,
  reconnectBaseMs: SOCKET_RECONNECT.baseDelayMs,
  reconnectFactor: SOCKET_RECONNECT.factor,
  reconnectMaxMs: SOCKET_RECONNECT.maxDelayMs,
  maxAttempts: SOCKET_RECONNECT.maxAttempts,
  queueLimit: SOCKET_QUEUE_MAX,
};

/**
 * Close codes meaning "this token is not welcome" (signed out, or suspended in the workspace):
 * retrying with it would only be refused again. 4429 (too many messages or connections) retries.
 */
const AUTH_CLOSE_CODES = new Set<number>([1008, SOCKET_CLOSE.unauthorized, SOCKET_CLOSE.forbidden]);

export interface TeamSocketOptions extends Partial<typeof SOCKET_DEFAULTS> {
  url: string;
  /** The session token, sent as the first frame of every connection. */
  token?: string;
  WebSocketImpl?: typeof WebSocket;
}

export function teamSocketUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${TEAM_SOCKET_PATH}`;
}

/** Delay before reconnect attempt n (0-based). */
export function reconnectDelay(attempt: number, o = SOCKET_DEFAULTS): number {
  return Math.min(o.reconnectBaseMs * o.reconnectFactor ** attempt, o.reconnectMaxMs);
}

export class TeamSocket {
  private ws: WebSocket | null = null;
  private readonly opts: typeof SOCKET_DEFAULTS;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly statusListeners = new Set<(s: SocketStatus) => void>();
  private queue: SocketMessage[] = [];
  private attempts = 0;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  status: SocketStatus = "idle";

  private readonly config: TeamSocketOptions;

  constructor(config: TeamSocketOptions) {
    this.config = config;
    this.opts = { ...SOCKET_DEFAULTS, ...Object.fromEntries(Object.entries(config).filter(([k]) => k in SOCKET_DEFAULTS)) };
  }

  connect(): void {
    this.stopped = false;
    this.open();
  }

  disconnect(): void {
    this.stopped = true;
    this.clearTimers();
    this.ws?.close(1000, "client closed");
    this.ws = null;
    this.setStatus("closed");
  }

  send<P>(type: string, payload?: P): void {
    const message = { type, payload: payload ?? {} };
    if (this.ws && this.ws.readyState === 1) {
      this.ws.send(JSON.stringify(message));
      return;
    }
    this.queue.push(message);
    if (this.queue.length > this.opts.queueLimit) this.queue.shift();
  }

  on<P = unknown>(type: string, handler: (payload: P, message: SocketMessage<P>) => void): () => void {
    const set = this.handlers.get(type) ?? new Set<Handler>();
    set.add(handler as Handler);
    this.handlers.set(type, set);
    return () => set.delete(handler as Handler);
  }

  onStatus(listener: (s: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  queuedCount(): number {
    return this.queue.length;
  }

  private open(): void {
    const Impl = this.config.WebSocketImpl ?? WebSocket;
    this.setStatus(this.attempts === 0 ? "connecting" : "reconnecting");
    const ws = new Impl(this.config.url);
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      this.setStatus("open");
      // The server reads the first frame as the credentials; everything else follows it.
      if (this.config.token) ws.send(JSON.stringify({ type: "auth", payload: { token: this.config.token } }));
      const pending = this.queue;
      this.queue = [];
      for (const message of pending) ws.send(JSON.stringify(message));
      this.heartbeat = setInterval(() => this.send("ping"), this.opts.heartbeatMs);
    };
    ws.onmessage = (event) => {
      let message: SocketMessage;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return; // Not ours: ignore rather than break the connection.
      }
      if (!message || typeof message.type !== "string") return;
      for (const handler of this.handlers.get(message.type) ?? []) handler(message.payload, message);
      for (const handler of this.handlers.get("*") ?? []) handler(message.payload, message);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.clearTimers();
      this.ws = null;
      if (this.stopped) return;
      if (AUTH_CLOSE_CODES.has(event.code) || this.attempts >= this.opts.maxAttempts) {
        this.setStatus("failed");
        return;
      }
      const delay = reconnectDelay(this.attempts, this.opts);
      this.attempts += 1;
      this.setStatus("reconnecting");
      this.reconnectTimer = setTimeout(() => this.open(), delay);
    };
    // An error is always followed by close; reconnecting is handled there.
    ws.onerror = () => {};
  }

  private clearTimers(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.heartbeat = null;
    this.reconnectTimer = null;
  }

  private setStatus(status: SocketStatus): void {
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }
}
