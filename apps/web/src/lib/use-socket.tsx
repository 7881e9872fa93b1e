/**
 * One team socket per signed-in tab, shared through context; components subscribe to event
 * types with useSocketEvent and stop listening when they unmount.
 */
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { workspaceScope } from "./api-client.ts";
import { type SocketMessage, type SocketStatus, TeamSocket, teamSocketUrl } from "./socket.ts";
import { tokenStore } from "./storage.ts";

const SocketContext = createContext<TeamSocket | null>(null);

/**
 * Keeps the socket in the room of the workspace the app works in (X-Workspace-Id): the server puts
 * a new connection in the user's default workspace, so after every (re)connect, and on every
 * switch, the socket asks for the chosen one with `workspace.switch`.
 */
export function followWorkspace(socket: Pick<TeamSocket, "on" | "send">): () => void {
  let defaultRoom: string | null = null;
  const offConnected = socket.on<{ workspace_id: string }>("connected", (payload) => {
    defaultRoom = payload.workspace_id;
    const chosen = workspaceScope.get();
    if (chosen && chosen !== payload.workspace_id) socket.send("workspace.switch", { workspace_id: chosen });
  });
  const offScope = workspaceScope.subscribe((change) => {
    const room = change.id ?? defaultRoom;
    if (room) socket.send("workspace.switch", { workspace_id: room });
  });
  return () => {
    offConnected();
    offScope();
  };
}

export function TeamSocketProvider({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
  const [socket, setSocket] = useState<TeamSocket | null>(null);
  useEffect(() => {
    if (!token) return;
    const next = new TeamSocket({ url: teamSocketUrl(), token });
    const stopFollowing = followWorkspace(next);
    next.connect();
    setSocket(next);
    return () => {
      stopFollowing();
      next.disconnect();
      setSocket(null);
    };
  }, [token]);
  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

export function useTeamSocket(): TeamSocket | null {
  return useContext(SocketContext);
}

/** Calls handler for each server event of this type; the latest handler is always used. */
export function useSocketEvent<P = unknown>(type: string, handler: (payload: P, message: SocketMessage<P>) => void): void {
  const socket = useTeamSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!socket) return;
    return socket.on<P>(type, (payload, message) => latest.current(payload, message));
  }, [socket, type]);
}

/**
 * Keeps the queries under `queryKey` as fresh as the team socket allows: they are read again on each
 * event of `types` that `accepts`, and on every (re)connect, because an event pushed while this tab
 * had no connection reached nobody (a page's first read usually comes before its socket is up).
 */
export function useSocketRefresh<P = unknown>(
  types: readonly string[],
  queryKey: QueryKey,
  accepts: (payload: P) => boolean = () => true,
): void {
  const socket = useTeamSocket();
  const queryClient = useQueryClient();
  const latest = useRef({ queryKey, accepts });
  latest.current = { queryKey, accepts };
  const typeList = types.join(" ");
  useEffect(() => {
    if (!socket) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: latest.current.queryKey });
    const offs = [
      socket.on("connected", refresh),
      ...typeList.split(" ").map((type) =>
        socket.on<P>(type, (payload) => {
          if (latest.current.accepts(payload)) refresh();
        }),
      ),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [socket, queryClient, typeList]);
}

export function useSocketStatus(): SocketStatus {
  const socket = useTeamSocket();
  return useSyncExternalStore(
    (cb) => socket?.onStatus(cb) ?? (() => {}),
    () => socket?.status ?? "idle",
  );
}
