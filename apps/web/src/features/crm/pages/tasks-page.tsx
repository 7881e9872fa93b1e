/**
 * /crm/tasks: what needs doing, and what is late. Tasks by due date (soonest first), filtered by
 * status, due window and "mine"; new task; the task drawer (?selected={id}).
 */
import { Chip, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { type CrmTask, CrmTaskCreate } from "@prospector/contracts";
import { formatDateTime } from "../../../lib/format.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useCreateRecord } from "../api/use-records.ts";
import { TaskDrawer } from "../components/activity-drawers.tsx";
import { ListPage } from "../components/list-page.tsx";
import { RecordCreateDialog } from "../components/record-form.tsx";
import { FilterSelect } from "../components/search-box.tsx";
import { TASK_FIELDS } from "../lib/activity-fields.ts";
import { formatDay, isOverdue, options, TASK_STATUS_COLORS, TASK_STATUS_LABELS } from "../lib/crm-labels.ts";
import { useListState } from "../lib/list-state.ts";

const SORTS: Record<string, string> = { title: "title", due_date: "due_date", created_at: "created_at", updated_at: "updated_at" };
const DUE = { overdue: "Overdue", today: "Due today", week: "Due in 7 days" };

const baseColumns: GridColDef<CrmTask>[] = [
  { field: "title", headerName: "Task", flex: 1.5, minWidth: 200 },
  {
    field: "status",
    headerName: "Status",
    width: 130,
    renderCell: ({ row }) => <Chip size="small" label={TASK_STATUS_LABELS[row.status]} color={TASK_STATUS_COLORS[row.status]} />,
  },
  {
    field: "due_date",
    headerName: "Due",
    width: 250,
    renderCell: ({ row }) =>
      row.due_date ? (
        <Typography variant="body2" noWrap color={isOverdue(row) ? "error" : undefined} sx={{ lineHeight: "52px" }}>
          {`${formatDateTime(row.due_date)}${isOverdue(row) ? " (overdue)" : ""}`}
        </Typography>
      ) : (
        "—"
      ),
  },
  { field: "related_label", headerName: "About", flex: 1, minWidth: 150 },
  { field: "created_at", headerName: "Added", width: 130, valueFormatter: (v: string) => formatDay(v) },
];
const columns = baseColumns.map((c): GridColDef<CrmTask> => ({ ...c, sortable: c.field in SORTS }));

export default function TasksPage() {
  const state = useListState(["status", "due", "assignee_id"], (f) => SORTS[f] ?? null);
  const create = useCreateRecord<CrmTask, CrmTaskCreate>("tasks");
  const toast = useToast();
  return (
    <ListPage<CrmTask>
      record="tasks"
      state={state}
      title="Tasks"
      question="What needs doing next, and what is overdue?"
      noun={["task", "tasks"]}
      searchLabel="Search tasks"
      searchPlaceholder="Title or description…"
      filters={
        <>
          <FilterSelect
            label="Status"
            value={state.filters.status ?? ""}
            options={options(TASK_STATUS_LABELS)}
            onChange={(v) => state.setFilter("status", v)}
          />
          <FilterSelect label="Due" value={state.filters.due ?? ""} options={options(DUE)} onChange={(v) => state.setFilter("due", v)} />
          <FilterSelect
            label="Assignee"
            value={state.filters.assignee_id ?? ""}
            options={[{ value: "me", label: "Me" }]}
            onChange={(v) => state.setFilter("assignee_id", v)}
          />
        </>
      }
      columns={columns}
      empty={{ title: "No tasks yet", hint: "Add a task here, or from a deal's drawer (Add task) to plan its next step." }}
      createLabel="New task"
      renderCreate={(open, close) => (
        <RecordCreateDialog
          open={open}
          title="New task"
          submitLabel="Add task"
          fields={TASK_FIELDS}
          schema={CrmTaskCreate}
          defaults={{ status: "open" }}
          onCreate={async (body) => {
            const t = await create.mutateAsync(body as CrmTaskCreate);
            toast.success("Task added");
            close();
            state.open(t.id);
          }}
          onClose={close}
        />
      )}
      drawer={<TaskDrawer id={state.selectedId} onClose={() => state.open(null)} />}
    />
  );
}
