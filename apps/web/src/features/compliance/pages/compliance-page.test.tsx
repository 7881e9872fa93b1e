import type { ComplianceRequest, ConsentOverview, RetentionRun, RetentionSettings } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ME, me, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import CompliancePage from "./compliance-page.tsx";

const QUESTION = "Do we honour privacy and anti-spam law, and can we act on a person's request today?";

function request(over: Partial<ComplianceRequest> = {}): ComplianceRequest {
  return {
    id: uuid(),
    kind: "export",
    subject_type: "lead",
    subject_hash: "sha256:abc",
    requested_by: uuid(1),
    requested_by_name: "Olivia Owner",
    status: "completed",
    progress: 100,
    counts: { leads: 1, campaign_messages: 3 },
    error: null,
    downloadable: true,
    downloaded_at: null,
    created_at: "2026-11-20T10:00:00.000Z",
    completed_at: "2026-11-20T10:00:05.000Z",
    ...over,
  };
}

const retention: RetentionSettings = {
  rules: {
    message_bodies_days: 180,
    replies_days: null,
    ai_actions_days: null,
    finished_exports_days: null,
    unsubscribed_leads_days: null,
    security_events_days: null,
  },
  data_retention_days: 365,
  updated_at: "2026-11-20T10:00:00.000Z",
};

const run: RetentionRun = {
  id: uuid(7),
  trigger: "schedule",
  status: "completed",
  progress: 100,
  counts: { message_bodies: 12 },
  error: null,
  started_at: "2026-11-21T03:00:00.000Z",
  finished_at: "2026-11-21T03:00:02.000Z",
};

describe("/compliance", () => {
  it("lists requests with progress and counts, starts an export, and erases a lead only after the address is typed again", async () => {
    const runningOne = request({ kind: "erasure", status: "running", progress: 40, counts: {}, downloadable: false });
    const finished = request();
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/compliance/requests": { body: { items: [runningOne, finished], next_cursor: null } },
      "POST /api/compliance/requests/export": { status: 202, body: request({ status: "queued", progress: 0, downloadable: false }) },
      "POST /api/compliance/requests/erasure": (req) =>
        (req.body as { confirm_email: string }).confirm_email === "ana@globex.test"
          ? { status: 202, body: request({ kind: "erasure", status: "queued", progress: 0, downloadable: false }) }
          : { status: 422, body: { code: "COMPLIANCE_CONFIRMATION_MISMATCH", detail: "Type the person's email address exactly" } },
      "GET /api/compliance/requests/:id/download": { body: undefined },
    });
    URL.createObjectURL = vi.fn(() => "blob:json");
    URL.revokeObjectURL = vi.fn();
    renderSignedIn(<CompliancePage />, { path: "/compliance" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Data-subject requests, newest first" });
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]!).getByText("Erasure of a lead")).toBeTruthy();
    expect(within(rows[1]!).getByRole("progressbar", { name: "Progress 40%" })).toBeTruthy();
    expect(within(rows[2]!).getByText("leads: 1, campaign messages: 3")).toBeTruthy();
    await userEvent.click(within(rows[2]!).getByRole("button", { name: "Download" }));
    await waitFor(() => expect(s.to("GET", `/api/compliance/requests/${finished.id}/download`)).toHaveLength(1));

    await userEvent.click(screen.getByRole("button", { name: "Export data" }));
    expect(await screen.findByText("Enter the lead's email address or id")).toBeTruthy();
    await userEvent.type(screen.getByRole("textbox", { name: "Lead's email address or id" }), "ana@globex.test");
    await userEvent.click(screen.getByRole("button", { name: "Export data" }));
    await waitFor(() =>
      expect(s.to("POST", "/api/compliance/requests/export")[0]?.body).toEqual({ subject_type: "lead", email: "ana@globex.test" }),
    );

    await userEvent.click(screen.getByRole("button", { name: "Erase lead…" }));
    const dialog = await screen.findByRole("dialog", { name: "Erase this person everywhere?" });
    const erase = within(dialog).getByRole("button", { name: "Erase permanently" });
    expect((erase as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Type the person's email address to confirm" }), "ana@other.test");
    await userEvent.click(erase);
    expect(await within(dialog).findByText(/Type the person's email address exactly/)).toBeTruthy();
    const confirm = within(dialog).getByRole("textbox", { name: "Type the person's email address to confirm" });
    await userEvent.clear(confirm);
    await userEvent.type(confirm, "ana@globex.test");
    await userEvent.click(erase);
    await waitFor(() =>
      expect(s.to("POST", "/api/compliance/requests/erasure").at(-1)?.body).toEqual({
        subject_type: "lead",
        email: "ana@globex.test",
        confirm_email: "ana@globex.test",
      }),
    );
  });

  it("erases a member after the address is typed again, and says whether the account went", async () => {
    const member = uuid(9);
    const gone = request({
      kind: "erasure",
      subject_type: "user",
      downloadable: false,
      counts: { workspace_members: 1, api_keys: 2, account_erased: 1 },
    });
    const kept = request({
      kind: "erasure",
      subject_type: "user",
      downloadable: false,
      counts: { workspace_members: 1, account_erased: 0 },
    });
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/compliance/requests": { body: { items: [gone, kept], next_cursor: null } },
      "POST /api/compliance/requests/erasure": (req) =>
        (req.body as { confirm_email: string }).confirm_email === "mo@acme.test"
          ? {
              status: 202,
              body: request({ kind: "erasure", subject_type: "user", status: "queued", progress: 0, downloadable: false, counts: {} }),
            }
          : {
              status: 409,
              body: {
                code: "COMPLIANCE_ERASE_OWNER",
                detail: "The workspace's owner cannot be erased: transfer the ownership to another member first",
              },
            },
    });
    renderSignedIn(<CompliancePage />, { path: "/compliance" });
    const table = await screen.findByRole("table", { name: "Data-subject requests, newest first" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(3));
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]!).getByText("Erasure of a member")).toBeTruthy();
    expect(within(rows[1]!).getByText("workspace members: 1, api keys: 2")).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Account erased/)).toBeTruthy();
    expect(within(rows[2]!).getByText(/^Account kept: the person is still a member of another workspace/)).toBeTruthy();

    await userEvent.click(screen.getByRole("combobox", { name: "Person" }));
    await userEvent.click(await screen.findByRole("option", { name: "Member" }));
    const eraseMember = screen.getByRole("button", { name: "Erase member…" });
    expect((eraseMember as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByRole("textbox", { name: "Member's user id" }), member);
    await userEvent.click(eraseMember);
    const dialog = await screen.findByRole("dialog", { name: "Erase this member?" });
    expect(within(dialog).getByText(/the account itself is erased/)).toBeTruthy();
    const confirm = within(dialog).getByRole("textbox", { name: "Type the person's email address to confirm" });
    await userEvent.type(confirm, "owner@acme.test");
    await userEvent.click(within(dialog).getByRole("button", { name: "Erase permanently" }));
    expect(await within(dialog).findByText(/transfer the ownership/)).toBeTruthy();
    await userEvent.clear(confirm);
    await userEvent.type(confirm, "mo@acme.test");
    await userEvent.click(within(dialog).getByRole("button", { name: "Erase permanently" }));
    await waitFor(() =>
      expect(s.to("POST", "/api/compliance/requests/erasure").at(-1)?.body).toEqual({
        subject_type: "user",
        user_id: member,
        confirm_email: "mo@acme.test",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says how to get data when there is no request, and hides actions from readers", async () => {
    mockServer({
      "GET /api/auth/me": { body: me({ role: "support", permissions: ["compliance:read"], is_instance_admin: false }) },
      "GET /api/compliance/requests": { body: { items: [], next_cursor: null } },
    });
    renderSignedIn(<CompliancePage />, { path: "/compliance" });
    expect(await screen.findByText("No data-subject requests yet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Export data" })).toBeNull();
    expect(screen.getByText(/Only people who may update compliance settings/)).toBeTruthy();
  });

  it("shows consent and suppression, with the missing postal address called out", async () => {
    const overview: ConsentOverview = {
      suppression_by_reason: [
        { reason: "unsubscribed", count: 4 },
        { reason: "erasure", count: 1 },
      ],
      suppression_by_day: [{ day: "2026-11-20", reason: "unsubscribed", count: 4 }],
      recent_unsubscribes: [{ email: "bob@acme.test", campaign_id: null, created_at: "2026-11-20T09:00:00.000Z" }],
      campaigns: [
        { id: uuid(3), name: "Spring outreach", status: "active", has_unsubscribe_link: true, list_unsubscribe_header: true },
        { id: uuid(4), name: "No link", status: "paused", has_unsubscribe_link: false, list_unsubscribe_header: true },
      ],
      footer_configured: false,
      leads_by_source: [{ source: "csv_import", count: 120 }],
      total_leads: 120,
    };
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/compliance/overview": { body: overview } });
    renderSignedIn(<CompliancePage />, { path: "/compliance", at: "/compliance?tab=consent" });
    expect(await screen.findByText(/No postal address is set/)).toBeTruthy();
    expect(screen.getByText("5 addresses never emailed again")).toBeTruthy();
    const live = screen.getByRole("table", { name: "Live campaigns" });
    expect(within(live).getByText("Missing in a step")).toBeTruthy();
    expect(screen.getByText("bob@acme.test")).toBeTruthy();
    expect(within(screen.getByRole("table", { name: "Leads by source" })).getByText("csv_import")).toBeTruthy();
  });

  it("saves retention rules, checks the days, and runs the job now", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/compliance/retention": { body: retention },
      "PUT /api/compliance/retention": (req) => ({ body: { ...retention, rules: req.body as RetentionSettings["rules"] } }),
      "GET /api/compliance/retention/runs": { body: { items: [run], next_cursor: null } },
      "POST /api/compliance/retention/run": {
        status: 202,
        body: { ...run, id: uuid(8), trigger: "manual", status: "queued", progress: 0, counts: {} },
      },
    });
    renderSignedIn(<CompliancePage />, { path: "/compliance", at: "/compliance?tab=retention" });
    expect(await screen.findByText(/Your data retention setting says 365 days/)).toBeTruthy();
    const runs = await screen.findByRole("table", { name: "Retention runs, newest first" });
    expect(within(runs).getByText("message bodies: 12")).toBeTruthy();
    const replies = screen.getByRole("spinbutton", { name: "Replies" });
    await userEvent.type(replies, "0");
    await userEvent.click(screen.getByRole("button", { name: "Save rules" }));
    expect(await screen.findByText("Whole days from 1 to 3650, or empty to keep")).toBeTruthy();
    await userEvent.clear(replies);
    await userEvent.type(replies, "90");
    await userEvent.click(screen.getByRole("button", { name: "Save rules" }));
    await waitFor(() =>
      expect(s.to("PUT", "/api/compliance/retention")[0]?.body).toMatchObject({
        message_bodies_days: 180,
        replies_days: 90,
        ai_actions_days: null,
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Run now" }));
    await waitFor(() => expect(s.to("POST", "/api/compliance/retention/run")).toHaveLength(1));
  });

  it("saves the footer and postal address with a preview", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/compliance/footer": { body: { postal_address: "", footer_text: "", updated_at: null } },
      "PUT /api/compliance/footer": (req) => ({ body: { ...(req.body as object), updated_at: "2026-11-21T00:00:00.000Z" } }),
    });
    renderSignedIn(<CompliancePage />, { path: "/compliance", at: "/compliance?tab=footer" });
    expect(await screen.findByText(/No postal address yet/)).toBeTruthy();
    await userEvent.type(screen.getByRole("textbox", { name: "Postal address" }), "1 Harbour Road, Bristol");
    expect(within(screen.getByLabelText("Preview")).getByText("1 Harbour Road, Bristol")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Save footer" }));
    await waitFor(() =>
      expect(s.to("PUT", "/api/compliance/footer")[0]?.body).toEqual({ postal_address: "1 Harbour Road, Bristol", footer_text: "" }),
    );
  });

  it("downloads the audit export for whole UTC days", async () => {
    const s = mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/compliance/audit-export": { body: undefined } });
    URL.createObjectURL = vi.fn(() => "blob:csv");
    URL.revokeObjectURL = vi.fn();
    renderSignedIn(<CompliancePage />, { path: "/compliance", at: "/compliance?tab=audit" });
    const from = await screen.findByLabelText("From (UTC)");
    await userEvent.clear(from);
    await userEvent.type(from, "2026-11-01");
    const to = screen.getByLabelText("To (UTC, included)");
    await userEvent.clear(to);
    await userEvent.type(to, "2026-11-20");
    await userEvent.click(screen.getByRole("button", { name: "Download" }));
    await waitFor(() => expect(s.to("GET", "/api/compliance/audit-export")).toHaveLength(1));
    const q = s.to("GET", "/api/compliance/audit-export")[0]!.query;
    expect([q.get("from"), q.get("to"), q.get("format")]).toEqual(["2026-11-01T00:00:00.000Z", "2026-11-21T00:00:00.000Z", "csv"]);
  });
});
