/**
 * Live presence over the team socket (outreach-core §7 "Team live connection"): who is online in
 * the workspace, who is looking at one resource (`campaign:<id>`, `leads`, `deal:<id>`), and the
 * edit lock on a resource. Server-side subscriptions and locks die with a connection, so every
 * hook (re)sends its subscribe or lock each time the socket opens, and only while it is open:
 * a subscribe queued offline would only be repeated on reconnect.
 */
import type { Presence, ServerEvents } from "@prospector/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSocketEvent, useSocketStatus, useTeamSocket } from "../../../lib/use-socket.tsx";
import { useSession } from "../../auth/api/use-session.ts";

export type CollaborationUser = ServerEvents["collaboration.users"]["users"][number];
export type CollaborationLock = NonNullable<ServerEvents["collaboration.users"]["lock"]>;

/** The signed-in user's id, or null before /me answers. */
export function useMyUserId(): string | null {
  return useSession().user?.id ?? null;
}

/**
 * Who is online in the current workspace, one entry per person, newest activity first. Asks the
 * server (`activity.request`) whenever the socket opens, then follows presence and join/leave events.
 */
export function useWorkspacePresence(): { online: Presence[]; connected: boolean } {
  const socket = useTeamSocket();
  const status = useSocketStatus();
  const workspaceId = useSession().user?.workspace.id;
  const [byUser, setByUser] = useState<Map<string, Presence>>(new Map());
  const open = status === "open";

  useEffect(() => {
    if (socket && open && workspaceId) socket.send("activity.request", {});
  }, [socket, open, workspaceId]);

  // A socket may sit in several workspace rooms: only the current workspace's events count here.
  const here = (p: { workspace_id: string }) => p.workspace_id === workspaceId;
  const replace = (p: { workspace_id: string }, users: Presence[]) => {
    if (here(p)) setByUser(new Map(users.map((u) => [u.user_id, u])));
  };
  useSocketEvent<ServerEvents["activity.response"]>("activity.response", (p) => replace(p, p.users));
  useSocketEvent<ServerEvents["connected"]>("connected", (p) => replace(p, p.presence));
  useSocketEvent<ServerEvents["workspace.switched"]>("workspace.switched", (p) => replace(p, p.presence));
  useSocketEvent<ServerEvents["presence.update"]>("presence.update", (p) => {
    if (!here(p)) return;
    const { workspace_id: _ws, ...presence } = p;
    setByUser((m) => new Map(m).set(p.user_id, presence));
  });
  useSocketEvent<ServerEvents["team.member_joined"]>("team.member_joined", (p) => {
    if (!here(p)) return;
    setByUser((m) =>
      new Map(m).set(p.user_id, {
        user_id: p.user_id,
        name: p.name,
        status: p.status,
        current_resource: null,
        last_activity: new Date().toISOString(),
      }),
    );
  });
  useSocketEvent<ServerEvents["team.member_left"]>("team.member_left", (p) => {
    if (!here(p)) return;
    setByUser((m) => {
      const next = new Map(m);
      next.delete(p.user_id);
      return next;
    });
  });

  // Switched workspace: the old list is not this one's; the switch's own list follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the workspace changes only
  useEffect(() => setByUser(new Map()), [workspaceId]);

  const online = [...byUser.values()].sort((a, b) => b.last_activity.localeCompare(a.last_activity));
  return { online: open ? online : [], connected: open };
}

/**
 * Follows a resource while mounted (`collaboration.subscribe`) and answers who else follows it
 * and who holds its lock, as the server last announced (`collaboration.users`).
 */
export function useResourcePresence(resource: string | null): {
  users: CollaborationUser[];
  lock: CollaborationLock | null;
  connected: boolean;
} {
  const socket = useTeamSocket();
  const status = useSocketStatus();
  const open = status === "open";
  const [state, setState] = useState<{ resource: string | null; users: CollaborationUser[]; lock: CollaborationLock | null }>({
    resource,
    users: [],
    lock: null,
  });

  useEffect(() => {
    if (!socket || !open || !resource) return;
    socket.send("collaboration.subscribe", { resource });
    return () => {
      if (socket.status === "open") socket.send("collaboration.unsubscribe", { resource });
    };
  }, [socket, open, resource]);

  useSocketEvent<ServerEvents["collaboration.users"]>("collaboration.users", (p) => {
    if (p.resource === resource) setState({ resource, users: p.users, lock: p.lock });
  });

  const current = state.resource === resource ? state : { users: [], lock: null };
  return { users: open ? current.users : [], lock: open ? current.lock : null, connected: open };
}

export type EditLockState =
  /** Not asked yet (no socket, not open, or waiting for the answer). */
  | { kind: "pending" }
  | { kind: "held" }
  /** Someone else holds it; `self` when it is the same person in another tab or window. */
  | { kind: "locked"; by: CollaborationLock; self: boolean }
  /** The server refused for another reason (too many locks): editing goes on, the server still checks. */
  | { kind: "unavailable"; message: string };

/**
 * Takes the edit lock on `resource` while mounted and `enabled`, tries again whenever the holder
 * lets go, and releases it on unmount. The server refuses saves while another person holds it;
 * this hook is what the page shows about it.
 */
export function useEditLock(resource: string | null, enabled = true): { state: EditLockState; lockedBy: (by: CollaborationLock) => void } {
  const socket = useTeamSocket();
  const status = useSocketStatus();
  const me = useMyUserId();
  const open = status === "open";
  const active = Boolean(socket && open && resource && enabled);
  const [state, setState] = useState<EditLockState>({ kind: "pending" });
  /** We hold the lock / we asked for it and have no answer yet (the server answers in order). */
  const held = useRef(false);
  const asked = useRef(false);

  useEffect(() => {
    if (!active || !socket || !resource) {
      held.current = false;
      asked.current = false;
      setState({ kind: "pending" });
      return;
    }
    asked.current = true;
    socket.send("collaboration.lock", { resource });
    return () => {
      if (held.current && socket.status === "open") socket.send("collaboration.unlock", { resource });
      held.current = false;
      asked.current = false;
    };
  }, [active, socket, resource]);

  useSocketEvent<ServerEvents["collaboration.users"]>("collaboration.users", (p) => {
    if (!active || p.resource !== resource || !socket) return;
    if (!p.lock) {
      // Free (the holder let go): ask for it.
      held.current = false;
      if (!asked.current) {
        asked.current = true;
        socket.send("collaboration.lock", { resource });
      }
      return;
    }
    if (p.lock.user_id === me) {
      // Ours when we asked for it or had it; otherwise our other tab's (its error says so).
      if (held.current || asked.current) {
        held.current = true;
        asked.current = false;
        setState({ kind: "held" });
      }
      return;
    }
    held.current = false;
    setState({ kind: "locked", by: p.lock, self: false });
  });

  useSocketEvent<ServerEvents["error"]>("error", (p) => {
    if (!active || p.resource !== resource || p.request_type !== "collaboration.lock") return;
    held.current = false;
    asked.current = false;
    if (p.code === "RESOURCE_LOCKED" && p.locked_by) setState({ kind: "locked", by: p.locked_by, self: p.locked_by.user_id === me });
    else setState({ kind: "unavailable", message: p.message });
  });

  /** The server refused a save (423): show who holds it even if the socket has not said so yet. */
  const lockedBy = useCallback((by: CollaborationLock) => setState({ kind: "locked", by, self: by.user_id === me }), [me]);
  return { state, lockedBy };
}
