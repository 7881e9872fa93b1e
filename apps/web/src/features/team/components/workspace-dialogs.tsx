/**
 * The workspace forms: create, settings (name, time zone, description, domain join and its role),
 * clone (a new name, leads or not) and transfer ownership (to an active member). Field errors
 * from the server's 422 show under their field; other refusals above the buttons.
 */
import { Alert, Checkbox, FormControlLabel, MenuItem, Switch, TextField, Typography } from "@mui/material";
import { WORKSPACE_MAX_MEMBERS_LIMIT, type Workspace } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useMembers } from "../api/use-members.ts";
import { useCloneWorkspace, useCreateWorkspace, useTransferWorkspace, useUpdateWorkspace } from "../api/use-workspaces.ts";
import { roleLabel } from "../lib/team-labels.ts";
import { RoleSelect } from "./role-select.tsx";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const list = intl.supportedValuesOf?.("timeZone") ?? [];
  return list.length ? list : ["UTC", browserZone()];
}

/** Server field errors (422) by field name, e.g. "name", "settings.timezone". */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return Object.fromEntries(error.errors.map((e) => [e.field, e.message]));
}

/** A refusal that belongs to no field (anything but a 422 with field errors), for the dialog's alert. */
function generalError(error: unknown): string | null {
  return error && !(error instanceof ApiError && error.errors?.length) ? errorMessage(error) : null;
}

interface SettingsValues {
  name: string;
  max_members: string;
  timezone: string;
  description: string;
  allow_domain_join: boolean;
  domain_join_role: string;
}

/** Create (no workspace given) or edit a workspace's name and settings. */
export function WorkspaceSettingsDialog({ workspace, open, onClose }: { workspace?: Workspace; open: boolean; onClose: () => void }) {
  const create = useCreateWorkspace();
  const update = useUpdateWorkspace();
  const mutation = workspace ? update : create;
  const toast = useToast();
  const zones = useMemo(timeZones, []);
  const initial: SettingsValues = {
    name: workspace?.name ?? "",
    max_members: String(workspace?.settings.max_members ?? ""),
    timezone: workspace?.settings.timezone ?? browserZone(),
    description: workspace?.settings.description ?? "",
    allow_domain_join: workspace?.settings.allow_domain_join ?? false,
    domain_join_role: workspace?.settings.domain_join_role ?? "viewer",
  };
  const [values, setValues] = useState<SettingsValues>(initial);
  const [nameError, setNameError] = useState<string | null>(null);
  const [limitError, setLimitError] = useState<string | null>(null);
  const server = fieldErrors(mutation.error);
  const close = () => {
    mutation.reset();
    setNameError(null);
    setValues(initial);
    onClose();
  };
  const submit = async () => {
    if (!values.name.trim()) return setNameError("Enter a workspace name");
    setNameError(null);
    const limit = values.max_members.trim() === "" ? undefined : Number(values.max_members);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > WORKSPACE_MAX_MEMBERS_LIMIT))
      return setLimitError(`A whole number from 1 to ${WORKSPACE_MAX_MEMBERS_LIMIT}`);
    setLimitError(null);
    const settings = {
      max_members: limit,
      timezone: values.timezone,
      description: values.description,
      allow_domain_join: values.allow_domain_join,
      domain_join_role: values.domain_join_role as Workspace["settings"]["domain_join_role"],
    };
    try {
      if (workspace) {
        await update.mutateAsync({ id: workspace.id, input: { name: values.name.trim(), settings } });
        toast.success("Workspace settings saved");
      } else {
        const created = await create.mutateAsync({ name: values.name.trim(), settings });
        toast.success(`Workspace "${created.name}" created: switch to it with the workspace switcher`);
      }
      close();
    } catch {
      // Field errors show under their fields; other refusals in the dialog.
    }
  };
  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  return (
    <FormDialog
      open={open}
      title={workspace ? `Settings of ${workspace.name}` : "Create a workspace"}
      submitLabel={workspace ? "Save" : "Create workspace"}
      pending={mutation.isPending}
      error={generalError(mutation.error)}
      pendingLabel="Saving…"
      onSubmit={() => void submit()}
      onClose={close}
    >
      {!workspace && (
        <Typography variant="body2" color="textSecondary">
          A workspace keeps its own leads, campaigns, CRM and members. You become its administrator and owner.
        </Typography>
      )}
      <TextField
        label="Name"
        value={values.name}
        onChange={(e) => set("name", e.target.value)}
        error={Boolean(nameError ?? server.name)}
        helperText={nameError ?? server.name ?? " "}
        required
        autoFocus
      />
      <TextField
        select
        label="Time zone"
        value={values.timezone}
        onChange={(e) => set("timezone", e.target.value)}
        error={Boolean(server["settings.timezone"])}
        helperText={server["settings.timezone"] ?? "Used for sending windows and reports"}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
      >
        {(zones.includes(values.timezone) ? zones : [values.timezone, ...zones]).map((z) => (
          <MenuItem key={z} value={z}>
            {z}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Member limit"
        type="number"
        value={values.max_members}
        onChange={(e) => set("max_members", e.target.value)}
        error={Boolean(limitError ?? server["settings.max_members"])}
        helperText={
          limitError ??
          server["settings.max_members"] ??
          (workspace ? "The most members this workspace may have" : "Leave empty for the default")
        }
        slotProps={{ htmlInput: { min: 1, max: WORKSPACE_MAX_MEMBERS_LIMIT } }}
      />
      <TextField
        label="Description"
        value={values.description}
        onChange={(e) => set("description", e.target.value)}
        multiline
        minRows={2}
        error={Boolean(server["settings.description"])}
        helperText={server["settings.description"] ?? "What this workspace is for (optional)"}
      />
      <FormControlLabel
        control={<Switch checked={values.allow_domain_join} onChange={(e) => set("allow_domain_join", e.target.checked)} />}
        label="Let people with a verified email domain join when they sign up"
      />
      {values.allow_domain_join && (
        <RoleSelect
          value={values.domain_join_role}
          onChange={(r) => set("domain_join_role", r)}
          label="They join as"
          helperText="Verify the domain below the workspace list first"
        />
      )}
    </FormDialog>
  );
}

export function CloneWorkspaceDialog({ workspace, open, onClose }: { workspace: Workspace; open: boolean; onClose: () => void }) {
  const clone = useCloneWorkspace();
  const toast = useToast();
  const [name, setName] = useState(`${workspace.name} (copy)`);
  const [leads, setLeads] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const server = fieldErrors(clone.error);
  const close = () => {
    clone.reset();
    setNameError(null);
    onClose();
  };
  const submit = async () => {
    if (!name.trim()) return setNameError("Enter a workspace name");
    setNameError(null);
    try {
      const created = await clone.mutateAsync({ id: workspace.id, input: { name: name.trim(), include_leads: leads } });
      toast.success(`"${created.name}" created from ${workspace.name}`);
      close();
    } catch {
      // Shown in the dialog.
    }
  };
  return (
    <FormDialog
      open={open}
      title={`Clone ${workspace.name}`}
      submitLabel="Clone"
      pending={clone.isPending}
      error={generalError(clone.error)}
      pendingLabel="Saving…"
      onSubmit={() => void submit()}
      onClose={close}
    >
      <Typography variant="body2" color="textSecondary">
        The copy gets this workspace's settings, templates and teams; you become its administrator and owner. Campaigns, deals and members
        are not copied.
      </Typography>
      <TextField
        label="Name of the copy"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(nameError ?? server.name)}
        helperText={nameError ?? server.name ?? " "}
        required
        autoFocus
      />
      <FormControlLabel control={<Checkbox checked={leads} onChange={(e) => setLeads(e.target.checked)} />} label="Copy the leads too" />
    </FormDialog>
  );
}

export function TransferOwnershipDialog({ workspace, open, onClose }: { workspace: Workspace; open: boolean; onClose: () => void }) {
  const members = useMembers(open ? workspace.id : undefined);
  const transfer = useTransferWorkspace();
  const toast = useToast();
  const [to, setTo] = useState("");
  const [pickError, setPickError] = useState<string | null>(null);
  const candidates = (members.data ?? []).filter((m) => m.status === "active" && m.user.id !== workspace.owner_id);
  const close = () => {
    transfer.reset();
    setTo("");
    setPickError(null);
    onClose();
  };
  const submit = async () => {
    if (!to) return setPickError("Choose the new owner");
    setPickError(null);
    try {
      await transfer.mutateAsync({ id: workspace.id, newOwnerId: to });
      const who = candidates.find((m) => m.user.id === to);
      toast.success(`${who?.user.full_name || who?.user.email || "The new owner"} now owns ${workspace.name}`);
      close();
    } catch {
      // Shown in the dialog.
    }
  };
  return (
    <FormDialog
      open={open}
      title={`Transfer ownership of ${workspace.name}`}
      submitLabel="Transfer"
      pending={transfer.isPending}
      error={generalError(transfer.error)}
      pendingLabel="Saving…"
      onSubmit={() => void submit()}
      onClose={close}
    >
      <Typography variant="body2" color="textSecondary">
        The new owner becomes an administrator and the only one who can transfer the workspace again. You keep your membership.
      </Typography>
      {members.isError && <Alert severity="error">{`Failed to load the members: ${errorMessage(members.error)}`}</Alert>}
      {members.data && candidates.length === 0 ? (
        <Alert severity="info">There is no other active member to transfer to. Invite someone on the Members page first.</Alert>
      ) : (
        <TextField
          select
          label="New owner"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={Boolean(pickError)}
          helperText={pickError ?? " "}
          disabled={!members.data}
        >
          {candidates.map((m) => (
            <MenuItem key={m.id} value={m.user.id}>
              {`${m.user.full_name || m.user.email} · ${m.user.email} · ${roleLabel(m.role)}`}
            </MenuItem>
          ))}
        </TextField>
      )}
    </FormDialog>
  );
}
