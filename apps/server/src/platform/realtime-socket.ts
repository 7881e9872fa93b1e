/**
 * The team socket endpoint, /ws/team?token=… (outreach-core §7 "Team live connection"): checks the
 * session, then hands the socket to a TeamConnection. Connections silent for longer than
 * PRESENCE_TTL_MS (clients ping every 30 s) are closed, which releases their presence and locks.
 */
import websocket from "@fastify/websocket";
import { SOCKET_CLOSE, SOCKET_MAX_PAYLOAD_BYTES, TEAM_SOCKET_PATH } from "@prospector/contracts";
import type { FastifyInstance } from "fastify";
import type { RawData } from "ws";
import type { AppContext } from "../context.ts";
import { bearerToken } from "../features/identity/identity.authenticator.ts";
import { TeamConnection } from "./realtime-connection.ts";

const SWEEP_MS = 15_000;

export function teamSocketRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: SOCKET_MAX_PAYLOAD_BYTES } });
    const connections = new Set<TeamConnection>();

    const sweep = setInterval(() => {
      for (const c of connections) if (c.isIdle()) c.close(SOCKET_CLOSE.idle, "No message for 90 seconds");
    }, SWEEP_MS);
    sweep.unref();
    scope.addHook("onClose", async () => {
      clearInterval(sweep);
      // Release presence and locks while the bus and Redis are still up.
      await Promise.allSettled([...connections].map((c) => c.dispose()));
    });

    scope.get(TEAM_SOCKET_PATH, { websocket: true, schema: { hide: true } }, async (socket, request) => {
      // Listeners go on synchronously: frames sent right after the handshake must not be lost
      // while the session is being checked.
      const early: string[] = [];
      let conn: TeamConnection | null = null;
      let closed = false;
      socket.on("message", (data: RawData) => {
        const text = data.toString();
        if (conn) conn.receive(text);
        else early.push(text);
      });
      socket.on("close", () => {
        closed = true;
        if (!conn) return;
        connections.delete(conn);
        conn.dispose().catch((err: unknown) => request.log.warn({ err }, "team socket cleanup failed"));
      });

      const token = bearerToken(request);
      if (!token) return socket.close(SOCKET_CLOSE.unauthorized, "Authentication required: connect with ?token=<session token>");
      const workspaceId = (request.query as { workspace_id?: string }).workspace_id;
      const auth = await ctx.authenticator.resolveToken(token, workspaceId);
      if (!auth) return socket.close(SOCKET_CLOSE.unauthorized, "Invalid or expired session. Please sign in again.");
      if (closed) return;

      const c = new TeamConnection(socket, token, auth, { realtime: ctx.realtime, authenticator: ctx.authenticator, log: request.log });
      await c.open();
      conn = c;
      connections.add(c);
      if (closed) {
        connections.delete(c);
        await c.dispose();
        return;
      }
      for (const text of early.splice(0)) c.receive(text);
    });
  });
}
