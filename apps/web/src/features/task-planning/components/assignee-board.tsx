/**
 * The board by assignee: one column per member and one for nobody, each with its unfinished tasks
 * due this week, overdue and open (the workload route) and a load bar against the team's median;
 * the column lists the view's tasks and takes a dragged task (the reassign).
 */
import { Box, Chip, LinearProgress, Paper, Stack, Typography } from "@mui/material";
import type { CrmTask, CrmTaskWorkload } from "@prospector/contracts";
import { loadLevel } from "../lib/calendar.ts";
import { dropTarget, TaskChip } from "./task-chip.tsx";

const LEVEL_LABEL = { light: "Light", normal: "Normal", overloaded: "Overloaded" } as const;
const LEVEL_COLOR = { light: "default", normal: "primary", overloaded: "error" } as const;

export function AssigneeBoard({
  workload,
  tasks,
  nameOf,
  onOpen,
  onDropOnAssignee,
}: {
  workload: CrmTaskWorkload;
  tasks: CrmTask[];
  nameOf: (id: string | null) => string;
  onOpen: (task: CrmTask) => void;
  onDropOnAssignee: (taskId: string, assigneeId: string | null) => void;
}) {
  const median = workload.median_due_in_range;
  const scale = Math.max(2 * median, ...workload.rows.map((r) => r.due_in_range), 1);
  return (
    <Box sx={{ display: "flex", gap: 1.5, overflowX: "auto", pb: 1 }}>
      {workload.rows.map((row) => {
        const name = row.assignee_id ? nameOf(row.assignee_id) : "Unassigned";
        const level = row.assignee_id ? loadLevel(row.due_in_range, median) : null;
        const mine = tasks.filter((t) => t.assignee_id === row.assignee_id);
        return (
          <Paper
            key={row.assignee_id ?? "none"}
            component="section"
            aria-label={name}
            variant="outlined"
            {...dropTarget((id) => onDropOnAssignee(id, row.assignee_id))}
            sx={{ width: 240, flex: "0 0 240px", p: 1.25, minHeight: 240 }}
          >
            <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", gap: 1 }}>
              <Typography variant="subtitle2" component="h3" noWrap>
                {name}
              </Typography>
              {level && <Chip size="small" label={LEVEL_LABEL[level]} color={LEVEL_COLOR[level]} />}
            </Stack>
            <Typography variant="caption" color="textSecondary" component="p">
              {row.due_in_range} due in the week · {row.overdue} overdue · {row.open} open
            </Typography>
            <LinearProgress
              variant="determinate"
              value={Math.min(100, (row.due_in_range / scale) * 100)}
              color={level === "overloaded" ? "error" : "primary"}
              aria-label={`${name}: ${row.due_in_range} due in the week, team median ${median}`}
              sx={{ my: 1, height: 6, borderRadius: 3 }}
            />
            {mine.map((t) => (
              <TaskChip key={t.id} task={t} onOpen={onOpen} />
            ))}
            {mine.length === 0 && (
              <Typography variant="caption" color="textSecondary">
                Nothing due in this view. Drop a task here to assign it.
              </Typography>
            )}
          </Paper>
        );
      })}
    </Box>
  );
}
