/**
 * One task on the calendar or the board: a button (Enter opens the plan dialog) that can also be
 * dragged to another day or column. Overdue tasks are red, done ones struck through.
 */
import { ButtonBase, Typography } from "@mui/material";
import type { CrmTask } from "@prospector/contracts";
import type { DragEvent } from "react";
import { isOverdue, TASK_STATUS_LABELS } from "../../crm/lib/crm-labels.ts";

export const TASK_DRAG_TYPE = "application/x-prospector-task";

export function taskState(task: CrmTask, now = Date.now()): "overdue" | "finished" | "open" {
  if (task.status === "done" || task.status === "cancelled") return "finished";
  return isOverdue(task, now) ? "overdue" : "open";
}

export function TaskChip({ task, who, onOpen }: { task: CrmTask; who?: string; onOpen: (task: CrmTask) => void }) {
  const state = taskState(task);
  const time = task.due_date ? new Date(task.due_date).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" }) : "";
  const label = [task.title, TASK_STATUS_LABELS[task.status], state === "overdue" ? "overdue" : null, who, time].filter(Boolean).join(", ");
  return (
    <ButtonBase
      draggable
      onDragStart={(e: DragEvent) => {
        e.dataTransfer.setData(TASK_DRAG_TYPE, task.id);
        e.dataTransfer.effectAllowed = "move";
      }}
      onClick={() => onOpen(task)}
      aria-label={label}
      title={label}
      data-state={state}
      sx={{
        display: "block",
        width: "100%",
        textAlign: "left",
        px: 0.75,
        py: 0.25,
        mb: 0.5,
        borderRadius: 1,
        borderLeft: 3,
        borderColor: state === "overdue" ? "error.main" : state === "finished" ? "divider" : "primary.main",
        bgcolor: state === "overdue" ? "error.light" : "action.hover",
        color: state === "overdue" ? "error.contrastText" : "text.primary",
        cursor: "grab",
        "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineStyle: "solid" },
      }}
    >
      <Typography
        variant="caption"
        component="span"
        noWrap
        sx={{ display: "block", textDecoration: state === "finished" ? "line-through" : "none", opacity: state === "finished" ? 0.7 : 1 }}
      >
        {task.title}
      </Typography>
      {who && (
        <Typography variant="caption" component="span" noWrap sx={{ display: "block", opacity: 0.8, fontSize: 11 }}>
          {who}
        </Typography>
      )}
    </ButtonBase>
  );
}

/** Drop-target props: a task dragged in calls onTask with its id. */
export function dropTarget(onTask: (id: string) => void) {
  return {
    onDragOver: (e: DragEvent) => {
      if (e.dataTransfer.types.includes(TASK_DRAG_TYPE)) e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      const id = e.dataTransfer.getData(TASK_DRAG_TYPE);
      if (!id) return;
      e.preventDefault();
      onTask(id);
    },
  };
}
