import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lead, ME, mockServer, type Request, renderSignedIn, uuid } from "../../../test/kit.ts";
import LeadsPage from "./leads-page.tsx";

afterEach(() => vi.unstubAllGlobals());

// The data grid and MUI dialogs are slow to render in jsdom on a busy machine: give each test room.
const HEAVY_RENDER_MS = 60_000;

const ada = lead({ id: uuid(101), first_name: "Ada", last_name: "Lovelace", email: "ada@analytical.io" });
const alan = lead({ id: uuid(102), first_name: "Alan", last_name: "Turing", email: "alan@bletchley.example", company_name: "Bletchley" });

function server(extra: Record<string, Parameters<typeof mockServer>[0][string]> = {}, total = 2) {
  return mockServer({
    "GET /api/auth/me": { body: ME },
    "GET /api/leads/": { body: [ada, alan], headers: { "x-total-count": String(total) } },
    ...extra,
  });
}

const listCalls = (s: ReturnType<typeof mockServer>) => s.to("GET", "/api/leads/");
const last = (calls: Request[]) => calls[calls.length - 1]!;

describe("/leads grid", { timeout: HEAVY_RENDER_MS }, () => {
  it("asks the server for the filters in the address, then for the sort and page the user picks", async () => {
    const s = server({}, 60);
    renderSignedIn(<LeadsPage />, { path: "/leads", at: "/leads?status=new&source=website&email_status=valid" });
    expect(await screen.findByText("ada@analytical.io")).toBeTruthy();
    const first = listCalls(s)[0]!.query;
    expect(first.getAll("status")).toEqual(["new"]);
    expect(first.getAll("source")).toEqual(["website"]);
    expect(first.getAll("email_status")).toEqual(["valid"]);
    expect(first.get("skip")).toBe("0");
    expect(first.get("limit")).toBe("25");
    expect(first.has("sort")).toBe(false);
    expect(screen.getByText("60 matching")).toBeTruthy();

    // Columns the server cannot sort (email) do not offer it; those it can, do.
    await userEvent.click(screen.getByRole("columnheader", { name: "Email" }));
    await userEvent.click(screen.getByRole("columnheader", { name: "Company" }));
    await waitFor(() => expect(last(listCalls(s)).query.get("sort")).toBe("company_name"));
    expect(listCalls(s).some((c) => c.query.get("sort") === "email")).toBe(false);
    expect(last(listCalls(s)).query.get("order")).toBe("asc");

    await userEvent.click(screen.getByRole("button", { name: /next page/i }));
    await waitFor(() => expect(last(listCalls(s)).query.get("skip")).toBe("25"));
    expect(last(listCalls(s)).query.get("sort")).toBe("company_name");
  });

  it("searches 300 ms after typing stops, once, with the whole text", async () => {
    const s = server();
    renderSignedIn(<LeadsPage />, { path: "/leads" });
    await screen.findByText("ada@analytical.io");
    await userEvent.type(screen.getByLabelText("Search leads"), "turing");
    // Typed, but not yet asked for.
    expect(listCalls(s).some((c) => c.query.has("search"))).toBe(false);
    await waitFor(() => expect(listCalls(s).some((c) => c.query.get("search") === "turing")).toBe(true), { timeout: 2000 });
    const searches = listCalls(s).filter((c) => c.query.has("search"));
    expect(searches.map((c) => c.query.get("search"))).toEqual(["turing"]);
  });

  it("shows an empty state with the ways to get leads when the workspace has none", async () => {
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/leads/": { body: [], headers: { "x-total-count": "0" } } });
    renderSignedIn(<LeadsPage />, { path: "/leads" });
    expect(await screen.findByText("No leads yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open Discovery" }).getAttribute("href")).toBe("/discovery");
  });

  it("shows the server's error with a way to retry", async () => {
    let answers = 0;
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/leads/": () =>
        ++answers === 1
          ? { status: 400, body: { detail: "Bad filter", code: "BAD_REQUEST" } }
          : { body: [lead({ first_name: "Grace", last_name: "Hopper" })], headers: { "x-total-count": "1" } },
    });
    renderSignedIn(<LeadsPage />, { path: "/leads" });
    expect(await screen.findByText("Bad filter")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Grace Hopper")).toBeTruthy();
    expect(s.to("GET", "/api/leads/")).toHaveLength(2);
    expect(screen.queryByText("Bad filter")).toBeNull();
  });
});

describe("bulk actions", { timeout: HEAVY_RENDER_MS }, () => {
  it("deletes the selection and reports which leads worked and why the others did not", async () => {
    const s = server({
      "POST /api/leads/bulk-delete": { body: { succeeded: [ada.id], failed: [{ id: alan.id, error: "Lead is in an active campaign" }] } },
    });
    renderSignedIn(<LeadsPage />, { path: "/leads" });
    await screen.findByText("ada@analytical.io");
    for (const row of screen.getAllByRole("row").slice(1)) await userEvent.click(within(row).getByRole("checkbox"));
    const bar = screen.getByRole("region", { name: "Bulk actions" });
    expect(within(bar).getByText("2 selected")).toBeTruthy();
    await userEvent.click(within(bar).getByRole("button", { name: "Delete" }));
    await userEvent.click(within(screen.getByRole("dialog", { name: "Delete 2 leads?" })).getByRole("button", { name: "Delete" }));

    const summary = await screen.findByRole("dialog", { name: "Bulk action result" });
    expect(within(summary).getByText("Deleted: 1 lead")).toBeTruthy();
    expect(within(summary).getByText("Failed: 1 lead")).toBeTruthy();
    expect(within(summary).getByText("Alan Turing")).toBeTruthy();
    expect(within(summary).getByText("Lead is in an active campaign")).toBeTruthy();
    expect(s.to("POST", "/api/leads/bulk-delete")[0]!.body).toEqual({ lead_ids: [ada.id, alan.id] });
    // The failed lead stays selected so it can be retried.
    await userEvent.click(within(summary).getByRole("button", { name: "Done" }));
    expect(within(await screen.findByRole("region", { name: "Bulk actions" })).getByText("1 selected")).toBeTruthy();
  });

  it("tags the selection and summarises the result", async () => {
    const s = server({ "POST /api/leads/bulk-tag": { body: { succeeded: [ada.id], failed: [] } } });
    renderSignedIn(<LeadsPage />, { path: "/leads" });
    await screen.findByText("ada@analytical.io");
    await userEvent.click(within(screen.getAllByRole("row")[1]!).getByRole("checkbox"));
    await userEvent.click(screen.getByRole("button", { name: "Tag" }));
    const dialog = screen.getByRole("dialog", { name: "Tag 1 lead" });
    await userEvent.type(within(dialog).getByLabelText("Add tags"), "vip{Enter}");
    await userEvent.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("Tagged: 1 lead")).toBeTruthy();
    expect(s.to("POST", "/api/leads/bulk-tag")[0]!.body).toEqual({ lead_ids: [ada.id], add: ["vip"], remove: [] });
  });
});

describe("lead drawer", { timeout: HEAVY_RENDER_MS }, () => {
  it("opens from ?selected, refuses a bad email before saving, and sends only what changed", async () => {
    const s = server({
      [`GET /api/leads/${ada.id}`]: { body: ada },
      [`PUT /api/leads/${ada.id}`]: (req) => ({ body: { ...ada, ...(req.body as object) } }),
    });
    renderSignedIn(<LeadsPage />, { path: "/leads", at: `/leads?selected=${ada.id}` });
    expect(await screen.findByRole("heading", { name: "Ada Lovelace" })).toBeTruthy();
    const email = screen.getByLabelText("Email");
    await userEvent.clear(email);
    await userEvent.type(email, "not-an-email");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
    expect(s.to("PUT", `/api/leads/${ada.id}`)).toHaveLength(0);

    await userEvent.clear(email);
    await userEvent.type(email, "ada@engines.io");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(s.to("PUT", `/api/leads/${ada.id}`)).toHaveLength(1));
    expect(s.to("PUT", `/api/leads/${ada.id}`)[0]!.body).toEqual({ email: "ada@engines.io" });
  });

  it("puts the server's field errors next to their fields", async () => {
    server({
      [`GET /api/leads/${ada.id}`]: { body: ada },
      [`PUT /api/leads/${ada.id}`]: {
        status: 409,
        body: { code: "LEAD_EMAIL_EXISTS", detail: "A lead with this email address already exists in this workspace" },
      },
    });
    renderSignedIn(<LeadsPage />, { path: "/leads", at: `/leads?selected=${ada.id}` });
    await screen.findByRole("heading", { name: "Ada Lovelace" });
    await userEvent.clear(screen.getByLabelText("Email"));
    await userEvent.type(screen.getByLabelText("Email"), "alan@bletchley.example");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const message = await screen.findByText("A lead with this email address already exists in this workspace");
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(message.id).toBe(screen.getByLabelText("Email").getAttribute("aria-describedby"));
  });

  it("maps a 422 to the named field", async () => {
    server({
      [`GET /api/leads/${ada.id}`]: { body: ada },
      [`PUT /api/leads/${ada.id}`]: {
        status: 422,
        body: { code: "VALIDATION_FAILED", detail: "Invalid", errors: [{ field: "phone", message: "Not a phone number" }] },
      },
    });
    renderSignedIn(<LeadsPage />, { path: "/leads", at: `/leads?selected=${ada.id}` });
    await screen.findByRole("heading", { name: "Ada Lovelace" });
    await userEvent.type(screen.getByLabelText("Phone"), "12");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Not a phone number")).toBeTruthy();
    expect(screen.getByLabelText("Phone").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows where enriched values came from and the score's parts", async () => {
    const enriched = lead({
      ...ada,
      industry: "Computing",
      score: 72,
      score_breakdown: { email_quality: 30, seniority: 25, completeness: 17 },
      provenance: { industry: { source: "company_website", at: new Date().toISOString() } },
    });
    server({ [`GET /api/leads/${ada.id}`]: { body: enriched } });
    renderSignedIn(<LeadsPage />, { path: "/leads", at: `/leads?selected=${ada.id}` });
    await screen.findByRole("heading", { name: "Ada Lovelace" });
    expect(screen.getByText("From the company website · just now")).toBeTruthy();
    expect(screen.getByLabelText("Score 72 out of 100")).toBeTruthy();
    const parts = screen.getByLabelText("Score breakdown");
    expect(within(parts).getByText("Email quality")).toBeTruthy();
    expect(within(parts).getByText("+30")).toBeTruthy();
  });

  it("says so when the selected lead does not exist", async () => {
    server({ [`GET /api/leads/${uuid(999)}`]: { status: 404, body: { code: "LEAD_NOT_FOUND", detail: "Lead not found" } } });
    renderSignedIn(<LeadsPage />, { path: "/leads", at: `/leads?selected=${uuid(999)}` });
    expect(await screen.findByText(/does not exist any more/)).toBeTruthy();
  });
});
