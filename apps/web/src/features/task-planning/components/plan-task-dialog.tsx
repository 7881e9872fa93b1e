/**
 * The keyboard way to plan a task (and what a click on a task opens): its due day, its assignee,
 * saved through the CRM's task update; a link to the task in /crm/tasks for everything else.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { CrmTask, CrmTaskUpdate } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { TASK_STATUS_LABELS } from "../../crm/lib/crm-labels.ts";
import { useMoveTask } from "../api/use-task-planning.ts";
import { dayKey, moveToDay } from "../lib/calendar.ts";

export interface MemberOption {
  id: string;
  name: string;
}

export function PlanTaskDialog({ task, members, onClose }: { task: CrmTask; members: MemberOption[]; onClose: () => void }) {
  const [day, setDay] = useState(task.due_date ? dayKey(new Date(task.due_date)) : "");
  const [assignee, setAssignee] = useState(task.assignee_id ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const move = useMoveTask();
  const toast = useToast();
  const known = !task.assignee_id || members.some((m) => m.id === task.assignee_id);

  const save = async () => {
    const patch: CrmTaskUpdate = {};
    const before = task.due_date ? dayKey(new Date(task.due_date)) : "";
    if (day !== before) patch.due_date = day ? moveToDay(task.due_date, day) : null;
    if (assignee !== (task.assignee_id ?? "")) patch.assignee_id = assignee || null;
    if (Object.keys(patch).length === 0) return onClose();
    try {
      await move.mutateAsync({ id: task.id, patch });
      toast.success("Task planned");
      onClose();
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="plan-task-title" fullWidth maxWidth="xs">
      <DialogTitle id="plan-task-title">{task.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="textSecondary">
            {TASK_STATUS_LABELS[task.status]}
            {task.due_date ? ` · due ${formatDateTime(task.due_date)}` : " · no due date"}
            {task.related_label ? ` · about ${task.related_label}` : ""}
          </Typography>
          <TextField
            label="Due day"
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            helperText="The time of day stays as it was."
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField select label="Assignee" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
            <MenuItem value="">Unassigned</MenuItem>
            {!known && <MenuItem value={task.assignee_id ?? ""}>A former member</MenuItem>}
            {members.map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {m.name}
              </MenuItem>
            ))}
          </TextField>
          {problem && (
            <Typography color="error" role="alert" variant="body2">
              {problem}
            </Typography>
          )}
          <Link component={RouterLink} to={`/crm/tasks?selected=${task.id}`}>
            Open in CRM tasks
          </Link>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} loading={move.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
