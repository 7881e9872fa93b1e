/**
 * /team/members: who has access to this workspace and with which role. The member table (filters,
 * role, status, presence, removal), inviting one person or a pasted list, and the invitations.
 * Actions the caller's role may not take are hidden; the server refuses them anyway.
 */

import { GroupAdd, PersonAdd } from "@mui/icons-material";
import { Alert, Box, Button, Card, CardContent, LinearProgress, Typography } from "@mui/material";
import { useState } from "react";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useLiveMembers } from "../api/use-live-members.ts";
import { INVITES_MAX_LIMIT, useInvites } from "../api/use-members.ts";
import { useTeamContext } from "../api/use-team-context.ts";
import { BulkInviteDialog, InviteDialog } from "../components/invite-dialogs.tsx";
import { MembersTable } from "../components/members-table.tsx";
import { PendingInvites } from "../components/pending-invites.tsx";
import { LoadError, NoWorkspace } from "../components/team-states.tsx";

function Members({ workspaceId }: { workspaceId: string }) {
  const { can: canHere, user, archived } = useTeamContext();
  // An archived workspace is read-only: nothing to change until it is restored.
  const can = (permission: string) => canHere(permission) && (!archived || permission.endsWith(":read"));
  const members = useLiveMembers(workspaceId);
  const canInvite = can("team:create");
  const [inviteLimit, setInviteLimit] = useState(50);
  const invites = useInvites(workspaceId, can("team:read"), inviteLimit);
  const moreInvites = (invites.data?.length ?? 0) >= inviteLimit && inviteLimit < INVITES_MAX_LIMIT;
  const [dialog, setDialog] = useState<"one" | "bulk" | null>(null);
  const inviteButtons = canInvite && (
    <>
      <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setDialog("one")}>
        Invite member
      </Button>
      <Button variant="outlined" startIcon={<GroupAdd />} onClick={() => setDialog("bulk")}>
        Invite from a list
      </Button>
    </>
  );
  const openInvites = (invites.data ?? []).filter((i) => i.status !== "accepted" && i.status !== "cancelled");
  return (
    <>
      <PageIntro
        title="Members"
        question="Who has access to this workspace, with which role?"
        summary={members.data ? `${members.data.length} member${members.data.length === 1 ? "" : "s"}` : undefined}
        actions={inviteButtons}
      />
      {archived && (
        <Alert severity="warning">This workspace is archived: restore it on the Workspaces page to invite people or change roles.</Alert>
      )}
      {members.isPending && <LoadingScreen />}
      {members.isError && <LoadError error={members.error} onRetry={() => members.refetch()} what="team data" />}
      {members.data &&
        (members.data.length <= 1 ? (
          <>
            <EmptyState
              title="You are the only member"
              hint={
                canInvite
                  ? "Invite colleagues by email: they join with the role you pick once they accept."
                  : "Ask an administrator to invite your colleagues."
              }
            >
              {inviteButtons}
            </EmptyState>
            {members.data.length === 1 && (
              <MembersTable
                workspaceId={workspaceId}
                members={members.data}
                may={{ update: can("team:update"), remove: can("team:delete"), selfId: user?.id }}
              />
            )}
          </>
        ) : (
          <MembersTable
            workspaceId={workspaceId}
            members={members.data}
            may={{ update: can("team:update"), remove: can("team:delete"), selfId: user?.id }}
          />
        ))}
      {can("team:read") && (
        <Card variant="outlined" id="invites">
          <CardContent sx={{ display: "grid", gap: 1 }}>
            <Typography variant="h6" component="h3">
              Invitations
            </Typography>
            {invites.isPending && <LinearProgress aria-label="Loading invitations" />}
            {invites.isError && <LoadError error={invites.error} onRetry={() => invites.refetch()} what="invitations" />}
            {invites.data &&
              (invites.data.length === 0 ? (
                <Typography variant="body2" color="textSecondary">
                  No invitations yet. {canInvite ? "Use Invite member to send one." : ""}
                </Typography>
              ) : (
                <>
                  <Typography variant="body2" color="textSecondary">
                    {`${openInvites.length}${moreInvites && openInvites.length === invites.data.length ? "+" : ""} open. An invitation link works for 7 days from its last send; resending starts a new link.`}
                  </Typography>
                  <PendingInvites workspaceId={workspaceId} invites={invites.data} canManage={canInvite} />
                  {moreInvites && (
                    <Box>
                      <Button onClick={() => setInviteLimit((n) => Math.min(INVITES_MAX_LIMIT, n + 50))} disabled={invites.isFetching}>
                        Show more invitations
                      </Button>
                    </Box>
                  )}
                </>
              ))}
          </CardContent>
        </Card>
      )}
      <InviteDialog workspaceId={workspaceId} open={dialog === "one"} onClose={() => setDialog(null)} />
      <BulkInviteDialog workspaceId={workspaceId} open={dialog === "bulk"} onClose={() => setDialog(null)} />
    </>
  );
}

export function TeamMembersPage() {
  const { status, workspaceId } = useTeamContext();
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }}>
      {status === "loading" && <LoadingScreen />}
      {status !== "loading" && !workspaceId && (
        <>
          <PageIntro title="Members" question="Who has access to this workspace, with which role?" />
          <NoWorkspace />
        </>
      )}
      {workspaceId && <Members workspaceId={workspaceId} />}
    </Box>
  );
}
export default TeamMembersPage;
