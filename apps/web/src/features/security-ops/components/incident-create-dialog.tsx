/** Opening an incident by hand, or from a security alert (the server copies the alert's title, severity and evidence). */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { IncidentDetail, IncidentKind, IncidentSeverity } from "@prospector/contracts";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { useCreateIncident } from "../api/use-incidents.ts";
import { SEVERITY_LABEL } from "./incident-format.ts";

export function IncidentCreateDialog({
  open,
  alertId,
  kinds,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** From ?from_alert=: the incident is created from that alert. */
  alertId: string | null;
  /** Which kinds may be chosen ("security" only on the security pages). */
  kinds: readonly IncidentKind[];
  onClose: () => void;
  onCreated: (incident: IncidentDetail) => void;
}) {
  const create = useCreateIncident();
  const [title, setTitle] = useState("");
  const [severity, setSeverity] = useState<IncidentSeverity>("medium");
  const [kind, setKind] = useState<IncidentKind>(kinds[0] ?? "security");
  const [description, setDescription] = useState("");

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = alertId
      ? { alert_id: alertId, ...(description.trim() ? { description: description.trim() } : {}) }
      : { kind, title: title.trim(), severity, description: description.trim() };
    create.mutate(input, {
      onSuccess: (incident) => {
        setTitle("");
        setDescription("");
        onCreated(incident);
      },
    });
  }

  return (
    <Dialog open={open} onClose={create.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="incident-create-title">
      <form onSubmit={submit}>
        <DialogTitle id="incident-create-title">{alertId ? "Open an incident from this alert" : "New incident"}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {alertId ? (
              <Typography>
                The incident takes the alert's title, severity and evidence as the server recorded them, and the alert is marked
                acknowledged and linked to it.
              </Typography>
            ) : (
              <>
                <TextField
                  label="Title"
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
                  required
                  autoFocus
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
                <Stack direction="row" spacing={2}>
                  {kinds.length > 1 && (
                    <TextField
                      select
                      label="Kind"
                      value={kind}
                      onChange={(e) => setKind(e.target.value as IncidentKind)}
                      sx={{ minWidth: 160 }}
                    >
                      {kinds.map((k) => (
                        <MenuItem key={k} value={k}>
                          {k === "security" ? "Security" : "Operations"}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                  <TextField
                    select
                    label="Severity"
                    value={severity}
                    onChange={(e) => setSeverity(e.target.value as IncidentSeverity)}
                    sx={{ minWidth: 160 }}
                  >
                    {(["low", "medium", "high", "critical"] as const).map((s) => (
                      <MenuItem key={s} value={s}>
                        {SEVERITY_LABEL[s]}
                      </MenuItem>
                    ))}
                  </TextField>
                </Stack>
              </>
            )}
            <TextField
              label={alertId ? "Note (optional)" : "Description"}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              multiline
              minRows={3}
            />
            {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending || (!alertId && !title.trim())}>
            {alertId ? "Open incident" : "Create incident"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
