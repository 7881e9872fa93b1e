/**
 * Members with their presence kept live: the members API gives each one's presence when the page
 * loads, and the team socket's presence events (a full list on connect/join/switch, one member on
 * presence.update) overwrite it while the page is open. A member who joins or leaves refetches the list.
 */
import type { Presence as LivePresence, ServerEvents, WorkspaceMember } from "@prospector/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useSocketEvent } from "../../../lib/use-socket.tsx";
import { teamKeys } from "./team-keys.ts";
import { useMembers } from "./use-members.ts";

type Shown = WorkspaceMember["user"]["presence"];

/** The socket's "busy" counts as online: the person is there. */
const shown = (status: LivePresence["status"]): Shown => (status === "away" ? "away" : "online");

export function useLiveMembers(workspaceId: string | undefined) {
  const members = useMembers(workspaceId);
  const queryClient = useQueryClient();
  const [live, setLive] = useState<{ full: boolean; byUser: Record<string, { status: Shown; at: string }> }>({ full: false, byUser: {} });

  const replaceAll = (p: { workspace_id: string; presence?: LivePresence[]; users?: LivePresence[] }) => {
    if (p.workspace_id !== workspaceId) return;
    const list = p.presence ?? p.users ?? [];
    setLive({ full: true, byUser: Object.fromEntries(list.map((u) => [u.user_id, { status: shown(u.status), at: u.last_activity }])) });
  };
  useSocketEvent<ServerEvents["connected"]>("connected", replaceAll);
  useSocketEvent<ServerEvents["workspace.joined"]>("workspace.joined", replaceAll);
  useSocketEvent<ServerEvents["workspace.switched"]>("workspace.switched", replaceAll);
  useSocketEvent<ServerEvents["activity.response"]>("activity.response", replaceAll);
  useSocketEvent<ServerEvents["presence.update"]>("presence.update", (p) => {
    if (p.workspace_id !== workspaceId) return;
    setLive((prev) => ({ ...prev, byUser: { ...prev.byUser, [p.user_id]: { status: shown(p.status), at: p.last_activity } } }));
  });
  const refetch = (p: { workspace_id: string; user_id: string }) => {
    if (p.workspace_id !== workspaceId) return;
    if (workspaceId) void queryClient.invalidateQueries({ queryKey: teamKeys.workspace(workspaceId) });
  };
  // Joined (a new member, or someone back after a reload): online now, even after a full list without them.
  useSocketEvent<ServerEvents["team.member_joined"]>("team.member_joined", (p) => {
    refetch(p);
    if (p.workspace_id !== workspaceId) return;
    setLive((prev) => ({ ...prev, byUser: { ...prev.byUser, [p.user_id]: { status: shown(p.status), at: new Date().toISOString() } } }));
  });
  useSocketEvent<ServerEvents["team.member_updated"]>("team.member_updated", refetch);
  useSocketEvent<ServerEvents["team.member_left"]>("team.member_left", (p) => {
    if (p.workspace_id !== workspaceId) return;
    setLive((prev) => {
      const byUser = { ...prev.byUser };
      delete byUser[p.user_id];
      return { ...prev, byUser };
    });
  });

  const data = useMemo(() => {
    if (!members.data) return undefined;
    return members.data.map((m) => {
      const seen = live.byUser[m.user.id];
      if (seen) return { ...m, user: { ...m.user, presence: seen.status, last_seen: seen.at } };
      // After a full list from the socket, anyone not in it is offline.
      return live.full && m.user.presence !== "offline" ? { ...m, user: { ...m.user, presence: "offline" as const } } : m;
    });
  }, [members.data, live]);

  return { ...members, data };
}
