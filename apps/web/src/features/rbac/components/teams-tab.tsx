/**
 * Teams: the workspace's teams as a tree; a team's members and the grants it gives them. Create,
 * rename, move under another team (the parent list leaves out the team and its own sub-teams, and
 * the server refuses a cycle too), add and remove members, change its grants.
 */
import Add from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { Team, TeamGrant } from "@prospector/contracts";
import { useState } from "react";
import { usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { useMembers } from "../api/use-roles.ts";
import {
  useAddTeamMember,
  useCreateTeam,
  useDeleteTeam,
  useRemoveTeamMember,
  useSaveTeamGrants,
  useTeam,
  useTeams,
  useUpdateTeam,
} from "../api/use-teams.ts";
import { type FormErrors, formErrorsFrom, NO_ERRORS } from "../lib/field-errors.ts";
import { grantText, isPermission, parsePermissionList } from "../lib/grants.ts";
import { allowedParents, treeRows } from "../lib/team-tree.ts";
import { TabError, TabLoading, TabQuery } from "./tab-states.tsx";

function TeamDialog({
  team,
  teams,
  onClose,
  onSaved,
}: {
  team: Team | null;
  teams: Team[];
  onClose: () => void;
  onSaved: (t: Team) => void;
}) {
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const toast = useToast();
  const [name, setName] = useState(team?.name ?? "");
  const [description, setDescription] = useState(team?.description ?? "");
  const [parent, setParent] = useState(team?.parent_id ?? "");
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const parents = allowedParents(teams, team?.id ?? null);
  const pending = create.isPending || update.isPending;

  const submit = () => {
    if (!name.trim()) {
      setErrors({ ...NO_ERRORS, fields: { name: "Name is required" } });
      return;
    }
    if (parent && !parents.some((t) => t.id === parent)) {
      setErrors({ ...NO_ERRORS, fields: { parent_id: "A team cannot be nested under itself or one of its own sub-teams" } });
      return;
    }
    const body = { name: name.trim(), description: description.trim() || null, parent_id: parent || null };
    const done = {
      onSuccess: (t: unknown) => {
        toast.success(team ? `Team "${body.name}" saved` : `Team "${body.name}" created`);
        onSaved(t as Team);
        onClose();
      },
      onError: (e: unknown) => setErrors(formErrorsFrom(e, ["name", "description", "parent_id"])),
    };
    if (team) update.mutate({ id: team.id, ...body }, done);
    else create.mutate(body, done);
  };

  return (
    <FormDialog
      title={team ? `Edit team "${team.name}"` : "New team"}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      submitLabel={team ? "Save" : "Create team"}
      error={errors.general}
    >
      <TextField
        label="Name"
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(errors.fields.name)}
        helperText={errors.fields.name}
      />
      <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} multiline />
      <TextField
        select
        label="Parent team"
        value={parent}
        onChange={(e) => setParent(e.target.value)}
        error={Boolean(errors.fields.parent_id)}
        helperText={errors.fields.parent_id ?? "Members of a sub-team are part of its parent too."}
      >
        <MenuItem value="">None (top level)</MenuItem>
        {parents.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.name}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}

function GrantsEditor({ team, onDone }: { team: Team; onDone: () => void }) {
  const save = useSaveTeamGrants();
  const toast = useToast();
  const [allow, setAllow] = useState(
    team.grants
      .filter((g) => g.effect === "allow")
      .map(grantText)
      .join(", "),
  );
  const [deny, setDeny] = useState(
    team.grants
      .filter((g) => g.effect === "deny")
      .map(grantText)
      .join(", "),
  );
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const a = parsePermissionList(allow);
    const d = parsePermissionList(deny);
    const bad = [...a, ...d].find((p) => !isPermission(p));
    if (bad) {
      setError(`"${bad}" is not resource:action (use * for any)`);
      return;
    }
    const toGrant = (p: string, effect: "allow" | "deny"): TeamGrant => {
      const [resource = "", action = ""] = p.split(":");
      return { resource, action, effect };
    };
    const grants = [...a.map((p) => toGrant(p, "allow")), ...d.map((p) => toGrant(p, "deny"))];
    save.mutate(
      { teamId: team.id, grants },
      {
        onSuccess: () => {
          toast.success(`Grants of "${team.name}" saved`);
          onDone();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <Stack
      spacing={1.5}
      component="form"
      aria-label="Team grants"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <TextField
        size="small"
        label="Allows"
        value={allow}
        onChange={(e) => setAllow(e.target.value)}
        helperText="resource:action, comma separated"
      />
      <TextField size="small" label="Denies" value={deny} onChange={(e) => setDeny(e.target.value)} helperText="A deny beats any allow" />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" size="small" disabled={save.isPending}>
          Save grants
        </Button>
        <Button size="small" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}

function TeamDetail({ id, teams, onEdit, onDeleted }: { id: string; teams: Team[]; onEdit: (t: Team) => void; onDeleted: () => void }) {
  const team = useTeam(id);
  const { user } = useSession();
  const members = useMembers(user?.workspace.id);
  const add = useAddTeamMember();
  const remove = useRemoveTeamMember();
  const del = useDeleteTeam();
  const toast = useToast();
  const { can } = usePermissions();
  const [adding, setAdding] = useState("");
  const [editingGrants, setEditingGrants] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const mayUpdate = can("team:update");

  if (team.isPending) return <TabLoading label="Loading the team" />;
  if (team.isError) return <TabError error={team.error} onRetry={() => team.refetch()} />;
  const t = team.data;
  const inTeam = new Set((t.members ?? []).map((m) => m.id));
  const candidates = (members.data?.items ?? []).filter((m) => !inTeam.has(m.user.id));
  const parent = teams.find((x) => x.id === t.parent_id);

  return (
    <Stack spacing={2} component="section" aria-labelledby="team-detail-title">
      <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1, flexWrap: "wrap" }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h6" component="h3" id="team-detail-title">
            {t.name}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {parent ? `Under ${parent.name}` : "Top-level team"}
            {t.description ? ` · ${t.description}` : ""}
          </Typography>
        </Box>
        {mayUpdate && <Button onClick={() => onEdit(t)}>Rename or move</Button>}
        {can("team:delete") && (
          <Button color="error" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        )}
      </Box>

      <Box>
        <Typography variant="subtitle2" component="h4" gutterBottom>
          Members ({t.members?.length ?? t.member_count})
        </Typography>
        {(t.members ?? []).length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            No members yet{mayUpdate ? ": add someone below." : "."}
          </Typography>
        ) : (
          <List dense disablePadding>
            {(t.members ?? []).map((m) => (
              <Box key={m.id} sx={{ display: "flex", alignItems: "center" }}>
                <ListItemText primary={m.name} secondary={m.email} />
                {mayUpdate && (
                  <IconButton
                    aria-label={`Remove ${m.name} from ${t.name}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(
                        { teamId: t.id, userId: m.id },
                        { onSuccess: () => toast.success(`${m.name} left ${t.name}`), onError: (e) => toast.error(errorMessage(e)) },
                      )
                    }
                  >
                    <DeleteOutline />
                  </IconButton>
                )}
              </Box>
            ))}
          </List>
        )}
        {mayUpdate && (
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <TextField
              select
              size="small"
              label="Add a member"
              value={adding}
              onChange={(e) => setAdding(e.target.value)}
              sx={{ minWidth: 240 }}
            >
              {candidates.length === 0 && (
                <MenuItem value="" disabled>
                  Every member is in this team
                </MenuItem>
              )}
              {candidates.map((m) => (
                <MenuItem key={m.user.id} value={m.user.id}>
                  {m.user.full_name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              disabled={!adding || add.isPending}
              onClick={() =>
                add.mutate(
                  { teamId: t.id, userId: adding },
                  {
                    onSuccess: () => {
                      setAdding("");
                      toast.success(`Added to ${t.name}`);
                    },
                    onError: (e) => toast.error(errorMessage(e)),
                  },
                )
              }
            >
              Add
            </Button>
          </Stack>
        )}
      </Box>

      <Box>
        <Typography variant="subtitle2" component="h4" gutterBottom>
          Grants to its members
        </Typography>
        {editingGrants ? (
          <GrantsEditor team={t} onDone={() => setEditingGrants(false)} />
        ) : (
          <>
            {t.grants.length === 0 ? (
              <Typography variant="body2" color="textSecondary">
                This team grants nothing beyond its members' roles.
              </Typography>
            ) : (
              <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
                {t.grants.map((g) => (
                  <Chip
                    key={`${grantText(g)}:${g.effect}`}
                    size="small"
                    color={g.effect === "deny" ? "error" : "default"}
                    label={`${g.effect === "deny" ? "deny " : ""}${grantText(g)}`}
                  />
                ))}
              </Box>
            )}
            {mayUpdate && (
              <Button size="small" sx={{ mt: 1 }} onClick={() => setEditingGrants(true)}>
                Change grants
              </Button>
            )}
          </>
        )}
      </Box>
      <ConfirmDialog
        open={deleting}
        title={`Delete "${t.name}"?`}
        confirmLabel="Delete team"
        danger
        pending={del.isPending}
        error={del.error}
        onClose={() => {
          setDeleting(false);
          del.reset();
        }}
        onConfirm={() =>
          del.mutate(t.id, {
            onSuccess: () => {
              toast.success(`Team "${t.name}" deleted`);
              setDeleting(false);
              onDeleted();
            },
          })
        }
      >
        Its members lose the team's grants at once. Members themselves stay in the workspace.
      </ConfirmDialog>
    </Stack>
  );
}

export default function TeamsTab() {
  const teams = useTeams();
  const { can } = usePermissions();
  const [selected, setSelected] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Team | "new" | null>(null);
  const rows = treeRows(teams.data ?? []);
  const current = selected && rows.some((r) => r.team.id === selected) ? selected : (rows[0]?.team.id ?? null);
  const newButton = can("team:create") && (
    <Button variant="contained" startIcon={<Add />} onClick={() => setDialog("new")}>
      New team
    </Button>
  );

  return (
    <>
      <PageIntro
        dense
        question="How are people grouped, and what does each group grant?"
        summary="A team's grants apply to its members after policies, direct grants and roles. Sub-teams sit under a parent team."
        actions={newButton}
      />
      <TabQuery query={teams} label="Loading teams">
        {(data) =>
          rows.length === 0 ? (
            <EmptyState
              title="No teams yet"
              hint="Create a team to give a group of members the same extra permissions, and nest teams to mirror your organization."
            >
              {newButton}
            </EmptyState>
          ) : (
            <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(220px, 1fr) 2fr" } }}>
              <Paper variant="outlined">
                <List dense aria-label="Team tree">
                  {rows.map(({ team, depth }) => (
                    <ListItemButton
                      key={team.id}
                      selected={team.id === current}
                      onClick={() => setSelected(team.id)}
                      sx={{ pl: 2 + depth * 2.5 }}
                      aria-current={team.id === current ? "true" : undefined}
                    >
                      <ListItemText
                        primary={team.name}
                        secondary={`${team.member_count} member${team.member_count === 1 ? "" : "s"}${depth ? ` · level ${depth + 1}` : ""}`}
                      />
                    </ListItemButton>
                  ))}
                </List>
              </Paper>
              <Paper variant="outlined" sx={{ p: 2 }}>
                {current && (
                  <TeamDetail
                    key={current}
                    id={current}
                    teams={data ?? []}
                    onEdit={(t) => setDialog(t)}
                    onDeleted={() => setSelected(null)}
                  />
                )}
              </Paper>
            </Box>
          )
        }
      </TabQuery>
      {dialog && (
        <TeamDialog
          team={dialog === "new" ? null : dialog}
          teams={teams.data ?? []}
          onClose={() => setDialog(null)}
          onSaved={(t) => setSelected(t.id)}
        />
      )}
    </>
  );
}
