/** The calendar as a list (the accessible alternative): the window's tasks day by day, each with its plan button. */
import { Box, Button, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { CrmTask } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";
import { TASK_STATUS_COLORS, TASK_STATUS_LABELS } from "../../crm/lib/crm-labels.ts";
import { byDay, parseDayKey } from "../lib/calendar.ts";
import { taskState } from "./task-chip.tsx";

export function TaskListView({
  tasks,
  nameOf,
  onOpen,
}: {
  tasks: CrmTask[];
  nameOf: (id: string | null) => string;
  onOpen: (task: CrmTask) => void;
}) {
  const days = [...byDay(tasks).entries()].sort(([a], [b]) => a.localeCompare(b));
  return (
    <Box>
      {days.map(([key, list]) => (
        <Box key={key} component="section" aria-label={key} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {parseDayKey(key)?.toLocaleDateString(undefined, { weekday: "long", day: "numeric", month: "long", year: "numeric" })}
          </Typography>
          <Table size="small" aria-label={`Tasks due ${key}`}>
            <TableHead>
              <TableRow>
                <TableCell>Task</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Time</TableCell>
                <TableCell>Assignee</TableCell>
                <TableCell>About</TableCell>
                <TableCell align="right">Plan</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((t) => {
                const state = taskState(t);
                return (
                  <TableRow key={t.id} data-state={state}>
                    <TableCell sx={{ textDecoration: state === "finished" ? "line-through" : "none" }}>
                      <Link component={RouterLink} to={`/crm/tasks?selected=${t.id}`}>
                        {t.title}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" label={TASK_STATUS_LABELS[t.status]} color={TASK_STATUS_COLORS[t.status]} />
                      {state === "overdue" && <Chip size="small" label="Overdue" color="error" sx={{ ml: 0.5 }} />}
                    </TableCell>
                    <TableCell>
                      {t.due_date ? new Date(t.due_date).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" }) : ""}
                    </TableCell>
                    <TableCell>{nameOf(t.assignee_id)}</TableCell>
                    <TableCell>{t.related_label ?? "—"}</TableCell>
                    <TableCell align="right">
                      <Button size="small" onClick={() => onOpen(t)} aria-label={`Reschedule or reassign ${t.title}`}>
                        Plan
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      ))}
    </Box>
  );
}
