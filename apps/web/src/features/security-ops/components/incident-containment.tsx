/** Containment from an incident: pick an action and its target, confirm the named effect, see the result on the timeline. */
import { Alert, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { ContainmentActionType } from "@prospector/contracts";
import { useState } from "react";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useContainIncident, useContainmentTargets } from "../api/use-incidents.ts";
import { ACTION_EFFECT, ACTION_LABEL } from "./incident-format.ts";

const ACTIONS: ContainmentActionType[] = ["revoke_sessions", "disable_api_key", "lock_account", "unlock_account"];

export function IncidentContainment({ incidentId, closed }: { incidentId: string; closed: boolean }) {
  const targets = useContainmentTargets(true);
  const contain = useContainIncident(incidentId);
  const toast = useToast();
  const [action, setAction] = useState<ContainmentActionType>("revoke_sessions");
  const [target, setTarget] = useState("");
  const [confirming, setConfirming] = useState(false);

  const forKey = action === "disable_api_key";
  const members = targets.data?.members ?? [];
  const keys = targets.data?.api_keys ?? [];
  const options = forKey
    ? keys.map((k) => ({ id: k.id, label: `${k.name} (${k.prefix}…) · ${k.owner?.name ?? "?"}` }))
    : members
        .filter((m) => (action === "unlock_account" ? m.locked : action === "lock_account" ? !m.locked : true))
        .map((m) => ({ id: m.id, label: `${m.name} <${m.email}>${m.locked ? " · locked" : ""}` }));
  const chosen = options.find((o) => o.id === target);

  function run() {
    const body = forKey ? { action: "disable_api_key" as const, api_key_id: target } : { action, user_id: target };
    contain.mutate(body as Parameters<typeof contain.mutate>[0], {
      onSuccess: (r) => {
        toast.success(`${ACTION_LABEL[r.action]}: ${r.result}`);
        setConfirming(false);
        setTarget("");
      },
    });
  }

  if (closed) return <Typography color="textSecondary">Reopen the incident to take containment actions.</Typography>;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <TextField
          select
          size="small"
          label="Action"
          value={action}
          onChange={(e) => {
            setAction(e.target.value as ContainmentActionType);
            setTarget("");
          }}
          sx={{ minWidth: 180 }}
        >
          {ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {ACTION_LABEL[a]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={forKey ? "API key" : "Member"}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          sx={{ minWidth: 240, flex: 1 }}
          disabled={targets.isLoading}
          helperText={
            options.length === 0 && !targets.isLoading ? (forKey ? "No active API key in this workspace" : "No member to choose") : " "
          }
        >
          {options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          color="error"
          disabled={!chosen}
          onClick={() => setConfirming(true)}
          sx={{ alignSelf: "flex-start", whiteSpace: "nowrap", flexShrink: 0 }}
        >
          {ACTION_LABEL[action]}…
        </Button>
      </Stack>
      {targets.isError && <Alert severity="warning">The members and keys could not be loaded.</Alert>}
      <ConfirmDialog
        open={confirming}
        title={`${ACTION_LABEL[action]}?`}
        confirmLabel={ACTION_LABEL[action]}
        danger={action !== "unlock_account"}
        pending={contain.isPending}
        error={contain.error}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      >
        <Typography>
          {ACTION_LABEL[action]} for <strong>{chosen?.label}</strong> {ACTION_EFFECT[action]} It is recorded on this incident's timeline and
          in the workspace activity.
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
