/**
 * /team/overview: who is on the team right now and what they did lately. Members online now (live
 * from the team socket), the workspace's stats, the latest activity and the pending invitations.
 */
import {
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Typography,
} from "@mui/material";
import { Link as RouterLink } from "react-router";
import { timeAgo } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useActivity } from "../api/use-activity.ts";
import { useLiveMembers } from "../api/use-live-members.ts";
import { useInvites } from "../api/use-members.ts";
import { useTeamContext } from "../api/use-team-context.ts";
import { useWorkspaceStats } from "../api/use-workspaces.ts";
import { ActivityList } from "../components/activity-list.tsx";
import { MemberAvatar } from "../components/member-avatar.tsx";
import { LoadError, NoWorkspace } from "../components/team-states.tsx";
import { formatBytes, PRESENCE_LABELS, roleLabel } from "../lib/team-labels.ts";

function OnlineCard({ workspaceId }: { workspaceId: string }) {
  const members = useLiveMembers(workspaceId);
  const here = (members.data ?? []).filter((m) => m.status === "active" && m.user.presence !== "offline");
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: "grid", gap: 1 }}>
        <Typography variant="h6" component="h3">
          Online now
        </Typography>
        {members.isPending && <LinearProgress aria-label="Loading members" />}
        {members.isError && <LoadError error={members.error} onRetry={() => members.refetch()} what="team data" />}
        {members.data &&
          (here.length === 0 ? (
            <Typography variant="body2" color="textSecondary">
              {members.data.length <= 1
                ? "Only you are in this workspace. Invite colleagues on the Members page to work together."
                : "Nobody else is online. Members show here while Prospector is open in their browser."}
            </Typography>
          ) : (
            <List dense disablePadding aria-label="Members online now">
              {here.map((m) => (
                <ListItem key={m.id} disableGutters>
                  <ListItemAvatar sx={{ minWidth: 48 }}>
                    <MemberAvatar user={m.user} />
                  </ListItemAvatar>
                  <ListItemText
                    primary={m.user.full_name || m.user.email}
                    secondary={`${PRESENCE_LABELS[m.user.presence]} · ${roleLabel(m.role)}${m.user.last_seen ? ` · active ${timeAgo(m.user.last_seen)}` : ""}`}
                  />
                </ListItem>
              ))}
            </List>
          ))}
        <Box>
          <Button component={RouterLink} to="/team/members" size="small">
            All members
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function StatsCard({ workspaceId }: { workspaceId: string }) {
  const stats = useWorkspaceStats(workspaceId);
  const s = stats.data;
  const figures = s
    ? [
        { label: "Members", value: s.member_count.toLocaleString(), to: "/team/members" },
        {
          label: "Active members",
          value: s.active_members.toLocaleString(),
          to: "/team/members",
          hint: "online now or seen in the last 7 days",
        },
        { label: "Campaigns", value: s.campaign_count.toLocaleString(), to: "/campaigns" },
        { label: "Leads", value: s.lead_count.toLocaleString(), to: "/leads" },
      ]
    : [];
  const share = s?.storage_limit ? Math.min(100, (s.storage_used / s.storage_limit) * 100) : 0;
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: "grid", gap: 1.5 }}>
        <Typography variant="h6" component="h3">
          Workspace at a glance
        </Typography>
        {stats.isPending && <LinearProgress aria-label="Loading stats" />}
        {stats.isError && <LoadError error={stats.error} onRetry={() => stats.refetch()} what="team data" />}
        {s && (
          <>
            <Box sx={{ display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: 1.5 }}>
              {figures.map((f) => (
                <Link key={f.label} component={RouterLink} to={f.to} underline="hover" sx={{ color: "inherit" }} title={f.hint}>
                  <Typography variant="h4" component="p">
                    {f.value}
                  </Typography>
                  <Typography variant="body2" color="textSecondary">
                    {f.label}
                  </Typography>
                </Link>
              ))}
            </Box>
            <Box>
              <Typography variant="body2">
                {`Storage: ${formatBytes(s.storage_used)} used${s.storage_limit ? ` of ${formatBytes(s.storage_limit)}` : " (no limit on this plan)"}`}
              </Typography>
              {s.storage_limit ? (
                <LinearProgress
                  variant="determinate"
                  value={share}
                  color={share > 90 ? "error" : "primary"}
                  aria-label={`Storage used: ${Math.round(share)}%`}
                  sx={{ mt: 0.5 }}
                />
              ) : null}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function RecentActivityCard({ workspaceId }: { workspaceId: string }) {
  const activity = useActivity(workspaceId, {}, 8);
  const items = activity.data?.pages[0]?.items ?? [];
  return (
    <Card variant="outlined" sx={{ gridColumn: { md: "1 / -1" } }}>
      <CardContent sx={{ display: "grid", gap: 1 }}>
        <Typography variant="h6" component="h3">
          Recent activity
        </Typography>
        {activity.isPending && <LinearProgress aria-label="Loading activity" />}
        {activity.isError && <LoadError error={activity.error} onRetry={() => activity.refetch()} what="team data" />}
        {activity.data &&
          (items.length === 0 ? (
            <EmptyState
              title="Nothing has happened yet"
              hint="Invitations, members joining, role changes and workspace changes are recorded here as they happen."
            />
          ) : (
            <ActivityList items={items} label="Recent activity" />
          ))}
        <Box>
          <Button component={RouterLink} to="/team/activity" size="small">
            All activity
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function InvitesCard({ workspaceId }: { workspaceId: string }) {
  const { can } = useTeamContext();
  const allowed = can("team:read");
  const invites = useInvites(workspaceId, allowed);
  const pending = (invites.data ?? []).filter((i) => i.status === "pending");
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: "grid", gap: 1 }}>
        <Typography variant="h6" component="h3">
          Pending invitations
        </Typography>
        {!allowed ? (
          <Typography variant="body2" color="textSecondary">
            Your role cannot see invitations (it needs team:read).
          </Typography>
        ) : (
          <>
            {invites.isPending && <LinearProgress aria-label="Loading invitations" />}
            {invites.isError && <LoadError error={invites.error} onRetry={() => invites.refetch()} what="team data" />}
            {invites.data && (
              <Typography>
                <Link component={RouterLink} to="/team/members#invites">
                  {pending.length === 0 ? "No invitations waiting" : `${pending.length} waiting for an answer`}
                </Link>
              </Typography>
            )}
            {invites.data && pending.length === 0 && (
              <Typography variant="body2" color="textSecondary">
                Invite colleagues by email on the Members page; they appear here until they accept.
              </Typography>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function TeamOverviewPage() {
  const { status, workspaceId, workspaceName } = useTeamContext();
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }}>
      <PageIntro
        title="Team overview"
        question="Who is on my team right now, and what have they done lately?"
        summary={workspaceName ? `Workspace: ${workspaceName}` : undefined}
      />
      {status === "loading" && <LoadingScreen />}
      {status !== "loading" && !workspaceId && <NoWorkspace />}
      {workspaceId && (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" } }}>
          <OnlineCard workspaceId={workspaceId} />
          <StatsCard workspaceId={workspaceId} />
          <InvitesCard workspaceId={workspaceId} />
          <RecentActivityCard workspaceId={workspaceId} />
        </Box>
      )}
    </Box>
  );
}
export default TeamOverviewPage;
