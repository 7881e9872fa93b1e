/**
 * One team socket per signed-in tab, shared through context; components subscribe to event
 * types with useSocketEvent and stop listening when they unmount.
 */
import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { type SocketMessage, type SocketStatus, TeamSocket, teamSocketUrl } from "./socket.ts";
import { tokenStore } from "./storage.ts";

const SocketContext = createContext<TeamSocket | null>(null);

export function TeamSocketProvider({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
  const [socket, setSocket] = useState<TeamSocket | null>(null);
  useEffect(() => {
    if (!token) return;
    const next = new TeamSocket({ url: teamSocketUrl(), token });
    next.connect();
    setSocket(next);
    return () => {
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

export function useSocketStatus(): SocketStatus {
  const socket = useTeamSocket();
  return useSyncExternalStore(
    (cb) => socket?.onStatus(cb) ?? (() => {}),
    () => socket?.status ?? "idle",
  );
}
