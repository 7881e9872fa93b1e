/**
 * A real `ws` client for team-socket tests (and e2e seeding checks): records every frame and
 * waits for the next one of a given type, failing with what it did receive on timeout.
 */
import WebSocket from "ws";

export interface Frame {
  type: string;
  payload: Record<string, unknown> & { [k: string]: unknown };
}

export interface TestSocket {
  ws: WebSocket;
  frames: Frame[];
  send(type: string, payload?: unknown): void;
  /** Resolves with the first not-yet-consumed frame of `type` matching `where`. */
  next(type: string, where?: (p: Frame["payload"]) => boolean, timeoutMs?: number): Promise<Frame["payload"]>;
  /** Waits `ms` and returns the frames of `type` that arrived meanwhile (for "nothing arrives" checks). */
  collect(type: string, ms: number): Promise<Frame["payload"][]>;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export function socketUrl(address: string, token?: string, extra = ""): string {
  const base = address.replace(/^http/, "ws");
  return `${base}/ws/team${token === undefined ? "" : `?token=${encodeURIComponent(token)}`}${extra}`;
}

/** `auth`: send this session token in the first frame (as the web app does) instead of in the URL. */
export async function openSocket(url: string, opts: { waitFor?: string | null; auth?: string } = {}): Promise<TestSocket> {
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  const consumed = new WeakSet<Frame>();
  const waiters = new Set<() => void>();
  ws.on("message", (data) => {
    frames.push(JSON.parse(data.toString()) as Frame);
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  ws.on("error", () => {});

  const take = (type: string, where?: (p: Frame["payload"]) => boolean) => {
    const f = frames.find((x) => !consumed.has(x) && x.type === type && (!where || where(x.payload)));
    if (f) consumed.add(f);
    return f;
  };

  const socket: TestSocket = {
    ws,
    frames,
    send(type, payload = {}) {
      ws.send(JSON.stringify({ type, payload }));
    },
    next(type, where, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const f = take(type, where);
          if (!f) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(f.payload);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no "${type}" frame within ${timeoutMs} ms; got ${JSON.stringify(frames.map((f) => f.type))}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    async collect(type, ms) {
      const start = frames.length;
      await new Promise((r) => setTimeout(r, ms));
      return frames
        .slice(start)
        .filter((f) => f.type === type)
        .map((f) => f.payload);
    },
    closed,
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => {
      if (opts.auth !== undefined) socket.send("auth", { token: opts.auth });
      resolve();
    });
    ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once("error", reject);
  });
  const waitFor = opts.waitFor === undefined ? "connected" : opts.waitFor;
  if (waitFor) await socket.next(waitFor);
  return socket;
}
