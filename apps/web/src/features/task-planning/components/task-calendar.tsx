/**
 * The month or week grid: each day lists the tasks due that day and takes a dragged task (the
 * reschedule); a month cell shows a few and a "+n more" that opens that day's week.
 */
import { Box, Button, Typography } from "@mui/material";
import type { CrmTask } from "@prospector/contracts";
import { byDay, type CalendarMode, dayKey, isSameDay, viewDays } from "../lib/calendar.ts";
import { dropTarget, TaskChip } from "./task-chip.tsx";

const MONTH_CELL_TASKS = 3;

export function TaskCalendar({
  mode,
  focus,
  tasks,
  nameOf,
  onOpen,
  onDropOnDay,
  onShowWeek,
}: {
  mode: CalendarMode;
  focus: Date;
  tasks: CrmTask[];
  nameOf: (id: string | null) => string;
  onOpen: (task: CrmTask) => void;
  onDropOnDay: (taskId: string, day: string) => void;
  onShowWeek: (day: Date) => void;
}) {
  const days = viewDays(mode, focus);
  const due = byDay(tasks);
  const today = new Date();
  const weekdays = days.slice(0, 7).map((d) => d.toLocaleDateString(undefined, { weekday: "short" }));
  return (
    <Box role="grid" aria-label="Task calendar" sx={{ border: 1, borderColor: "divider", borderRadius: 1, overflow: "hidden" }}>
      <Box role="row" sx={{ display: "grid", gridTemplateColumns: "repeat(7, minmax(0, 1fr))", bgcolor: "action.hover" }}>
        {weekdays.map((w) => (
          <Typography key={w} role="columnheader" variant="caption" sx={{ p: 0.75, fontWeight: 600 }}>
            {w}
          </Typography>
        ))}
      </Box>
      {Array.from({ length: days.length / 7 }, (_, week) => (
        <Box key={dayKey(days[week * 7] as Date)} role="row" sx={{ display: "grid", gridTemplateColumns: "repeat(7, minmax(0, 1fr))" }}>
          {days.slice(week * 7, week * 7 + 7).map((d) => {
            const key = dayKey(d);
            const list = due.get(key) ?? [];
            const shown = mode === "month" ? list.slice(0, MONTH_CELL_TASKS) : list;
            const outside = mode === "month" && d.getMonth() !== focus.getMonth();
            const isToday = isSameDay(d, today);
            const label = d.toLocaleDateString(undefined, { weekday: "long", day: "numeric", month: "long" });
            return (
              <Box
                key={key}
                role="gridcell"
                aria-label={`${label}: ${list.length} ${list.length === 1 ? "task" : "tasks"}`}
                data-day={key}
                {...dropTarget((id) => onDropOnDay(id, key))}
                sx={{
                  minHeight: mode === "month" ? 112 : 320,
                  p: 0.5,
                  borderTop: 1,
                  borderLeft: 1,
                  borderColor: "divider",
                  bgcolor: outside ? "action.disabledBackground" : "background.paper",
                  minWidth: 0,
                }}
              >
                <Typography
                  variant="caption"
                  component="div"
                  sx={{
                    fontWeight: isToday ? 700 : 400,
                    color: isToday ? "primary.main" : outside ? "text.secondary" : "text.primary",
                    mb: 0.25,
                  }}
                >
                  {d.getDate()}
                  {isToday ? " · today" : ""}
                </Typography>
                {shown.map((t) => (
                  <TaskChip key={t.id} task={t} who={mode === "week" ? nameOf(t.assignee_id) : undefined} onOpen={onOpen} />
                ))}
                {list.length > shown.length && (
                  <Button size="small" onClick={() => onShowWeek(d)} sx={{ minWidth: 0, p: 0, fontSize: 12 }}>
                    +{list.length - shown.length} more
                  </Button>
                )}
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
