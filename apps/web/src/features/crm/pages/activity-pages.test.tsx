import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, type Route, renderSignedIn, uuid } from "../../../test/kit.ts";
import { interaction, overview, page, task } from "../test/crm-builders.ts";
import CrmOverviewPage from "./crm-overview-page.tsx";
import InteractionsPage from "./interactions-page.tsx";
import TasksPage from "./tasks-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const HEAVY_RENDER_MS = 60_000;

const proposal = task({ id: uuid(801), title: "Send the proposal", due_date: "2020-01-02T09:00:00.000Z", related_label: "Engine licence" });
const followUp = task({ id: uuid(802), title: "Follow up", status: "in_progress" });
const call = interaction({ id: uuid(901), subject: "Intro call", related_label: "Ada Lovelace" });
const reply = interaction({ id: uuid(902), subject: "Re: your engine", type: "email", source: "reply" });

function server(routes: Record<string, Route>) {
  return mockServer({ "GET /api/auth/me": { body: ME }, ...routes });
}

describe("/crm/tasks", { timeout: HEAVY_RENDER_MS }, () => {
  it("lists tasks with overdue ones marked, and asks the server for the due window in the address", async () => {
    const s = server({ "GET /api/crm/tasks/": page([proposal, followUp], 2) });
    renderSignedIn(<TasksPage />, { path: "/crm/tasks", at: "/crm/tasks?due=overdue" });
    expect(await screen.findByText("Send the proposal")).toBeTruthy();
    expect(screen.getByText("What needs doing next, and what is overdue?")).toBeTruthy();
    const grid = screen.getByRole("grid", { name: "Tasks" });
    expect(within(grid).getByText(/\(overdue\)/)).toBeTruthy();
    expect(within(grid).getByText("In progress")).toBeTruthy();
    expect(s.to("GET", "/api/crm/tasks/")[0]!.query.get("due")).toBe("overdue");
    expect(screen.getByText("2 matching")).toBeTruthy();
  });

  it("says how to get tasks when there are none", async () => {
    server({ "GET /api/crm/tasks/": page([]) });
    renderSignedIn(<TasksPage />, { path: "/crm/tasks" });
    expect(await screen.findByText("No tasks yet")).toBeTruthy();
    expect(screen.getByText(/from a deal's drawer \(Add task\)/)).toBeTruthy();
  });

  it("creates a task, refusing a missing title first, and opens it", async () => {
    const created = task({ id: uuid(803), title: "Call Ada" });
    const s = server({
      "GET /api/crm/tasks/": page([proposal]),
      "POST /api/crm/tasks/": { status: 201, body: created },
      [`GET /api/crm/tasks/${created.id}`]: { body: created },
      "GET /api/crm/customers/": page([]),
    });
    const { router } = renderSignedIn(<TasksPage />, { path: "/crm/tasks" });
    await screen.findByText("Send the proposal");
    await userEvent.click(screen.getByRole("button", { name: "New task" }));
    const dialog = await screen.findByRole("dialog", { name: "New task" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Add task" }));
    expect(await within(dialog).findByText("Give the task's title")).toBeTruthy();
    expect(s.to("POST", "/api/crm/tasks/")).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/^Title/), "Call Ada");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add task" }));
    expect(await screen.findByRole("heading", { name: "Call Ada" })).toBeTruthy();
    expect(s.to("POST", "/api/crm/tasks/")[0]!.body).toEqual({ title: "Call Ada", status: "open" });
    expect(router.state.location.search).toBe(`?selected=${created.id}`);
  });

  it("opens the task from ?selected and saves only the changed status", async () => {
    const s = server({
      "GET /api/crm/tasks/": page([proposal]),
      [`GET /api/crm/tasks/${proposal.id}`]: { body: proposal },
      [`PUT /api/crm/tasks/${proposal.id}`]: (req) => ({ body: { ...proposal, ...(req.body as object) } }),
      "GET /api/crm/customers/": page([]),
    });
    renderSignedIn(<TasksPage />, { path: "/crm/tasks", at: `/crm/tasks?selected=${proposal.id}` });
    const heading = await screen.findByRole("heading", { name: "Send the proposal" });
    expect(within(heading.closest(".MuiDrawer-paper") as HTMLElement).getByText("Overdue")).toBeTruthy();
    await userEvent.click(screen.getByRole("combobox", { name: "Status" }));
    await userEvent.click(await screen.findByRole("option", { name: "Done" }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(s.to("PUT", `/api/crm/tasks/${proposal.id}`)).toHaveLength(1));
    expect(s.to("PUT", `/api/crm/tasks/${proposal.id}`)[0]!.body).toEqual({ status: "done" });
  });

  it("says so when the selected task does not exist", async () => {
    server({
      "GET /api/crm/tasks/": page([proposal]),
      [`GET /api/crm/tasks/${uuid(999)}`]: { status: 404, body: { code: "CRM_TASK_NOT_FOUND", detail: "Task not found" } },
    });
    renderSignedIn(<TasksPage />, { path: "/crm/tasks", at: `/crm/tasks?selected=${uuid(999)}` });
    expect(await screen.findByText(/This task does not exist any more/)).toBeTruthy();
  });
});

describe("/crm/interactions", { timeout: HEAVY_RENDER_MS }, () => {
  it("lists interactions with how each was recorded, and filters by type through the server", async () => {
    const s = server({ "GET /api/crm/interactions/": page([call, reply]) });
    renderSignedIn(<InteractionsPage />, { path: "/crm/interactions" });
    expect(await screen.findByText("Re: your engine")).toBeTruthy();
    expect(within(screen.getByRole("grid", { name: "Interactions" })).getByText("A reply")).toBeTruthy();
    expect(screen.getByText("What was said to whom, and when?")).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText("Type"), "email");
    await waitFor(() => expect(s.to("GET", "/api/crm/interactions/").some((c) => c.query.get("type") === "email")).toBe(true));
  });

  it("says replies and sends appear by themselves when there are none", async () => {
    server({ "GET /api/crm/interactions/": page([]) });
    renderSignedIn(<InteractionsPage />, { path: "/crm/interactions" });
    expect(await screen.findByText("No interactions yet")).toBeTruthy();
    expect(screen.getByText(/appear here by themselves/)).toBeTruthy();
  });

  it("opens the interaction from ?selected", async () => {
    server({
      "GET /api/crm/interactions/": page([call]),
      [`GET /api/crm/interactions/${call.id}`]: { body: { ...call, customer_id: uuid(201) } },
      "GET /api/crm/customers/": page([]),
      [`GET /api/crm/customers/${uuid(201)}`]: { status: 404, body: { code: "CRM_CUSTOMER_NOT_FOUND", detail: "Customer not found" } },
    });
    renderSignedIn(<InteractionsPage />, { path: "/crm/interactions", at: `/crm/interactions?selected=${call.id}` });
    expect(await screen.findByRole("heading", { name: "Intro call" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "The customer" }).getAttribute("href")).toBe(`/crm/customers?selected=${uuid(201)}`);
  });
});

describe("/crm overview", { timeout: HEAVY_RENDER_MS }, () => {
  it("shows open deals by stage with weighted values, tasks due and recent interactions, each linking to its list", async () => {
    server({
      "GET /api/crm/overview": {
        body: overview({
          stages: [
            {
              stage_id: uuid(401),
              name: "Qualified",
              probability: 20,
              count: 2,
              totals: [{ currency: "USD", value: 15000, weighted_value: 3000 }],
            },
          ],
          tasks_due: {
            overdue: 1,
            today: 0,
            next_7_days: 3,
            items: [{ id: proposal.id, title: "Send the proposal", status: "open", due_date: proposal.due_date, assignee_id: null }],
          },
          recent_interactions: [
            { id: call.id, subject: "Intro call", type: "call", date: call.date, customer_id: null, deal_id: null, lead_id: null },
          ],
        }),
      },
    });
    renderSignedIn(<CrmOverviewPage />, { path: "/crm" });
    const table = await screen.findByRole("table", { name: "Open deals by stage" });
    expect(within(table).getByRole("link", { name: "Qualified" }).getAttribute("href")).toBe(`/crm/deals?view=table&stage_id=${uuid(401)}`);
    expect(within(table).getByText("$15,000")).toBeTruthy();
    expect(within(table).getByText("$3,000")).toBeTruthy();
    expect(screen.getByRole("link", { name: /1\s*Overdue/ }).getAttribute("href")).toBe("/crm/tasks?due=overdue");
    expect(screen.getByRole("link", { name: /3\s*Next 7 days/ }).getAttribute("href")).toBe("/crm/tasks?due=week");
    expect(screen.getByRole("link", { name: "Send the proposal" }).getAttribute("href")).toBe(`/crm/tasks?selected=${proposal.id}`);
    expect(screen.getByRole("link", { name: "Intro call" }).getAttribute("href")).toBe(`/crm/interactions?selected=${call.id}`);
  });

  it("says how to get data when the CRM is empty", async () => {
    server({ "GET /api/crm/overview": { body: overview() } });
    renderSignedIn(<CrmOverviewPage />, { path: "/crm" });
    expect(await screen.findByText("No open deals")).toBeTruthy();
    expect(screen.getByText("Convert a lead that replied, or add a deal on the Deals page.")).toBeTruthy();
    expect(screen.getByText(/Nothing due this week/)).toBeTruthy();
  });
});
