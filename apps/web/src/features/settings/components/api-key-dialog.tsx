/** Create or edit an API key: name, description, expiry and permissions picked from the catalogue by category. */
import { Checkbox, FormControlLabel, FormGroup, FormHelperText, FormLabel, Grid, TextField, Typography } from "@mui/material";
import { type ApiKey, ApiKeyCreate, type ApiKeyCreated, type ApiPermission } from "@prospector/contracts";
import { useState } from "react";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { useCreateApiKey, useUpdateApiKey } from "../api/use-api-keys.ts";
import { fieldError, formError } from "../lib/server-errors.ts";
import { zodFieldErrors } from "../lib/zod-fields.ts";

function byCategory(perms: readonly ApiPermission[]): Array<[string, ApiPermission[]]> {
  const map = new Map<string, ApiPermission[]>();
  for (const p of perms) map.set(p.category, [...(map.get(p.category) ?? []), p]);
  return [...map.entries()];
}

/** yyyy-mm-dd from an ISO time, for a date input. */
const toDate = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : "");

export function ApiKeyDialog({
  open,
  onClose,
  editing,
  catalogue,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  editing: ApiKey | null;
  catalogue: readonly ApiPermission[];
  onCreated: (key: ApiKeyCreated) => void;
}) {
  const [name, setName] = useState(editing?.name ?? "");
  const [description, setDescription] = useState(editing?.description ?? "");
  const [expires, setExpires] = useState(toDate(editing?.expiresAt));
  const [permissions, setPermissions] = useState<string[]>(editing?.permissions ?? []);
  const [local, setLocal] = useState<Record<string, string>>({});
  const create = useCreateApiKey();
  const update = useUpdateApiKey();
  const error = editing ? update.error : create.error;
  const errorFor = (f: string) =>
    local[f] ??
    fieldError(error, f) ??
    (f === "permissions" && error && (error as { code?: string }).code === "INVALID_PERMISSIONS" ? formError(error) : undefined);

  const toggle = (id: string, on: boolean) => setPermissions((p) => (on ? [...p, id] : p.filter((x) => x !== id)));
  const submit = () => {
    const expiresAt = expires ? new Date(`${expires}T23:59:59Z`).toISOString() : null;
    const body = { name, description: description || null, permissions, expiresAt };
    const problems = zodFieldErrors(ApiKeyCreate, body);
    if (expiresAt && Date.parse(expiresAt) < Date.now()) problems.expiresAt = "Choose a date in the future";
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    if (editing) update.mutate({ id: editing.id, patch: body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: (k) => onCreated(k) });
  };
  const general =
    error && (error as { code?: string }).code !== "INVALID_PERMISSIONS"
      ? formError(error, ["name", "description", "permissions", "expiresAt"])
      : undefined;

  return (
    <FormDialog
      open={open}
      title={editing ? `Edit ${editing.name}` : "Create an API key"}
      onClose={onClose}
      onSubmit={submit}
      pending={create.isPending || update.isPending}
      submitLabel={editing ? "Save" : "Create key"}
      error={general}
      maxWidth="md"
    >
      <Grid container spacing={2} sx={{ mt: 0 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label="Name"
            fullWidth
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(errorFor("name"))}
            helperText={errorFor("name")}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label="Expires on"
            type="date"
            fullWidth
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
            error={Boolean(errorFor("expiresAt"))}
            helperText={errorFor("expiresAt") ?? "Leave empty for a key that does not expire"}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            label="Description"
            fullWidth
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={Boolean(errorFor("description"))}
            helperText={errorFor("description")}
          />
        </Grid>
      </Grid>
      <FormLabel component="legend" sx={{ mt: 3, mb: 1, display: "block" }}>
        Permissions
      </FormLabel>
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 1 }}>
        A key can never do more than you can.
      </Typography>
      <Grid container spacing={2}>
        {byCategory(catalogue).map(([category, perms]) => (
          <Grid key={category} size={{ xs: 12, sm: 6, md: 4 }}>
            <Typography variant="subtitle2">{category}</Typography>
            <FormGroup>
              {perms.map((p) => (
                <FormControlLabel
                  key={p.id}
                  control={<Checkbox size="small" checked={permissions.includes(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />}
                  label={
                    <span title={p.description}>
                      {p.name}{" "}
                      <Typography component="span" variant="caption" color="textSecondary">
                        ({p.id})
                      </Typography>
                    </span>
                  }
                />
              ))}
            </FormGroup>
          </Grid>
        ))}
      </Grid>
      {errorFor("permissions") && (
        <FormHelperText error role="alert">
          {errorFor("permissions")}
        </FormHelperText>
      )}
    </FormDialog>
  );
}
