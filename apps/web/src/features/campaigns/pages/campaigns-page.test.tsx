import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tokenStore } from "../../../lib/storage.ts";
import { campaign, listBody, ME, mockServer, type Request, renderSignedIn, uuid } from "../../../test/kit.ts";
import CampaignsPage from "./campaigns-page.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const founders = campaign({ id: uuid(201), name: "Founders", status: "active", total_leads: 40 });
const agencies = campaign({ id: uuid(202), name: "Agencies", status: "draft" });
const last = (calls: Request[]) => calls[calls.length - 1]!;

function server(extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer({
    "GET /api/auth/me": { body: ME },
    "GET /api/campaigns/": { body: listBody([founders, agencies], 45) },
    ...extra,
  });
}

describe("/campaigns list", () => {
  it("asks for the filters in the address, then for the status chips, sort and page the user picks", async () => {
    const s = server();
    renderSignedIn(<CampaignsPage />, { path: "/campaigns", at: "/campaigns?status=active&date_from=2026-11-01" });
    expect(await screen.findByText("Founders")).toBeTruthy();
    const first = s.to("GET", "/api/campaigns/")[0]!.query;
    expect(first.getAll("status")).toEqual(["active"]);
    expect(first.get("date_from")).toBe("2026-11-01");
    expect(first.get("page")).toBe("1");
    expect(first.get("per_page")).toBe("20");
    expect(first.get("sort_by")).toBe("created_at");
    expect(first.get("sort_order")).toBe("desc");
    expect(screen.getByText("45 matching")).toBeTruthy();
    // A status chip per row.
    const row = screen.getByText("Founders").closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText("Active")).toBeTruthy();

    const chips = screen.getByRole("group", { name: "Filter by status" });
    await userEvent.click(within(chips).getByText("Paused"));
    await waitFor(() => expect(last(s.to("GET", "/api/campaigns/")).query.getAll("status")).toEqual(["active", "paused"]));

    await userEvent.click(screen.getByRole("columnheader", { name: "Campaign" }));
    await waitFor(() => expect(last(s.to("GET", "/api/campaigns/")).query.get("sort_by")).toBe("name"));
    await userEvent.click(screen.getByRole("button", { name: /next page/i }));
    await waitFor(() => expect(last(s.to("GET", "/api/campaigns/")).query.get("page")).toBe("2"));
    expect(last(s.to("GET", "/api/campaigns/")).query.getAll("status")).toEqual(["active", "paused"]);
  });

  it("searches 300 ms after typing stops", async () => {
    const s = server();
    renderSignedIn(<CampaignsPage />, { path: "/campaigns" });
    await screen.findByText("Founders");
    await userEvent.type(screen.getByLabelText("Search campaigns"), "agen");
    expect(s.to("GET", "/api/campaigns/").some((c) => c.query.has("search"))).toBe(false);
    await waitFor(() => expect(last(s.to("GET", "/api/campaigns/")).query.get("search")).toBe("agen"), { timeout: 2000 });
    expect(s.to("GET", "/api/campaigns/").filter((c) => c.query.has("search"))).toHaveLength(1);
  });

  it("shows an empty state with New campaign when there are none", async () => {
    server({ "GET /api/campaigns/": { body: listBody([]) } });
    renderSignedIn(<CampaignsPage />, { path: "/campaigns" });
    expect(await screen.findByText("No campaigns yet")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "New campaign" })[0]!.getAttribute("href")).toBe("/campaigns/new/edit");
  });
});

describe("list errors (§6, §8)", () => {
  it("says the server error text on a 500", async () => {
    server({ "GET /api/campaigns/": { status: 500, body: { detail: "db down", code: "INTERNAL" } } });
    renderSignedIn(<CampaignsPage />, { path: "/campaigns" });
    expect(await screen.findByText("Server error occurred. Please try again later.", {}, { timeout: 4000 })).toBeTruthy();
  });

  it("says there is no permission on a 403 with a token", async () => {
    server({ "GET /api/campaigns/": { status: 403, body: { detail: "No", code: "FORBIDDEN", requiredPermission: "campaigns:read" } } });
    renderSignedIn(<CampaignsPage />, { path: "/campaigns" });
    expect(await screen.findByText("You do not have permission to view campaigns.")).toBeTruthy();
  });

  it("asks to log in on a 403 without a token", async () => {
    server({ "GET /api/campaigns/": { status: 403, body: { detail: "No", code: "FORBIDDEN", requiredPermission: "campaigns:read" } } });
    // Signed out: the request goes without a bearer token.
    vi.spyOn(tokenStore, "get").mockReturnValue(null);
    renderSignedIn(<CampaignsPage />, { path: "/campaigns" });
    expect(await screen.findByText("Please log in to view campaigns.")).toBeTruthy();
  });

  it("says to log in again on a 401", async () => {
    server({ "GET /api/campaigns/": { status: 401, body: { detail: "Expired", code: "UNAUTHENTICATED" } } });
    renderSignedIn(<CampaignsPage />, { path: "/campaigns" });
    expect(await screen.findByText("Authentication required. Please log in again.")).toBeTruthy();
  });

  it("shows an empty list on a 503, without retrying", async () => {
    const s = server({ "GET /api/campaigns/": { status: 503, body: { detail: "Unavailable", code: "SERVICE_UNAVAILABLE" } } });
    renderSignedIn(<CampaignsPage />, { path: "/campaigns" });
    expect(await screen.findByText("No campaigns yet")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(s.to("GET", "/api/campaigns/")).toHaveLength(1);
  });
});

describe("bulk actions (§4)", () => {
  it("makes one call per campaign and reports successes and errors separately", async () => {
    const s = server({
      [`POST /api/campaigns/${founders.id}/pause`]: { body: { ...founders, status: "paused" } },
      [`POST /api/campaigns/${agencies.id}/pause`]: {
        status: 400,
        body: { detail: "Campaign cannot be paused in current state", code: "CAMPAIGN_CANNOT_PAUSE" },
      },
    });
    renderSignedIn(<CampaignsPage />, { path: "/campaigns" });
    await screen.findByText("Founders");
    await userEvent.click(screen.getAllByRole("checkbox", { name: /select row/i })[0]!);
    await userEvent.click(screen.getAllByRole("checkbox", { name: /select row/i })[1]!);
    const bar = screen.getByRole("region", { name: "Bulk actions" });
    expect(within(bar).getByText("2 selected")).toBeTruthy();
    await userEvent.click(within(bar).getByRole("button", { name: "Pause" }));

    const dialog = await screen.findByRole("dialog", { name: "Bulk action result" });
    expect(s.to("POST", `/api/campaigns/${founders.id}/pause`)).toHaveLength(1);
    expect(s.to("POST", `/api/campaigns/${agencies.id}/pause`)).toHaveLength(1);
    expect(within(dialog).getByText("Paused: 1 campaign")).toBeTruthy();
    const ok = within(dialog).getByRole("list", { name: "Succeeded" });
    expect(within(ok).getByText("Founders")).toBeTruthy();
    const errors = within(dialog).getByRole("list", { name: "Errors" });
    expect(within(errors).getByText("Agencies")).toBeTruthy();
    expect(within(errors).getByText("Campaign cannot be paused in current state")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    // The failed campaign stays selected for another try.
    expect(within(await screen.findByRole("region", { name: "Bulk actions" })).getByText("1 selected")).toBeTruthy();
  });

  it("asks before deleting and shows 'Cannot delete active campaign' for the active one", async () => {
    const s = server({
      [`DELETE /api/campaigns/${founders.id}`]: {
        status: 400,
        body: { detail: "Cannot delete active campaign", code: "CAMPAIGN_DELETE_ACTIVE" },
      },
      [`DELETE /api/campaigns/${agencies.id}`]: { status: 204 },
    });
    renderSignedIn(<CampaignsPage />, { path: "/campaigns" });
    await screen.findByText("Founders");
    for (const box of screen.getAllByRole("checkbox", { name: /select row/i })) await userEvent.click(box);
    await userEvent.click(within(screen.getByRole("region", { name: "Bulk actions" })).getByRole("button", { name: "Delete" }));
    expect(s.calls.some((c) => c.method === "DELETE")).toBe(false);
    await userEvent.click(within(await screen.findByRole("dialog", { name: "Delete campaigns?" })).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Bulk action result" });
    expect(within(dialog).getByText("Deleted: 1 campaign")).toBeTruthy();
    expect(within(dialog).getByText("Cannot delete active campaign")).toBeTruthy();
  });
});
