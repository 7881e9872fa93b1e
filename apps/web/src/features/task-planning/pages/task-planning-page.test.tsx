import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, mockServer, type Route, renderSignedIn, uuid } from "../../../test/kit.ts";
import { page, task } from "../../crm/test/crm-builders.ts";
import { member, memberPage, SELF, WS_ID } from "../../team/test/team-builders.ts";
import TaskPlanningPage from "./task-planning-page.tsx";

const sam = member({ user: { id: uuid(701), email: "sam@example.com", full_name: "Sam Seller" } });
// Local times, so each task sits on the day the test expects whatever the machine's time zone.
const at = (y: number, m: number, d: number, h = 10) => new Date(y, m - 1, d, h).toISOString();

const call = task({ id: uuid(711), title: "Call Globex", due_date: at(2030, 3, 6), assignee_id: ME.id, related_label: "Globex renewal" });
const sent = task({ id: uuid(712), title: "Send contract", due_date: at(2030, 3, 7), status: "done", assignee_id: uuid(701) });
const nobody = task({ id: uuid(713), title: "Book the demo", due_date: at(2030, 3, 8) });

function server(routes: Record<string, Route> = {}) {
  return mockServer({
    "GET /api/auth/me": { body: ME },
    [`GET /api/v1/workspaces/${WS_ID}/members`]: memberPage([SELF, sam]),
    "GET /api/crm/tasks/": page([call, sent, nobody]),
    "GET /api/crm/customers/": page([]),
    "GET /api/crm/deals/": page([]),
    "GET /api/crm/tasks/workload": {
      body: {
        from: at(2030, 3, 4, 0),
        to: at(2030, 3, 11, 0),
        rows: [
          { assignee_id: ME.id, due_in_range: 6, overdue: 1, open: 9 },
          { assignee_id: uuid(701), due_in_range: 1, overdue: 0, open: 2 },
          { assignee_id: null, due_in_range: 1, overdue: 0, open: 1 },
        ],
        median_due_in_range: 3.5,
      },
    },
    ...routes,
  });
}

describe("/task-planning", { timeout: 60_000 }, () => {
  it("shows the month's tasks on their days, done struck, and asks the server for the month's window", async () => {
    const s = server();
    renderSignedIn(<TaskPlanningPage />, { path: "/task-planning", at: "/task-planning?at=2030-03-06" });
    expect(await screen.findByText("Who has which tasks due when, and who is overloaded?")).toBeTruthy();
    const calendar = await screen.findByRole("grid", { name: "Task calendar" });
    await within(calendar).findByText("Call Globex");
    const day6 = calendar.querySelector('[data-day="2030-03-06"]') as HTMLElement;
    expect(day6.getAttribute("aria-label")).toMatch(/: 1 task$/);
    expect(within(day6).getByText("Call Globex")).toBeTruthy();
    const done = within(calendar).getByRole("button", { name: /^Send contract, Done/ });
    expect(done.getAttribute("data-state")).toBe("finished");
    expect(getComputedStyle(within(done).getByText("Send contract")).textDecoration).toContain("line-through");
    const query = s.to("GET", "/api/crm/tasks/")[0]!.query;
    // March 2030 runs Friday 1 to Sunday 31: the grid is Monday 25 February to Sunday 31 March.
    expect(new Date(query.get("due_from")!).getTime()).toBe(new Date(2030, 1, 25).getTime());
    expect(new Date(query.get("due_to")!).getTime()).toBe(new Date(2030, 3, 1).getTime());
    expect(query.get("sort")).toBe("due_date");
  });

  it("highlights overdue tasks and lists them day by day in the list view", async () => {
    const late = task({ id: uuid(714), title: "Chase invoice", due_date: at(2020, 1, 15), assignee_id: uuid(701) });
    server({ "GET /api/crm/tasks/": page([late]) });
    renderSignedIn(<TaskPlanningPage />, { path: "/task-planning", at: "/task-planning?at=2020-01-15" });
    const chip = await screen.findByRole("button", { name: /^Chase invoice, Open, overdue/ });
    expect(chip.getAttribute("data-state")).toBe("overdue");
    await userEvent.click(screen.getByRole("tab", { name: "List" }));
    const table = await screen.findByRole("table", { name: "Tasks due 2020-01-15" });
    expect(within(table).getByText("Overdue")).toBeTruthy();
    expect(within(table).getByText("Sam Seller")).toBeTruthy();
    expect(within(table).getByRole("link", { name: "Chase invoice" }).getAttribute("href")).toBe(`/crm/tasks?selected=${late.id}`);
  });

  it("sends the filters to the task API: mine, status, and says how to get tasks when none match", async () => {
    const s = server({ "GET /api/crm/tasks/": page([]) });
    renderSignedIn(<TaskPlanningPage />, { path: "/task-planning", at: "/task-planning?at=2030-03-06" });
    expect(await screen.findByTestId("planning-empty")).toBeTruthy();
    expect(screen.getByRole("link", { name: "CRM → Tasks" }).getAttribute("href")).toBe("/crm/tasks");
    await userEvent.click(screen.getByLabelText("Mine"));
    await userEvent.click(screen.getByRole("combobox", { name: "Status" }));
    await userEvent.click(await screen.findByRole("option", { name: "Unfinished" }));
    await waitFor(() => {
      const last = s.to("GET", "/api/crm/tasks/").at(-1)!.query;
      expect(last.get("assignee_id")).toBe("me");
      expect(last.get("status")).toBe("open,in_progress");
    });
    expect(screen.getByTestId("planning-empty").textContent).toContain("matches the filters");
  });

  it("reschedules and reassigns a task from its dialog through the CRM task update", async () => {
    const s = server({
      [`PUT /api/crm/tasks/${call.id}`]: (req) => ({ body: { ...call, ...(req.body as object) } }),
    });
    renderSignedIn(<TaskPlanningPage />, { path: "/task-planning", at: "/task-planning?at=2030-03-06" });
    await userEvent.click(await screen.findByRole("button", { name: /^Call Globex/ }));
    const dialog = await screen.findByRole("dialog", { name: "Call Globex" });
    expect(within(dialog).getByRole("link", { name: "Open in CRM tasks" }).getAttribute("href")).toBe(`/crm/tasks?selected=${call.id}`);
    const dayInput = within(dialog).getByLabelText("Due day");
    await userEvent.clear(dayInput);
    await userEvent.type(dayInput, "2030-03-12");
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Assignee" }));
    await userEvent.click(await screen.findByRole("option", { name: "Sam Seller" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(s.to("PUT", `/api/crm/tasks/${call.id}`)).toHaveLength(1));
    const body = s.to("PUT", `/api/crm/tasks/${call.id}`)[0]!.body as { due_date: string; assignee_id: string };
    expect(body.assignee_id).toBe(uuid(701));
    // The day moves, the time of day stays (10:00 local).
    expect(new Date(body.due_date).getTime()).toBe(new Date(2030, 2, 12, 10).getTime());
  });

  it("shows one column per member and one for nobody, with counts and the overloaded member marked", async () => {
    const s = server();
    renderSignedIn(<TaskPlanningPage />, { path: "/task-planning", at: "/task-planning?at=2030-03-06&view=board" });
    const olivia = await screen.findByRole("region", { name: ME.full_name });
    expect(within(olivia).getByText("Overloaded")).toBeTruthy();
    expect(within(olivia).getByText("6 due in the week · 1 overdue · 9 open")).toBeTruthy();
    expect(within(olivia).getByRole("button", { name: /^Call Globex/ })).toBeTruthy();
    const samColumn = await screen.findByRole("region", { name: "Sam Seller" });
    expect(within(samColumn).getByText("Light")).toBeTruthy();
    const unassigned = screen.getByRole("region", { name: "Unassigned" });
    expect(within(unassigned).getByRole("button", { name: /^Book the demo/ })).toBeTruthy();
    // The board is a week: the workload and the tasks are asked for Monday 4 to Monday 11 March.
    const q = s.to("GET", "/api/crm/tasks/workload")[0]!.query;
    expect(new Date(q.get("from")!).getTime()).toBe(new Date(2030, 2, 4).getTime());
    expect(new Date(q.get("to")!).getTime()).toBe(new Date(2030, 2, 11).getTime());
  });
});
