import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messageLogBody, mockServer, renderSignedIn, sentMessage, uuid } from "../../../test/kit.ts";
import { SentMessages } from "./sent-messages.tsx";

afterEach(() => vi.unstubAllGlobals());

const id = uuid(701);
const url = `/api/campaigns/${id}/messages`;
const render = () => renderSignedIn(<SentMessages campaignId={id} steps={3} />, { path: "/log" });

const opened = sentMessage({
  lead: { id: uuid(702), name: "Ada Lovelace", email: "ada@analytical.io" },
  opened_at: "2026-11-02T11:00:00.000Z",
  opens: 3,
  bot_opens: 2,
  clicked_at: "2026-11-02T11:05:00.000Z",
  clicks: 1,
  replied_at: "2026-11-02T12:00:00.000Z",
});
const bounced = sentMessage({
  lead: { id: uuid(703), name: "Bob Byron", email: "bob@nowhere.example" },
  step: 2,
  variant: 1,
  status: "bounced",
  error: "550 5.1.1 No such user here",
  bounced_at: "2026-11-02T10:00:02.000Z",
});
const orphan = sentMessage({ lead: null, subject: "Follow-up", inbox_email: null, inbox_id: null });

describe("Sent messages", () => {
  it("lists each message with its status, the people's opens (machine opens apart), clicks, replies and bounces", async () => {
    mockServer({ [`GET ${url}`]: { body: messageLogBody([opened, bounced, orphan]) } });
    render();
    await screen.findByText("Ada Lovelace");
    const table = screen.getByRole("table", { name: "Sent messages" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    const ada = within(rows[0]!);
    expect(ada.getByText("Ada Lovelace")).toBeTruthy();
    expect(ada.getByText("Quick question, Ada")).toBeTruthy();
    expect(ada.getByText("from sales@acme.example")).toBeTruthy();
    expect(ada.getByText("Sent")).toBeTruthy();
    expect(ada.getByText("Opened ×3")).toBeTruthy();
    expect(ada.getByText("Clicked")).toBeTruthy();
    expect(ada.getByText("Replied")).toBeTruthy();
    expect(ada.getByText("2 machine opens")).toBeTruthy();
    const bob = within(rows[1]!);
    expect(bob.getByText("2 · B")).toBeTruthy();
    // The status chip and the outcome chip both say Bounced; the error says why.
    expect(bob.getAllByText("Bounced")).toHaveLength(2);
    expect(bob.getByText("550 5.1.1 No such user here")).toBeTruthy();
    expect(bob.queryByText(/Opened/)).toBeNull();
    const gone = within(rows[2]!);
    expect(gone.getByText("Deleted lead")).toBeTruthy();
    expect(screen.getByText("3 messages")).toBeTruthy();
  });

  it("filters by status, step and lead on the server and pages through the log", async () => {
    const s = mockServer({
      [`GET ${url}`]: (req) => {
        if (req.query.get("status") === "failed") return { body: messageLogBody([]) };
        const page = Number(req.query.get("page"));
        return { body: messageLogBody([sentMessage({ subject: `Page ${page}` })], 45, page) };
      },
    });
    render();
    expect(await screen.findByText("Page 1")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Go to next page" }));
    expect(await screen.findByText("Page 2")).toBeTruthy();
    expect(s.to("GET", url).at(-1)!.query.get("page")).toBe("2");

    // A filter starts again from the first page.
    await userEvent.click(within(screen.getByRole("group", { name: "Filter messages by status" })).getByText("Failed"));
    expect(await screen.findByText("No message matches these filters.")).toBeTruthy();
    expect(Object.fromEntries(s.to("GET", url).at(-1)!.query)).toMatchObject({ status: "failed", page: "1" });

    await userEvent.click(within(screen.getByRole("group", { name: "Filter messages by status" })).getByText("All"));
    await userEvent.click(screen.getByLabelText("Step"));
    await userEvent.click(await screen.findByRole("option", { name: "Step 2" }));
    await waitFor(() => expect(s.to("GET", url).at(-1)!.query.get("step")).toBe("2"));
    expect(s.to("GET", url).at(-1)!.query.get("status")).toBeNull();

    await userEvent.type(screen.getByLabelText("Search leads"), "ada@");
    await waitFor(() => expect(s.to("GET", url).at(-1)!.query.get("search")).toBe("ada@"));
    // Debounced: one request for the whole word, not one per key.
    expect(s.to("GET", url).filter((r) => r.query.get("search")?.startsWith("ad")).length).toBe(1);
  });

  it("says when nothing was sent, and shows the server's error", async () => {
    mockServer({ [`GET ${url}`]: { body: messageLogBody([]) } });
    const view = render();
    expect(await screen.findByText("Nothing has been sent yet.")).toBeTruthy();
    view.unmount();
    mockServer({ [`GET ${url}`]: { status: 404, body: { detail: "Campaign not found", code: "CAMPAIGN_NOT_FOUND" } } });
    render();
    expect(await screen.findByText("Campaign not found")).toBeTruthy();
  });
});
