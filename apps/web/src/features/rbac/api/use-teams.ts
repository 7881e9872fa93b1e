/** Teams: the workspace's tree, one team with its members, and every change to them (S3's /rbac/teams). */
import type { Team, TeamCreate, TeamGrant, TeamPage, TeamUpdate } from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { RBAC, rbacKeys } from "./rbac-keys.ts";

/** The server pages teams by at most 200; a tree needs them all, so this reads page after page (up to 10). */
const TEAM_PAGE = 200;
const MAX_PAGES = 10;

export function useTeams() {
  return useQuery({
    queryKey: rbacKeys.teams(),
    queryFn: async ({ signal }) => {
      const items: Team[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const p = await api.get<TeamPage>(`${RBAC}/teams`, { params: { page, per_page: TEAM_PAGE }, signal });
        items.push(...p.items);
        if (items.length >= p.total || p.items.length < TEAM_PAGE) break;
      }
      return items;
    },
  });
}

export function useTeam(id: string | null) {
  return useQuery({
    enabled: Boolean(id),
    queryKey: rbacKeys.team(id ?? ""),
    queryFn: ({ signal }) => api.get<Team>(`${RBAC}/teams/${encodeURIComponent(id ?? "")}`, { signal }),
  });
}

function useTeamMutation<V>(fn: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: rbacKeys.all }) });
}

const teamPath = (id: string) => `${RBAC}/teams/${encodeURIComponent(id)}`;

export const useCreateTeam = () => useTeamMutation((body: TeamCreate) => api.post<Team>(`${RBAC}/teams`, body));
export const useUpdateTeam = () => useTeamMutation(({ id, ...body }: TeamUpdate & { id: string }) => api.put<Team>(teamPath(id), body));
export const useDeleteTeam = () => useTeamMutation((id: string) => api.delete<void>(teamPath(id)));
export const useAddTeamMember = () =>
  useTeamMutation(({ teamId, userId }: { teamId: string; userId: string }) => api.post(`${teamPath(teamId)}/members`, { user_id: userId }));
export const useRemoveTeamMember = () =>
  useTeamMutation(({ teamId, userId }: { teamId: string; userId: string }) =>
    api.delete(`${teamPath(teamId)}/members/${encodeURIComponent(userId)}`),
  );
export const useSaveTeamGrants = () =>
  useTeamMutation(({ teamId, grants }: { teamId: string; grants: TeamGrant[] }) => api.put(`${teamPath(teamId)}/permissions`, { grants }));
