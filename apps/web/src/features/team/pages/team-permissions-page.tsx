/**
 * /team/permissions: who may do what here, read-only. The role × permission matrix from the role
 * catalogue, and one member's effective grants with where each comes from (their role, a direct
 * grant, a team). Editing happens in the access console, /security/rbac.
 */
import { Block, CheckCircle } from "@mui/icons-material";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import type { EffectiveGrant, RoleSummary } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useRoles, useTeamNames, useUserPermissions } from "../api/use-access.ts";
import { useMembers } from "../api/use-members.ts";
import { useTeamContext } from "../api/use-team-context.ts";
import { LoadError, NoWorkspace } from "../components/team-states.tsx";
import { matrixRows, roleAllows } from "../lib/permission-matrix.ts";
import { roleLabel } from "../lib/team-labels.ts";

function Matrix({ roles }: { roles: RoleSummary[] }) {
  const [filter, setFilter] = useState("");
  const ordered = useMemo(() => [...roles].sort((a, b) => b.priority - a.priority), [roles]);
  const rows = useMemo(() => matrixRows(roles).filter((r) => r.includes(filter.trim().toLowerCase())), [roles, filter]);
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <TextField
        size="small"
        label="Filter permissions (e.g. leads)"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        sx={{ maxWidth: 320 }}
      />
      <Box sx={{ overflowX: "auto", maxHeight: 560 }}>
        <Table size="small" stickyHeader aria-label="Permissions by role">
          <TableHead>
            <TableRow>
              <TableCell>Permission</TableCell>
              {ordered.map((r) => (
                <TableCell key={r.id} align="center" title={r.scope}>
                  {r.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((perm) => (
              <TableRow key={perm} hover>
                <TableCell component="th" scope="row">
                  <Box component="code" sx={{ fontSize: 13 }}>
                    {perm}
                  </Box>
                </TableCell>
                {ordered.map((r) => {
                  const ok = roleAllows(r, perm);
                  return (
                    <TableCell key={r.id} align="center" aria-label={`${r.label}: ${ok ? "allowed" : "not allowed"}`}>
                      {ok ? <CheckCircle fontSize="small" color="success" /> : <Block fontSize="small" sx={{ color: "text.disabled" }} />}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {rows.length === 0 && <Typography color="textSecondary">No permission matches this filter.</Typography>}
    </Box>
  );
}

function source(g: EffectiveGrant, teams: Record<string, string> | undefined): string {
  if (g.source === "role") return `Role: ${roleLabel(g.source_id)}`;
  if (g.source === "team") return `Team: ${teams?.[g.source_id] ?? g.source_id}`;
  return "Granted directly";
}

function PerPerson({ workspaceId }: { workspaceId: string }) {
  const { can, user } = useTeamContext();
  const mayReadTeam = can("team:read");
  const members = useMembers(workspaceId);
  const [userId, setUserId] = useState<string>(user?.id ?? "");
  const perms = useUserPermissions(workspaceId, userId || undefined);
  const teams = useTeamNames(workspaceId, mayReadTeam);
  const choices = members.data ?? [];
  const grants = [...(perms.data?.grants ?? [])].sort((a, b) => `${a.resource}:${a.action}`.localeCompare(`${b.resource}:${b.action}`));
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <TextField
        select
        size="small"
        label="Member"
        value={choices.some((m) => m.user.id === userId) ? userId : ""}
        onChange={(e) => setUserId(e.target.value)}
        sx={{ maxWidth: 420 }}
        disabled={!members.data}
        helperText={mayReadTeam ? undefined : "Your role can only see your own permissions (others need team:read)."}
        slotProps={{ inputLabel: { shrink: true } }}
      >
        {choices
          .filter((m) => mayReadTeam || m.user.id === user?.id)
          .map((m) => (
            <MenuItem key={m.user.id} value={m.user.id}>
              {`${m.user.full_name || m.user.email} · ${roleLabel(m.role)}`}
            </MenuItem>
          ))}
      </TextField>
      {members.isError && <LoadError error={members.error} onRetry={() => members.refetch()} what="team data" />}
      {perms.isPending && userId && <LinearProgress aria-label="Loading permissions" />}
      {perms.isError && <LoadError error={perms.error} onRetry={() => perms.refetch()} what="the member's permissions" />}
      {perms.data && (
        <>
          <Typography variant="body2" color="textSecondary">
            {`Roles: ${perms.data.roles.map(roleLabel).join(", ") || "none (treated as Viewer)"}. A deny wins over any allow; with no allow the answer is no.`}
          </Typography>
          {grants.length === 0 ? (
            <Typography>No permission granted.</Typography>
          ) : (
            <Box sx={{ overflowX: "auto" }}>
              <Table size="small" aria-label="Effective permissions">
                <TableHead>
                  <TableRow>
                    <TableCell>Permission</TableCell>
                    <TableCell>Effect</TableCell>
                    <TableCell>Comes from</TableCell>
                    <TableCell>Record</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {grants.map((g) => (
                    <TableRow key={`${g.resource}:${g.action}:${g.effect}:${g.source}:${g.source_id}:${g.resource_id ?? ""}`}>
                      <TableCell>
                        <Box component="code" sx={{ fontSize: 13 }}>{`${g.resource}:${g.action}`}</Box>
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          label={g.effect === "deny" ? "Deny" : "Allow"}
                          color={g.effect === "deny" ? "error" : "success"}
                          variant="outlined"
                        />
                      </TableCell>
                      <TableCell>{source(g, teams.data)}</TableCell>
                      <TableCell>{g.resource_id ?? "All"}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

export function TeamPermissionsPage() {
  const { status, workspaceId, can } = useTeamContext();
  const roles = useRoles(workspaceId);
  const editLink = can("team:update") && (
    <Button component={RouterLink} to="/security/rbac" variant="outlined">
      Edit in Access Control
    </Button>
  );
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }}>
      <PageIntro
        title="Permissions"
        question="Who may do what here?"
        summary="Read-only: roles, direct grants, teams and policies are changed in Access Control."
        actions={editLink}
      />
      {status === "loading" && <LoadingScreen />}
      {status !== "loading" && !workspaceId && <NoWorkspace />}
      {workspaceId && (
        <>
          <Card variant="outlined">
            <CardContent sx={{ display: "grid", gap: 1 }}>
              <Typography variant="h6" component="h3">
                By role
              </Typography>
              {roles.isPending && <LinearProgress aria-label="Loading roles" />}
              {roles.isError && <LoadError error={roles.error} onRetry={() => roles.refetch()} what="the roles" />}
              {roles.data?.length === 0 && (
                <EmptyState
                  title="No roles defined"
                  hint="Roles are created with the organization; an administrator can restore them in Access Control."
                />
              )}
              {roles.data && roles.data.length > 0 && <Matrix roles={roles.data} />}
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent sx={{ display: "grid", gap: 1 }}>
              <Typography variant="h6" component="h3">
                By person
              </Typography>
              <PerPerson workspaceId={workspaceId} />
            </CardContent>
          </Card>
          {!can("team:update") && (
            <Alert severity="info">To change who may do what, ask an administrator (Access Control needs team:update).</Alert>
          )}
        </>
      )}
    </Box>
  );
}
export default TeamPermissionsPage;
