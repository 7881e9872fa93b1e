import { afterEach, describe, expect, it } from "vitest";
import { workspaceScope } from "./api-client.ts";
import type { SocketMessage } from "./socket.ts";
import { followWorkspace } from "./use-socket.tsx";

/** The two methods followWorkspace uses, scripted. */
function fakeSocket() {
  const handlers = new Map<string, (payload: unknown, message: SocketMessage) => void>();
  const sent: Array<{ type: string; payload: unknown }> = [];
  return {
    sent,
    on: <P,>(type: string, handler: (payload: P, message: SocketMessage<P>) => void) => {
      handlers.set(type, handler as (payload: unknown, message: SocketMessage) => void);
      return () => handlers.delete(type);
    },
    send: <P,>(type: string, payload?: P) => void sent.push({ type, payload }),
    emit: (type: string, payload: unknown) => handlers.get(type)?.(payload, { type, payload }),
  };
}

afterEach(() => workspaceScope.set(null));

describe("followWorkspace", () => {
  it("asks for the chosen workspace's room after every connect, and follows every switch", () => {
    const socket = fakeSocket();
    const stop = followWorkspace(socket);
    socket.emit("connected", { workspace_id: "default" });
    expect(socket.sent).toEqual([]);

    workspaceScope.set("emea");
    expect(socket.sent).toEqual([{ type: "workspace.switch", payload: { workspace_id: "emea" } }]);

    // A reconnect lands in the default room again.
    socket.emit("connected", { workspace_id: "default" });
    expect(socket.sent).toHaveLength(2);
    expect(socket.sent[1]).toEqual({ type: "workspace.switch", payload: { workspace_id: "emea" } });

    // Dropped back to the default (removed from the workspace): the socket follows.
    workspaceScope.set(null, "not-found");
    expect(socket.sent[2]).toEqual({ type: "workspace.switch", payload: { workspace_id: "default" } });

    stop();
    workspaceScope.set("emea");
    expect(socket.sent).toHaveLength(3);
  });
});
