/**
 * The team socket endpoint, /ws/team (outreach-core §7 "Team live connection"): authenticates the
 * socket — `?token=` as the spec says, or an `auth` frame first (the web app: no token in any URL) —
 * checks the membership is active, then hands the socket to a TeamConnection. Connections silent
 * for longer than PRESENCE_TTL_MS (clients ping every 30 s) are closed, which releases their
 * presence and locks; a membership change published on the bus re-checks the connections it
 * concerns, so a suspended member is dropped at once on every process.
 */
import websocket from "@fastify/websocket";
import { SOCKET_CLOSE, SOCKET_MAX_PAYLOAD_BYTES, SocketAuthMessage, TEAM_SOCKET_PATH } from "@prospector/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RawData, WebSocket } from "ws";
import type { AppContext } from "../../context.ts";
import { ACCESS_INVALIDATE, type InvalidateScope } from "../access/index.ts";
import { AUTH_INVALIDATE, bearerToken } from "../identity/index.ts";
import { TeamConnection } from "./team-socket.connection.ts";
import { DEFAULT_SOCKET_LIMITS, MessageRate, type SocketLimits } from "./team-socket.limits.ts";

const SWEEP_MS = 15_000;
/** Frames held for a socket that is still authenticating: enough for a client's flushed offline queue. */
const EARLY_MAX_BYTES = 512 * 1024;

// A close reason is at most 123 bytes.
const AUTH_REQUIRED = 'Authentication required: send {"type":"auth","payload":{"token":…}} first, or connect with ?token=';

export function teamSocketRoutes(app: FastifyInstance, ctx: AppContext, opts: { limits?: Partial<SocketLimits> } = {}): void {
  const limits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...opts.limits };
  app.register(async (scope) => {
    await scope.register(websocket, {
      options: { maxPayload: SOCKET_MAX_PAYLOAD_BYTES },
      errorHandler: (err, socket, request) => {
        request.log.error({ err }, "team socket failed");
        socket.close(1011, "Server error occurred. Please try again later.");
      },
    });
    const connections = new Set<TeamConnection>();
    ctx.metrics.registerGauge({
      name: "prospector_socket_connections",
      help: "Team sockets open in this process",
      value: () => connections.size,
    });

    const sweep = setInterval(() => {
      for (const c of connections) if (c.isIdle()) c.close(SOCKET_CLOSE.idle, "No message for 90 seconds");
    }, SWEEP_MS);
    sweep.unref();

    // Suspensions, removals, role changes (access) and sign-outs, deactivations (identity) are
    // published on the bus by whichever process made them: re-check the sockets they concern here.
    const recheck = (s: InvalidateScope) => {
      for (const c of connections) if (c.concerns(s)) c.recheck();
    };
    const offs = await Promise.all([
      ctx.bus.subscribe(ACCESS_INVALIDATE, (msg) => recheck((msg ?? {}) as InvalidateScope)),
      ctx.bus.subscribe(AUTH_INVALIDATE, (msg) => recheck({ userId: (msg as { userId?: string } | null)?.userId })),
    ]);

    scope.addHook("onClose", async () => {
      clearInterval(sweep);
      await Promise.allSettled(offs.map((off) => off()));
      // Release presence and locks while the bus and Redis are still up.
      await Promise.allSettled([...connections].map((c) => c.dispose()));
    });

    scope.get(TEAM_SOCKET_PATH, { websocket: true, schema: { hide: true } }, async (socket, request) => {
      // Listeners go on synchronously: frames sent right after the handshake must not be lost
      // while the session is being checked. Every frame counts against the rate, these too.
      const rate = new MessageRate(limits.messagesPerSecond, limits.messagesBurst);
      const early: string[] = [];
      let earlyBytes = 0;
      let firstFrame: ((text: string | null) => void) | null = null;
      let conn: TeamConnection | null = null;
      let closed = false;
      socket.on("message", (data: RawData) => {
        if (socket.readyState !== socket.OPEN) return;
        if (!rate.take()) {
          socket.close(SOCKET_CLOSE.tooManyRequests, `Too many messages: at most ${limits.messagesPerSecond} per second`);
          return;
        }
        const text = data.toString();
        if (conn) return conn.receive(text);
        if (firstFrame) return firstFrame(text);
        earlyBytes += text.length;
        if (earlyBytes > EARLY_MAX_BYTES) return socket.close(SOCKET_CLOSE.tooManyRequests, "Too much sent before authentication");
        early.push(text);
      });
      socket.on("close", () => {
        closed = true;
        firstFrame?.(null);
        if (!conn) return;
        connections.delete(conn);
        conn.dispose().catch((err: unknown) => request.log.warn({ err }, "team socket cleanup failed"));
      });

      const creds = await credentials(request, socket, early, limits.authTimeoutMs, (f) => {
        firstFrame = f;
      });
      if (!creds) return closed ? undefined : socket.close(SOCKET_CLOSE.unauthorized, AUTH_REQUIRED);
      const auth = await ctx.authenticator.resolveToken(creds.token, creds.workspaceId);
      if (!auth) return socket.close(SOCKET_CLOSE.unauthorized, "Invalid or expired session. Please sign in again.");
      if (!(await ctx.access.isActive(auth))) return socket.close(SOCKET_CLOSE.forbidden, "User not found or inactive");
      if (closed) return;

      const c = new TeamConnection(socket, creds.token, auth, {
        realtime: ctx.realtime,
        state: ctx.teamState,
        authenticator: ctx.authenticator,
        access: ctx.access,
        db: ctx.db,
        log: request.log,
        limits,
      });
      const opened = await c.open();
      if (!opened || closed) {
        await c.dispose();
        return;
      }
      conn = c;
      connections.add(c);
      for (const text of early.splice(0)) c.receive(text);
    });
  });
}

/**
 * The session token from `?token=` / `Authorization`, or else from the first frame, which must be
 * `{"type":"auth","payload":{"token":…}}` and arrive within `timeoutMs`. Null: close as unauthorized.
 */
async function credentials(
  request: FastifyRequest,
  socket: WebSocket,
  early: string[],
  timeoutMs: number,
  awaitFrame: (f: ((text: string | null) => void) | null) => void,
): Promise<{ token: string; workspaceId?: string } | null> {
  const workspaceId = (request.query as { workspace_id?: string }).workspace_id;
  const token = bearerToken(request);
  if (token) return { token, workspaceId };
  const text =
    early.shift() ??
    (await new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => done(null), timeoutMs);
      const done = (t: string | null) => {
        clearTimeout(timer);
        awaitFrame(null);
        resolve(t);
      };
      if (socket.readyState !== socket.OPEN) return done(null);
      awaitFrame(done);
    }));
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = SocketAuthMessage.safeParse(json);
  if (!parsed.success) return null;
  return { token: parsed.data.payload.token, workspaceId: parsed.data.payload.workspace_id ?? workspaceId };
}
