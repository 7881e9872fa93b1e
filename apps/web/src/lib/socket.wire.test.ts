/**
 * The team socket client over a real WebSocket to a real listening server: what goes on the wire
 * (the handshake URL and the first frame), checked against the contract the API server parses.
 */
import type { IncomingMessage } from "node:http";
import { SocketAuthMessage } from "@prospector/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket as NodeWebSocket, WebSocketServer } from "ws";
import { TeamSocket, teamSocketUrl } from "./socket.ts";

describe("TeamSocket on the wire", () => {
  let server: WebSocketServer;
  let host: string;
  const handshakes: { url: string; headers: IncomingMessage["headers"]; frames: string[] }[] = [];

  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    host = `127.0.0.1:${(server.address() as { port: number }).port}`;
    server.on("connection", (ws, req) => {
      const seen = { url: req.url ?? "", headers: req.headers, frames: [] as string[] };
      handshakes.push(seen);
      ws.on("message", (data) => {
        seen.frames.push(data.toString());
        const auth = SocketAuthMessage.safeParse(JSON.parse(seen.frames[0]!));
        if (seen.frames.length === 1 && auth.success)
          ws.send(JSON.stringify({ type: "connected", payload: { token_ok: auth.data.payload.token === "tok-123" } }));
      });
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends the session token only in the first frame: not in the URL, not in any header", async () => {
    // jsdom's globals break Node's built-in WebSocket; `ws` implements the same browser API.
    const WebSocketImpl = NodeWebSocket as unknown as typeof WebSocket;
    const socket = new TeamSocket({ url: teamSocketUrl({ protocol: "http:", host }), token: "tok-123", WebSocketImpl });
    socket.send("workspace.join", { workspace_id: "w1" });
    const connected = new Promise((resolve) => socket.on("connected", resolve));
    socket.connect();
    expect(await connected).toEqual({ token_ok: true });
    socket.disconnect();

    const [seen] = handshakes;
    expect(seen?.url).toBe("/ws/team");
    expect(JSON.stringify(seen?.headers)).not.toContain("tok-123");
    expect(seen?.frames.map((f) => JSON.parse(f).type)).toEqual(["auth", "workspace.join"]);
  });
});
