import { BulkItemList, BulkOperation, BulkOperationList, BulkPreview } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { campaign, ME, mockServer, type Request, renderSignedIn, uuid } from "../../../test/kit.ts";
import BulkOperationsPage from "./bulk-operations-page.tsx";

afterEach(() => vi.unstubAllGlobals());

// MUI dialogs and autocompletes render slowly in jsdom on a busy machine.
const HEAVY_RENDER_MS = 60_000;

/** An operation as the server sends it; parsed, so a drifted builder fails here. */
function operation(over: Partial<BulkOperation> = {}): BulkOperation {
  return BulkOperation.parse({
    id: uuid(),
    target_type: "leads",
    action: "add_tags",
    params: { tags: ["vip"] },
    target_description: "Add tags vip: Leads where status: new",
    status: "done",
    total: 40,
    processed: 40,
    succeeded: 40,
    failed: 0,
    progress: 100,
    errors: [],
    error: null,
    undoable: true,
    not_undoable_reason: null,
    undo_until: new Date(Date.now() + 9 * 60_000 + 30_000).toISOString(),
    can_undo: true,
    undo_status: null,
    undone: 0,
    undo_failed: 0,
    created_by: ME.id,
    created_at: new Date(Date.now() - 60_000).toISOString(),
    started_at: new Date(Date.now() - 60_000).toISOString(),
    finished_at: new Date(Date.now() - 30_000).toISOString(),
    undone_at: null,
    ...over,
  });
}

const list = (operations: BulkOperation[]) =>
  BulkOperationList.parse({ operations, total: operations.length, page: 1, per_page: operations.length || 20 });

function server(
  opts: { active?: () => BulkOperation[]; history?: () => BulkOperation[] } = {},
  extra: Parameters<typeof mockServer>[0] = {},
) {
  return mockServer({
    "GET /api/auth/me": { body: ME },
    "GET /api/bulk-operations": (req: Request) => ({
      body: list(req.query.get("state") === "active" ? (opts.active?.() ?? []) : (opts.history?.() ?? [])),
    }),
    "GET /api/campaigns/": { body: { campaigns: [campaign({ name: "Q3 push" })], total: 1, page: 1, per_page: 100, total_pages: 1 } },
    ...extra,
  });
}

describe("/bulk-operations", { timeout: HEAVY_RENDER_MS }, () => {
  it("with no operation, says how to start one", async () => {
    server();
    renderSignedIn(<BulkOperationsPage />, { path: "/bulk-operations" });
    expect(await screen.findByRole("heading", { name: "What bulk changes are running or done, and can I undo them?" })).toBeTruthy();
    expect(await screen.findByText("No bulk operation yet")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "New operation" }).length).toBe(2);
  });

  it("shows a running operation's progress, asks again every second, and moves it to the history with its Undo countdown", async () => {
    let polls = 0;
    const id = uuid();
    const running = () =>
      operation({
        id,
        status: "running",
        processed: 10 + polls * 10,
        succeeded: 10 + polls * 10,
        progress: 25 + polls * 25,
        finished_at: null,
        undo_until: null,
        can_undo: false,
      });
    let finished = false;
    const s = server({
      active: () => {
        polls++;
        if (polls >= 3) finished = true;
        return finished ? [] : [running()];
      },
      history: () => (finished ? [operation({ id })] : []),
    });
    renderSignedIn(<BulkOperationsPage />, { path: "/bulk-operations" });
    const bar = await screen.findByRole("progressbar", { name: "Progress" });
    expect(Number(bar.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    // Polled while running, then the finished operation shows in the history with its undo button.
    const undo = await screen.findByRole("button", { name: /^Undo \(9:[0-5]\d\)$/ }, { timeout: 6000 });
    expect(s.to("GET", "/api/bulk-operations").filter((c) => c.query.get("state") === "active").length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText(/40 of 40 leads processed · 40 succeeded · 0 failed/)).toBeTruthy();
    expect(undo).toBeTruthy();
  });

  it("undo asks the server once and reports the refusal of an ended window", async () => {
    const op = operation();
    const s = server(
      { history: () => [op] },
      {
        [`POST /api/bulk-operations/${op.id}/undo`]: {
          status: 409,
          body: { code: "BULK_UNDO_EXPIRED", detail: "The undo window of this operation has ended" },
        },
      },
    );
    renderSignedIn(<BulkOperationsPage />, { path: "/bulk-operations" });
    await userEvent.click(await screen.findByRole("button", { name: /^Undo/ }));
    expect(await screen.findByText("The undo window of this operation has ended")).toBeTruthy();
    expect(s.to("POST", `/api/bulk-operations/${op.id}/undo`)).toHaveLength(1);
  });

  it("expands an operation's errors with each item's reason, and says when it cannot be undone", async () => {
    const op = operation({
      target_type: "campaigns",
      action: "stop",
      target_description: 'Stop "A", "B"',
      total: 2,
      processed: 2,
      succeeded: 1,
      failed: 1,
      undoable: false,
      can_undo: false,
      undo_until: null,
      not_undoable_reason: "A stopped campaign cannot be restarted: stop is final",
      errors: [{ id: uuid(), label: "B", error: "Campaign cannot be stopped in current state" }],
    });
    const s = server(
      { history: () => [op] },
      {
        [`GET /api/bulk-operations/${op.id}/items`]: {
          body: BulkItemList.parse({
            items: [
              {
                seq: 1,
                target_id: uuid(),
                label: "B",
                status: "failed",
                error: "Campaign cannot be stopped in current state",
                undo_error: null,
              },
            ],
            total: 1,
            page: 1,
            per_page: 20,
          }),
        },
      },
    );
    renderSignedIn(<BulkOperationsPage />, { path: "/bulk-operations" });
    const card = await screen.findByRole("article", { name: 'Stop "A", "B"' });
    expect(within(card).queryByRole("button", { name: /^Undo/ })).toBeNull();
    expect(within(card).getByText(/stop is final/)).toBeTruthy();
    await userEvent.click(within(card).getByRole("button", { name: "Show 1 error" }));
    expect(await within(card).findByText("Campaign cannot be stopped in current state")).toBeTruthy();
    expect(s.to("GET", `/api/bulk-operations/${op.id}/items`)[0]!.query.get("status")).toBe("failed");
  });

  it("new operation: counts the filter's leads before running, then starts the job with the filter and the tags", async () => {
    let started: unknown;
    const s = server(
      {},
      {
        "POST /api/bulk-operations/preview": (req) => ({
          body: BulkPreview.parse({
            count: (req.body as { target: { filter: { search?: string } } }).target.filter.search ? 12 : 300,
            cap: 100_000,
            over_cap: false,
          }),
        }),
        "POST /api/bulk-operations/leads": (req) => {
          started = req.body;
          return { status: 202, body: operation({ status: "queued", target_description: "Add tags vip: Leads where search: acme" }) };
        },
      },
    );
    renderSignedIn(<BulkOperationsPage />, { path: "/bulk-operations" });
    await userEvent.click((await screen.findAllByRole("button", { name: "New operation" }))[0]!);
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("300 leads match now")).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText("Search (name, email, company)"), "acme");
    expect(await within(dialog).findByText("12 leads match now", {}, { timeout: 3000 })).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText("Tags"), "vip, q3");
    expect(within(dialog).getByText(/undo it for 10 minutes/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Run on 12 leads" }));
    await waitFor(() => expect(started).toEqual({ action: "add_tags", target: { filter: { search: "acme" } }, tags: ["vip", "q3"] }));
    expect(await screen.findByText("Started: Add tags vip: Leads where search: acme")).toBeTruthy();
    expect(s.to("POST", "/api/bulk-operations/preview").length).toBeGreaterThanOrEqual(2);
  });

  it("new operation: warns before a stop that it cannot be undone, and keeps the dialog with the server's error", async () => {
    const q3 = campaign({ name: "Q3 push" });
    server(
      {},
      {
        "GET /api/campaigns/": { body: { campaigns: [q3], total: 1, page: 1, per_page: 100, total_pages: 1 } },
        "POST /api/bulk-operations/campaigns": {
          status: 400,
          body: { code: "BULK_NO_TARGETS", detail: "None of these campaigns exist in this workspace" },
        },
      },
    );
    renderSignedIn(<BulkOperationsPage />, { path: "/bulk-operations" });
    await userEvent.click((await screen.findAllByRole("button", { name: "New operation" }))[0]!);
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("radio", { name: "Campaigns" }));
    await userEvent.type(within(dialog).getByRole("combobox", { name: "Campaigns" }), "Q3");
    await userEvent.click(await screen.findByRole("option", { name: /Q3 push/ }));
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Action" }));
    await userEvent.click(await screen.findByRole("option", { name: "Stop" }));
    expect(within(dialog).getByText(/Cannot be undone\. A stopped campaign cannot be restarted/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Run on 1 campaign" }));
    expect(await within(dialog).findByText("None of these campaigns exist in this workspace")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("opens with the leads chosen on the leads grid (Run as bulk operation) and sends their ids", async () => {
    const ids = [uuid(), uuid()];
    let started: unknown;
    server(
      {},
      {
        "POST /api/bulk-operations/preview": { body: BulkPreview.parse({ count: 2, cap: 100_000, over_cap: false }) },
        "POST /api/bulk-operations/leads": (req) => {
          started = req.body;
          return { status: 202, body: operation({ status: "queued" }) };
        },
      },
    );
    const { router } = renderSignedIn(<BulkOperationsPage />, {
      path: "/bulk-operations",
      at: `/bulk-operations?lead_ids=${ids.join(",")}`,
    });
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("radio", { name: "Lead ids I paste" })).toHaveProperty("checked", true);
    expect(await within(dialog).findByText("2 leads match now")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Action" }));
    await userEvent.click(await screen.findByRole("option", { name: "Set status" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Run on 2 leads" }));
    await waitFor(() => expect(started).toEqual({ action: "set_status", target: { ids }, status: "contacted" }));
    // The ids leave the address once started, so a reload does not open the dialog again.
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });
});
