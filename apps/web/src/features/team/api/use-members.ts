/**
 * Members and invitations of one workspace (shell §7): the member list (presence from the team
 * socket), role and status changes, removal; single and bulk invites, pending invites, resend, cancel.
 */
import type { BulkInviteResult, Invite, InviteList, MemberPage, MemberStatus, WorkspaceMember } from "@prospector/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { teamKeys, wsPath } from "./team-keys.ts";

/**
 * All members: a workspace holds at most its max_members (≤ 500), so this follows next_cursor to
 * the end and the page filters and pages locally.
 */
export function useMembers(id: string | undefined) {
  return useQuery({
    enabled: Boolean(id),
    queryKey: teamKeys.members(id ?? ""),
    queryFn: async ({ signal }) => {
      const items: WorkspaceMember[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 10; i++) {
        const page = await api.get<MemberPage>(wsPath(id ?? "", "/members"), { params: { limit: 500, cursor }, signal });
        items.push(...page.items);
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      return items;
    },
  });
}

function useTeamMutation<V, R>(id: string | undefined, fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.workspace(id ?? "") }),
        queryClient.invalidateQueries({ queryKey: teamKeys.workspaces() }),
      ]),
  });
}

export const useChangeMemberRole = (id: string | undefined) =>
  useTeamMutation(id, ({ memberId, role }: { memberId: string; role: string }) =>
    api.put<WorkspaceMember>(wsPath(id ?? "", `/members/${encodeURIComponent(memberId)}/role`), { role }),
  );

export const useChangeMemberStatus = (id: string | undefined) =>
  useTeamMutation(id, ({ memberId, status }: { memberId: string; status: MemberStatus }) =>
    api.put<WorkspaceMember>(wsPath(id ?? "", `/members/${encodeURIComponent(memberId)}/status`), { status }),
  );

export const useRemoveMember = (id: string | undefined) =>
  useTeamMutation(id, (memberId: string) => api.delete<void>(wsPath(id ?? "", `/members/${encodeURIComponent(memberId)}`)));

/** The server's largest page of invitations. */
export const INVITES_MAX_LIMIT = 500;

/** Invitations, pending first, then the rest newest first: the first `limit` (the page grows it with "Show more"). */
export function useInvites(id: string | undefined, enabled = true, limit = 100) {
  return useQuery({
    enabled: Boolean(id) && enabled,
    queryKey: [...teamKeys.invites(id ?? ""), limit],
    queryFn: ({ signal }) => api.get<InviteList>(wsPath(id ?? "", "/invites"), { params: { limit }, signal }),
    placeholderData: (previous) => previous,
  });
}

export const useInvite = (id: string | undefined) =>
  useTeamMutation(id, (input: { email: string; roleId: string }) => api.post<Invite>(wsPath(id ?? "", "/invite"), input));

export const useBulkInvite = (id: string | undefined) =>
  useTeamMutation(id, (invites: Array<{ email: string; roleId: string }>) =>
    api.post<BulkInviteResult>(wsPath(id ?? "", "/invite/bulk"), { invites }),
  );

export const useCancelInvite = (id: string | undefined) =>
  useTeamMutation(id, (inviteId: string) => api.delete<void>(wsPath(id ?? "", `/invites/${encodeURIComponent(inviteId)}`)));

export const useResendInvite = (id: string | undefined) =>
  useTeamMutation(id, (inviteId: string) => api.post<Invite>(wsPath(id ?? "", `/invites/${encodeURIComponent(inviteId)}/resend`), {}));
