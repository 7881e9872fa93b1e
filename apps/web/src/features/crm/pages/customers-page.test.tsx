import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, type Route, renderSignedIn, uuid } from "../../../test/kit.ts";
import { customer, deal, page } from "../test/crm-builders.ts";
import CustomersPage from "./customers-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const HEAVY_RENDER_MS = 60_000;

const ada = customer({ id: uuid(201), name: "Ada Lovelace", open_deals: 2, open_value: { USD: 15000 }, tags: ["vip"] });
const alan = customer({ id: uuid(202), name: "Alan Turing", email: "alan@bletchley.example", company: "Bletchley" });

function server(extra: Record<string, Route> = {}, items = [ada, alan]) {
  return mockServer({
    "GET /api/auth/me": { body: ME },
    "GET /api/crm/customers/": page(items, items.length),
    "GET /api/crm/deals/": page([]),
    "GET /api/crm/tasks/": page([]),
    "GET /api/crm/interactions/": page([]),
    ...extra,
  });
}

describe("/crm/customers", { timeout: HEAVY_RENDER_MS }, () => {
  it("lists the customers the server answers, with the question the page answers and the total", async () => {
    const s = server();
    renderSignedIn(<CustomersPage />, { path: "/crm/customers" });
    expect(await screen.findByText("alan@bletchley.example")).toBeTruthy();
    expect(screen.getByText("Who are your customers, and what is still open with each of them?")).toBeTruthy();
    expect(screen.getByText("2 in this workspace")).toBeTruthy();
    expect(screen.getByText("$15,000")).toBeTruthy();
    const first = s.to("GET", "/api/crm/customers/")[0]!.query;
    expect(first.get("skip")).toBe("0");
    expect(first.get("limit")).toBe("25");

    await userEvent.type(screen.getByLabelText("Tag"), "vip{Enter}");
    await waitFor(() => expect(s.to("GET", "/api/crm/customers/").some((c) => c.query.get("tag") === "vip")).toBe(true));
    await userEvent.type(screen.getByLabelText("Search customers"), "turing");
    await waitFor(() => expect(s.to("GET", "/api/crm/customers/").some((c) => c.query.get("search") === "turing")).toBe(true), {
      timeout: 2000,
    });
  });

  it("says how to get customers when there are none", async () => {
    server({}, []);
    renderSignedIn(<CustomersPage />, { path: "/crm/customers" });
    expect(await screen.findByText("No customers yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Leads that replied" }).getAttribute("href")).toBe("/leads?status=replied");
  });

  it("opens the drawer from ?selected with the customer's deals, and from a row click", async () => {
    const won = deal({ id: uuid(301), name: "Engine licence", customer_id: ada.id, customer_name: ada.name });
    const s = server({
      [`GET /api/crm/customers/${ada.id}`]: { body: ada },
      [`GET /api/crm/customers/${alan.id}`]: { body: alan },
      "GET /api/crm/deals/": page([won]),
    });
    renderSignedIn(<CustomersPage />, { path: "/crm/customers", at: `/crm/customers?selected=${ada.id}` });
    expect(await screen.findByRole("heading", { name: "Ada Lovelace" })).toBeTruthy();
    const deals = screen.getByRole("region", { name: "Deals" });
    expect((await within(deals).findByRole("link", { name: "Engine licence" })).getAttribute("href")).toBe(`/crm/deals?selected=${won.id}`);
    expect(s.to("GET", "/api/crm/deals/")[0]!.query.get("customer_id")).toBe(ada.id);

    await userEvent.click(screen.getByRole("button", { name: "Close customer" }));
    await userEvent.click(await screen.findByText("alan@bletchley.example"));
    expect(await screen.findByRole("heading", { name: "Alan Turing" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Lead and campaign history" }).textContent).toContain("Not converted from a lead");
  });

  it("opens a customer from the keyboard: Enter on its row", async () => {
    server({ [`GET /api/crm/customers/${alan.id}`]: { body: alan } });
    renderSignedIn(<CustomersPage />, { path: "/crm/customers" });
    const cell = await screen.findByText("alan@bletchley.example");
    (cell.closest('[role="gridcell"]') as HTMLElement).focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Alan Turing" })).toBeTruthy();
  });

  it("refuses an empty name and a bad email before sending, then shows the server's field error on its field", async () => {
    const s = server({
      "POST /api/crm/customers/": {
        status: 422,
        body: { code: "VALIDATION_FAILED", detail: "Invalid", errors: [{ field: "phone", message: "Not a phone number" }] },
      },
    });
    renderSignedIn(<CustomersPage />, { path: "/crm/customers" });
    await screen.findByText("alan@bletchley.example");
    await userEvent.click(screen.getAllByRole("button", { name: "New customer" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "New customer" });
    await userEvent.type(within(dialog).getByLabelText("Email"), "not-an-email");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add customer" }));
    expect(await within(dialog).findByText("Enter a name")).toBeTruthy();
    expect(within(dialog).getByText("Enter a valid email address")).toBeTruthy();
    expect(s.to("POST", "/api/crm/customers/")).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/^Name/), "Grace Hopper");
    await userEvent.clear(within(dialog).getByLabelText("Email"));
    await userEvent.type(within(dialog).getByLabelText("Phone"), "12");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add customer" }));
    expect(await within(dialog).findByText("Not a phone number")).toBeTruthy();
    expect(within(dialog).getByLabelText("Phone").getAttribute("aria-invalid")).toBe("true");
    expect(s.to("POST", "/api/crm/customers/")[0]!.body).toEqual({ name: "Grace Hopper", phone: "12", tags: [] });
  });

  it("asks whether to detach or delete a customer's deals when the server says it has some, then deletes as chosen", async () => {
    const s = server({
      [`GET /api/crm/customers/${ada.id}`]: { body: ada },
      [`DELETE /api/crm/customers/${ada.id}`]: (req) =>
        req.query.get("deals") === "detach"
          ? { status: 204 }
          : {
              status: 409,
              body: { code: "CUSTOMER_HAS_DEALS", detail: "This customer has deals: choose whether to detach or delete them" },
            },
    });
    renderSignedIn(<CustomersPage />, { path: "/crm/customers", at: `/crm/customers?selected=${ada.id}` });
    await screen.findByRole("heading", { name: "Ada Lovelace" });
    await userEvent.click(within(screen.getByRole("region", { name: "Details" })).getByRole("button", { name: "Delete" }));
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Delete Ada Lovelace?" })).getByRole("button", { name: "Delete" }),
    );
    const choice = await screen.findByRole("dialog", { name: "Ada Lovelace has deals" });
    await userEvent.click(within(choice).getByRole("button", { name: "Detach deals" }));
    await waitFor(() => expect(s.to("DELETE", `/api/crm/customers/${ada.id}`)).toHaveLength(2));
    const [first, second] = s.to("DELETE", `/api/crm/customers/${ada.id}`);
    expect(first!.query.has("deals")).toBe(false);
    expect(second!.query.get("deals")).toBe("detach");
    expect(await screen.findByText("Ada Lovelace deleted")).toBeTruthy();
  });

  it("bulk-deletes the selection, deleting the deals too when the user chooses so", async () => {
    const s = server({
      "POST /api/crm/customers/bulk-delete": (req) =>
        req.query.get("deals") === "delete"
          ? { body: { deleted: 2, not_found: [], deals_detached: 0, deals_deleted: 3 } }
          : {
              status: 409,
              body: { code: "CUSTOMER_HAS_DEALS", detail: "This customer has deals: choose whether to detach or delete them" },
            },
    });
    renderSignedIn(<CustomersPage />, { path: "/crm/customers" });
    await screen.findByText("alan@bletchley.example");
    for (const row of screen.getAllByRole("row").slice(1)) await userEvent.click(within(row).getByRole("checkbox"));
    const bar = screen.getByRole("region", { name: "Bulk actions" });
    await userEvent.click(within(bar).getByRole("button", { name: "Delete" }));
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Delete 2 customers?" })).getByRole("button", { name: "Delete" }),
    );
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "2 customers have deals" })).getByRole("button", { name: "Delete deals too" }),
    );
    expect(await screen.findByText("Deleted 2 customers, 3 deals deleted")).toBeTruthy();
    const calls = s.to("POST", "/api/crm/customers/bulk-delete");
    expect(calls.map((c) => c.query.get("deals"))).toEqual([null, "delete"]);
    expect(calls[1]!.body).toEqual({ ids: [ada.id, alan.id] });
  });
});
