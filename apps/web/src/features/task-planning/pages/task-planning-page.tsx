/**
 * /task-planning: Who has which tasks due when, and who is overloaded? The CRM's tasks on a month
 * or week calendar (with a list alternative) and on a board by assignee with each member's load
 * against the team median; drag a task to another day or person, or open it and pick a day and an
 * assignee (the keyboard way). Filters and the view live in the address. See docs/task-planning.md.
 */
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  Link,
  Stack,
  Switch,
  Tab,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import type { CrmTask, CrmTaskUpdate } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { useWorkspace } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { CustomerPicker } from "../../crm/components/customer-picker.tsx";
import { useMembers } from "../../team/api/use-members.ts";
import { PLANNING_CAP, useMoveTask, usePlannedTasks, useTaskWorkload } from "../api/use-task-planning.ts";
import { AssigneeBoard } from "../components/assignee-board.tsx";
import { DealPicker } from "../components/deal-picker.tsx";
import { type MemberOption, PlanTaskDialog } from "../components/plan-task-dialog.tsx";
import { TaskCalendar } from "../components/task-calendar.tsx";
import { TaskListView } from "../components/task-list-view.tsx";
import { type CalendarMode, dayKey, moveToDay, parseDayKey, shiftFocus, viewTitle, viewWindow } from "../lib/calendar.ts";

const QUESTION = "Who has which tasks due when, and who is overloaded?";

type View = "calendar" | "list" | "board";
const VIEWS: View[] = ["calendar", "list", "board"];
const STATUS_OPTIONS = [
  { value: "", label: "Any status" },
  { value: "open,in_progress", label: "Unfinished" },
  { value: "open", label: "Open" },
  { value: "in_progress", label: "In progress" },
  { value: "done", label: "Done" },
  { value: "cancelled", label: "Cancelled" },
];

function useMemberOptions(): MemberOption[] {
  const { current } = useWorkspace();
  const { user } = useSession();
  const members = useMembers(current?.id ?? user?.workspace?.id);
  return useMemo(
    () =>
      (members.data ?? [])
        .filter((m) => m.status === "active")
        .map((m) => ({ id: m.user.id, name: m.user.full_name || m.user.email }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [members.data],
  );
}

export default function TaskPlanningPage() {
  const [params, setParams] = useSearchParams();
  const view: View = VIEWS.includes(params.get("view") as View) ? (params.get("view") as View) : "calendar";
  // The board is a week's load: it always shows the focus day's week.
  const mode: CalendarMode = view === "board" || params.get("mode") === "week" ? "week" : "month";
  const focus = parseDayKey(params.get("at")) ?? new Date();
  const mine = params.get("mine") === "1";
  const status = params.get("status") ?? "";
  const customerId = params.get("customer_id") ?? "";
  const dealId = params.get("deal_id") ?? "";
  const set = (patch: Record<string, string | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  const window = viewWindow(mode, focus);
  const query = {
    due_from: window.from,
    due_to: window.to,
    ...(mine ? { assignee_id: "me" } : {}),
    ...(status ? { status } : {}),
    ...(customerId ? { customer_id: customerId } : {}),
    ...(dealId ? { deal_id: dealId } : {}),
  };
  const tasks = usePlannedTasks(query);
  const workload = useTaskWorkload(window.from, window.to, view === "board");
  const members = useMemberOptions();
  const { user } = useSession();
  const move = useMoveTask();
  const toast = useToast();
  const [planning, setPlanning] = useState<CrmTask | null>(null);

  const names = useMemo(() => new Map(members.map((m) => [m.id, m.name])), [members]);
  const nameOf = (id: string | null) =>
    id ? (names.get(id) ?? (id === user?.id ? (user?.full_name ?? "Me") : "A former member")) : "Unassigned";
  const items = tasks.data?.items ?? [];
  const find = (id: string) => items.find((t) => t.id === id);

  const patchTask = async (id: string, patch: CrmTaskUpdate, done: string) => {
    try {
      await move.mutateAsync({ id, patch });
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const onDropOnDay = (id: string, day: string) => {
    const task = find(id);
    if (!task || (task.due_date && dayKey(new Date(task.due_date)) === day)) return;
    void patchTask(id, { due_date: moveToDay(task.due_date, day) }, `Moved to ${parseDayKey(day)?.toLocaleDateString()}`);
  };
  const onDropOnAssignee = (id: string, assigneeId: string | null) => {
    const task = find(id);
    if (!task || task.assignee_id === assigneeId) return;
    void patchTask(id, { assignee_id: assigneeId }, `Assigned to ${nameOf(assigneeId)}`);
  };

  const filtered = mine || status || customerId || dealId;
  const empty = tasks.isSuccess && items.length === 0;

  return (
    <Stack spacing={2}>
      <PageIntro
        question={QUESTION}
        summary="The CRM's tasks by due day and by person. Drag a task to another day or person, or open it to pick a day and an assignee."
        actions={
          <Button component={RouterLink} to="/crm/tasks" variant="outlined">
            Open CRM tasks
          </Button>
        }
      />
      <Tabs value={view} onChange={(_, v: View) => set({ view: v === "calendar" ? null : v })} aria-label="Planning views">
        <Tab value="calendar" label="Calendar" />
        <Tab value="list" label="List" />
        <Tab value="board" label="By assignee" />
      </Tabs>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: "wrap", alignItems: "center" }}>
        <IconButton aria-label={`Previous ${mode}`} onClick={() => set({ at: dayKey(shiftFocus(mode, focus, -1)) })}>
          <ChevronLeft />
        </IconButton>
        <Button onClick={() => set({ at: null })}>Today</Button>
        <IconButton aria-label={`Next ${mode}`} onClick={() => set({ at: dayKey(shiftFocus(mode, focus, 1)) })}>
          <ChevronRight />
        </IconButton>
        <Typography variant="h6" component="h2" sx={{ minWidth: 200 }} aria-live="polite">
          {viewTitle(mode, focus)}
        </Typography>
        {view !== "board" && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_, v: CalendarMode | null) => v && set({ mode: v === "month" ? null : v })}
            aria-label="Calendar span"
          >
            <ToggleButton value="month">Month</ToggleButton>
            <ToggleButton value="week">Week</ToggleButton>
          </ToggleButtonGroup>
        )}
        <Box sx={{ flex: 1 }} />
        <FormControlLabel control={<Switch checked={mine} onChange={(e) => set({ mine: e.target.checked ? "1" : null })} />} label="Mine" />
        <FilterSelect label="Status" value={status} options={STATUS_OPTIONS} onChange={(v) => set({ status: v || null })} />
        <Box sx={{ minWidth: 220 }}>
          <CustomerPicker label="Customer" value={customerId} onChange={(id) => set({ customer_id: id || null })} helperText="" />
        </Box>
        <DealPicker value={dealId} onChange={(id) => set({ deal_id: id || null })} />
      </Stack>

      {tasks.isError && <LoadError error={tasks.error} onRetry={() => void tasks.refetch()} />}
      {tasks.data && tasks.data.total > items.length && (
        <Alert severity="info">
          Showing the first {PLANNING_CAP} of {tasks.data.total} tasks in this view: narrow it with the week view or the filters.
        </Alert>
      )}
      {empty && (
        <Alert severity="info" data-testid="planning-empty">
          {filtered ? "No task in this view matches the filters. " : "No task is due in this view. "}
          Tasks come from the CRM: create them in{" "}
          <Link component={RouterLink} to="/crm/tasks">
            CRM → Tasks
          </Link>{" "}
          (New task) or from a deal's drawer (Add task), and give them a due date to see them here.
        </Alert>
      )}

      {view === "calendar" && (
        <TaskCalendar
          mode={mode}
          focus={focus}
          tasks={items}
          nameOf={nameOf}
          onOpen={setPlanning}
          onDropOnDay={onDropOnDay}
          onShowWeek={(d) => set({ mode: "week", at: dayKey(d) })}
        />
      )}
      {view === "list" && <TaskListView tasks={items} nameOf={nameOf} onOpen={setPlanning} />}
      {view === "board" &&
        (workload.isError ? (
          <LoadError error={workload.error} onRetry={() => void workload.refetch()} />
        ) : workload.data ? (
          <AssigneeBoard workload={workload.data} tasks={items} nameOf={nameOf} onOpen={setPlanning} onDropOnAssignee={onDropOnAssignee} />
        ) : null)}

      {planning && <PlanTaskDialog task={planning} members={members} onClose={() => setPlanning(null)} />}
    </Stack>
  );
}
