/**
 * Runs one of an alert's actions (POST /api/pipeline/health/actions): the person fills in what the
 * server cannot know (the new owner or stage, the task's title and due date, how long to snooze)
 * and the reason, which the server keeps in the audit log with the action.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import type { HealthAction, Me, StageSummary, SuggestedAction } from "@prospector/contracts";
import { type FormEvent, useState } from "react";
import { useWorkspace } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useMembers } from "../../team/api/use-members.ts";
import { useHealthAction } from "../api/use-pipeline.ts";

const SNOOZE_DAYS = [1, 3, 7, 14, 30];

interface Props {
  action: SuggestedAction;
  /** The alert's deals: what reassign and move_stage act on when the suggestion names none. */
  dealIds: string[];
  alertKey: string;
  stages: StageSummary[];
  user: (Pick<Me, "id" | "full_name"> & Partial<Pick<Me, "workspace">>) | null;
  onClose: () => void;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
const string = (v: unknown): string => (typeof v === "string" ? v : "");

/** A local date (YYYY-MM-DD) n days from today. */
function inDays(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

export function AlertActionDialog({ action, dealIds, alertKey, stages, user, onClose }: Props) {
  const p = action.parameters;
  const ids = strings(p.deal_ids).length ? strings(p.deal_ids) : dealIds;
  const [reason, setReason] = useState("");
  const [owner, setOwner] = useState(string(p.owner_id) || user?.id || "");
  // The workspace's active members are who a deal can go to (loaded only for a reassign).
  const { current } = useWorkspace();
  const workspaceId = current?.id ?? user?.workspace?.id;
  const members = useMembers(action.action_type === "reassign" ? workspaceId : undefined);
  const others = (members.data ?? []).filter((m) => m.status === "active" && m.user.id !== user?.id);
  const [stage, setStage] = useState(string(p.stage_id));
  const [title, setTitle] = useState(string(p.title) || action.label);
  const [due, setDue] = useState(inDays(2));
  const [days, setDays] = useState(typeof p.days === "number" ? p.days : 7);
  const [error, setError] = useState<string | null>(null);
  const run = useHealthAction();
  const toast = useToast();
  const openStages = stages.filter((s) => !s.is_lost || s.stage_id === stage).sort((a, b) => a.position - b.position);

  const build = (): HealthAction | string => {
    const why = reason.trim();
    if (!why) return "Say why: the reason is kept with the action in the audit log";
    switch (action.action_type) {
      case "reassign":
        if (!owner) return "Choose the new owner";
        return { action_type: "reassign", parameters: { deal_ids: ids, owner_id: owner }, reason: why };
      case "move_stage":
        if (!stage) return "Choose the stage";
        return { action_type: "move_stage", parameters: { deal_ids: ids, stage_id: stage }, reason: why };
      case "create_task": {
        if (!title.trim()) return "Give the task a title";
        const dealId = string(p.deal_id) || ids[0];
        if (!dealId) return "This alert names no deal to attach the task to";
        return {
          action_type: "create_task",
          parameters: {
            deal_id: dealId,
            title: title.trim(),
            ...(due ? { due_at: new Date(`${due}T09:00:00`).toISOString() } : {}),
            ...(user ? { assignee_id: user.id } : {}),
          },
          reason: why,
        };
      }
      case "snooze_alert":
        return { action_type: "snooze_alert", parameters: { alert_key: string(p.alert_key) || alertKey, days }, reason: why };
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = build();
    if (typeof body === "string") return setError(body);
    setError(null);
    run.mutate(body, {
      onSuccess: (result) => {
        toast.success(result.message);
        onClose();
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="alert-action-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="alert-action-title">{action.label}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            {action.action_type === "reassign" && (
              <TextField select label="New owner" value={owner} onChange={(e) => setOwner(e.target.value)} required>
                {user && <MenuItem value={user.id}>{`Me (${user.full_name})`}</MenuItem>}
                {others.map((m) => (
                  <MenuItem key={m.user.id} value={m.user.id}>
                    {m.user.full_name || m.user.email}
                  </MenuItem>
                ))}
                {owner && owner !== user?.id && !others.some((m) => m.user.id === owner) && (
                  <MenuItem value={owner}>The suggested owner</MenuItem>
                )}
              </TextField>
            )}
            {action.action_type === "move_stage" && (
              <TextField select label="Move to stage" value={stage} onChange={(e) => setStage(e.target.value)} required>
                {openStages.map((s) => (
                  <MenuItem key={s.stage_id} value={s.stage_id}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {action.action_type === "create_task" && (
              <>
                <TextField label="Task" value={title} onChange={(e) => setTitle(e.target.value)} required />
                <TextField
                  label="Due"
                  type="date"
                  value={due}
                  onChange={(e) => setDue(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                  helperText="Assigned to you"
                />
              </>
            )}
            {action.action_type === "snooze_alert" && (
              <TextField select label="Snooze for" value={days} onChange={(e) => setDays(Number(e.target.value))}>
                {SNOOZE_DAYS.map((d) => (
                  <MenuItem key={d} value={d}>{`${d} ${d === 1 ? "day" : "days"}`}</MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              autoFocus
              label="Reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
              helperText={
                ids.length > 1 && action.action_type !== "snooze_alert" && action.action_type !== "create_task"
                  ? `Applies to ${ids.length} deals · kept in the audit log`
                  : "Kept in the audit log with the action"
              }
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={run.isPending}>
            {run.isPending ? "Working…" : "Confirm"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
