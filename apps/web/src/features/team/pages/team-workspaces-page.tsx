/**
 * /team/workspaces: which workspaces the user belongs to and how they are set up. The list (role,
 * members, default, archived), create, settings, the lifecycle (archive/restore, clone, transfer,
 * export, delete) and the current workspace's domain verification. Actions are offered by the
 * caller's role in each workspace; the server decides.
 */
import { Add, MoreVert } from "@mui/icons-material";
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Menu,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { ROLE_PERMISSIONS, type RoleId, type Workspace } from "@prospector/contracts";
import { useState } from "react";
import { decide, toPermissionSet } from "../../../app/permissions/permission-rules.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useTeamContext } from "../api/use-team-context.ts";
import { useArchiveWorkspace, useDeleteWorkspace, useExportWorkspace, useWorkspaces } from "../api/use-workspaces.ts";
import { DomainPanel } from "../components/domain-panel.tsx";
import { LoadError } from "../components/team-states.tsx";
import { CloneWorkspaceDialog, TransferOwnershipDialog, WorkspaceSettingsDialog } from "../components/workspace-dialogs.tsx";
import { roleLabel } from "../lib/team-labels.ts";

type Action = "settings" | "archive" | "restore" | "clone" | "transfer" | "delete";

export function TeamWorkspacesPage() {
  const ctx = useTeamContext();
  const workspaces = useWorkspaces();
  const archive = useArchiveWorkspace();
  const remove = useDeleteWorkspace();
  const exportWs = useExportWorkspace();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; ws: Workspace } | null>(null);
  const [action, setAction] = useState<{ kind: Action; ws: Workspace } | null>(null);

  /** In the current workspace /me's permissions decide; elsewhere the seed permissions of the caller's role there. */
  const may = (ws: Workspace, permission: string) =>
    ws.id === ctx.workspaceId ? ctx.can(permission) : decide(toPermissionSet(ROLE_PERMISSIONS[ws.role as RoleId] ?? []), permission);
  const isOwner = (ws: Workspace) => ws.owner_id === ctx.user?.id || Boolean(ctx.user?.is_instance_admin);
  const current = workspaces.data?.find((w) => w.id === ctx.workspaceId);

  const open = (kind: Action) => {
    if (menu) setAction({ kind, ws: menu.ws });
    setMenu(null);
  };
  const doExport = async (ws: Workspace) => {
    setMenu(null);
    try {
      await exportWs.mutateAsync(ws);
      toast.success(`${ws.name} exported`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const closeAction = () => {
    archive.reset();
    remove.reset();
    setAction(null);
  };

  const createButton = ctx.can("workspaces:create") && (
    <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
      New workspace
    </Button>
  );

  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }}>
      <PageIntro
        title="Workspaces"
        question="Which workspaces do I belong to, and how are they set up?"
        summary="Each workspace keeps its own leads, campaigns, CRM and members. Switch between them with the switcher in the top bar."
        actions={createButton}
      />
      {workspaces.isPending && <LoadingScreen />}
      {workspaces.isError && <LoadError error={workspaces.error} onRetry={() => workspaces.refetch()} what="team data" />}
      {workspaces.data?.length === 0 && (
        <EmptyState title="You do not belong to any workspace" hint="Ask an administrator to invite you, or create a workspace.">
          {createButton}
        </EmptyState>
      )}
      {workspaces.data && workspaces.data.length > 0 && (
        <Card variant="outlined">
          <Box sx={{ overflowX: "auto" }}>
            <Table aria-label="Your workspaces">
              <TableHead>
                <TableRow>
                  <TableCell>Workspace</TableCell>
                  <TableCell>Your role</TableCell>
                  <TableCell align="right">Members</TableCell>
                  <TableCell>Time zone</TableCell>
                  <TableCell>Created</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {workspaces.data.map((ws) => (
                  <TableRow key={ws.id} hover>
                    <TableCell>
                      <Box sx={{ display: "flex", gap: 0.75, alignItems: "center", flexWrap: "wrap" }}>
                        <Typography component="span" sx={{ fontWeight: 600 }}>
                          {ws.name}
                        </Typography>
                        {ws.id === ctx.workspaceId && <Chip size="small" color="primary" label="Current" />}
                        {ws.is_default && <Chip size="small" variant="outlined" label="Default" />}
                        {ws.archived_at && <Chip size="small" color="warning" label="Archived (read-only)" />}
                        {ws.owner_id === ctx.user?.id && <Chip size="small" variant="outlined" label="Owner" />}
                      </Box>
                      <Typography variant="caption" color="textSecondary" component="div">
                        {ws.settings.description || ws.organization_name}
                      </Typography>
                    </TableCell>
                    <TableCell>{roleLabel(ws.role)}</TableCell>
                    <TableCell align="right">{`${ws.member_count} / ${ws.settings.max_members}`}</TableCell>
                    <TableCell>{ws.settings.timezone}</TableCell>
                    <TableCell>{formatDateTime(ws.created_at)}</TableCell>
                    <TableCell align="right">
                      <IconButton aria-label={`Actions for ${ws.name}`} onClick={(e) => setMenu({ anchor: e.currentTarget, ws })}>
                        <MoreVert />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Card>
      )}
      {current && (
        <Card variant="outlined">
          <CardContent sx={{ display: "grid", gap: 1 }}>
            <Typography variant="h6" component="h3">
              {`Email domains of ${current.name}`}
            </Typography>
            {may(current, "workspaces:update") ? (
              <DomainPanel workspaceId={current.id} canEdit={!current.archived_at} />
            ) : (
              <Typography variant="body2" color="textSecondary">
                Verified domains let colleagues join on sign-up. Only members who may change the workspace's settings (workspaces:update)
                see and manage them.
              </Typography>
            )}
          </CardContent>
        </Card>
      )}

      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {menu && may(menu.ws, "workspaces:update") && !menu.ws.archived_at && (
          <MenuItem onClick={() => open("settings")}>Settings</MenuItem>
        )}
        {menu && may(menu.ws, "workspaces:update") && !menu.ws.archived_at && <MenuItem onClick={() => open("archive")}>Archive</MenuItem>}
        {menu && may(menu.ws, "workspaces:update") && menu.ws.archived_at && <MenuItem onClick={() => open("restore")}>Restore</MenuItem>}
        {menu && ctx.can("workspaces:create") && <MenuItem onClick={() => open("clone")}>Clone</MenuItem>}
        {menu && isOwner(menu.ws) && <MenuItem onClick={() => open("transfer")}>Transfer ownership</MenuItem>}
        {menu && may(menu.ws, "workspaces:export") && <MenuItem onClick={() => void doExport(menu.ws)}>Export as JSON</MenuItem>}
        {menu && may(menu.ws, "workspaces:delete") && (
          <MenuItem onClick={() => open("delete")} disabled={menu.ws.is_default} sx={{ color: "error.main" }}>
            {menu.ws.is_default ? "Delete (the default workspace cannot be deleted)" : "Delete"}
          </MenuItem>
        )}
      </Menu>

      {creating && <WorkspaceSettingsDialog open onClose={() => setCreating(false)} />}
      {action?.kind === "settings" && <WorkspaceSettingsDialog key={action.ws.id} workspace={action.ws} open onClose={closeAction} />}
      {action?.kind === "clone" && <CloneWorkspaceDialog key={action.ws.id} workspace={action.ws} open onClose={closeAction} />}
      {action?.kind === "transfer" && <TransferOwnershipDialog key={action.ws.id} workspace={action.ws} open onClose={closeAction} />}
      <ConfirmDialog
        open={action?.kind === "archive" || action?.kind === "restore"}
        title={action?.kind === "restore" ? `Restore ${action.ws.name}?` : `Archive ${action?.ws.name ?? ""}?`}
        confirmLabel={action?.kind === "restore" ? "Restore" : "Archive"}
        pending={archive.isPending}
        error={archive.error}
        onClose={closeAction}
        onConfirm={async () => {
          if (!action) return;
          try {
            await archive.mutateAsync({ id: action.ws.id, archive: action.kind === "archive" });
            toast.success(action.kind === "archive" ? `${action.ws.name} is archived` : `${action.ws.name} is restored`);
            closeAction();
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        {action?.kind === "restore"
          ? "Members can change its data again; campaigns stay paused until someone resumes them."
          : "The workspace becomes read-only for everyone: nothing can be created, changed or sent until it is restored. Exports still work."}
      </ConfirmDialog>
      <ConfirmDialog
        open={action?.kind === "delete"}
        title={`Delete ${action?.ws.name ?? ""}?`}
        confirmLabel="Delete for good"
        danger
        typeToConfirm={action?.ws.name}
        pending={remove.isPending}
        error={remove.error}
        onClose={closeAction}
        onConfirm={async () => {
          if (!action) return;
          try {
            await remove.mutateAsync(action.ws.id);
            toast.success(`${action.ws.name} deleted`);
            closeAction();
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        Everything in it goes: leads, campaigns, CRM records, members' access and invitations. Export it first if you may need it.
      </ConfirmDialog>
    </Box>
  );
}
export default TeamWorkspacesPage;
