import type { Incident, IncidentDetail } from "@prospector/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ME, me, mockServer, renderSignedIn, uuid } from "../../../test/kit.ts";
import { member, memberPage, SELF, WS_ID } from "../../team/test/team-builders.ts";
import IncidentsPage from "./incidents-page.tsx";

const QUESTION = "Which incidents are open, who owns them, and what has been done about them?";
const sam = member({ user: { id: uuid(50), full_name: "Sam Support", email: "sam@example.com" }, role: "support" });

function incident(over: Partial<Incident> = {}): Incident {
  return {
    id: uuid(),
    kind: "security",
    title: "12 failed sign-ins for ada@example.com",
    description: "",
    severity: "high",
    status: "open",
    assignee: null,
    source_alert_id: null,
    created_by: { id: ME.id, name: "Olivia Owner" },
    created_at: "2026-11-20T10:00:00.000Z",
    updated_at: "2026-11-20T10:00:00.000Z",
    resolved_at: null,
    ...over,
  };
}

function detail(i: Incident, timeline: IncidentDetail["timeline"] = []): IncidentDetail {
  return {
    ...i,
    timeline: [
      {
        id: uuid(),
        type: "created",
        actor: { id: ME.id, name: "Olivia Owner" },
        detail: { severity: i.severity },
        created_at: i.created_at,
      },
      ...timeline,
    ],
  };
}

const base = {
  "GET /api/auth/me": { body: ME },
  [`GET /api/v1/workspaces/${WS_ID}/members`]: memberPage([SELF, sam]),
};

describe("/incident-management and /security/incident-response", () => {
  it("lists incidents with filters and pages; the security variant asks only for security incidents", async () => {
    const first = incident();
    const s = mockServer({
      ...base,
      "GET /api/incidents": (req) =>
        req.query.get("cursor")
          ? { body: { items: [incident({ title: "Older one" })], next_cursor: null } }
          : { body: { items: [first], next_cursor: "next-1" } },
    });
    renderSignedIn(<IncidentsPage variant="security" />, { path: "/security/incident-response" });
    expect(await screen.findByRole("heading", { name: QUESTION })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Incidents, newest first" });
    expect(within(table).getByText(first.title)).toBeTruthy();
    expect(within(table).getByText("High")).toBeTruthy();
    expect(s.calls.find((c) => c.path === "/api/incidents")?.query.get("kind")).toBe("security");
    // No kind filter on the security variant.
    expect(screen.queryByLabelText("Kind")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Older" }));
    expect(await screen.findByText("Older one")).toBeTruthy();
    expect(s.calls.some((c) => c.path === "/api/incidents" && c.query.get("cursor") === "next-1")).toBe(true);
  });

  it("says how to get data when there is none", async () => {
    mockServer({ ...base, "GET /api/incidents": { body: { items: [], next_cursor: null } } });
    renderSignedIn(<IncidentsPage variant="all" />, { path: "/incident-management" });
    expect(await screen.findByText("No incidents yet")).toBeTruthy();
    expect(screen.getByText(/Open one with “New incident”/)).toBeTruthy();
  });

  it("creates an operations incident by hand on the 'all' variant and opens it", async () => {
    const created = incident({ kind: "operations", title: "Sender stalled", severity: "medium" });
    const s = mockServer({
      ...base,
      "GET /api/incidents": { body: { items: [], next_cursor: null } },
      "POST /api/incidents": { status: 201, body: detail(created) },
      [`GET /api/incidents/${created.id}`]: { body: detail(created) },
      "GET /api/incidents/containment-targets": { body: { members: [], api_keys: [] } },
    });
    renderSignedIn(<IncidentsPage variant="all" />, { path: "/incident-management" });
    await userEvent.click(await screen.findByRole("button", { name: "New incident" }));
    const dialog = await screen.findByRole("dialog", { name: "New incident" });
    await userEvent.type(within(dialog).getByLabelText(/Title/), "Sender stalled");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create incident" }));
    await waitFor(() => expect(s.calls.find((c) => c.method === "POST" && c.path === "/api/incidents")).toBeTruthy());
    expect(s.calls.find((c) => c.method === "POST" && c.path === "/api/incidents")?.body).toMatchObject({
      kind: "operations",
      title: "Sender stalled",
      severity: "medium",
    });
    expect(await screen.findByRole("list", { name: "Incident timeline" })).toBeTruthy();
  });

  it("offers to create the incident from ?from_alert= and sends only the alert id", async () => {
    const alertId = uuid(77);
    const created = incident({ source_alert_id: alertId });
    const s = mockServer({
      ...base,
      "GET /api/incidents": { body: { items: [], next_cursor: null } },
      "POST /api/incidents": { status: 201, body: detail(created) },
      [`GET /api/incidents/${created.id}`]: { body: detail(created) },
      "GET /api/incidents/containment-targets": { body: { members: [], api_keys: [] } },
    });
    renderSignedIn(<IncidentsPage variant="security" />, {
      path: "/threat-detection/incidents",
      at: `/threat-detection/incidents?from_alert=${alertId}`,
    });
    await userEvent.click(await screen.findByRole("button", { name: "Open incident from alert" }));
    const dialog = await screen.findByRole("dialog", { name: "Open an incident from this alert" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Open incident" }));
    await waitFor(() =>
      expect(s.calls.find((c) => c.method === "POST" && c.path === "/api/incidents")?.body).toEqual({ alert_id: alertId }),
    );
  });

  it("shows the timeline, changes status, asks a reason to reopen, comments and contains with a confirm naming the effect", async () => {
    const open = incident({ status: "closed", assignee: { id: sam.user.id, name: "Sam Support" } });
    const d = detail(open, [
      {
        id: uuid(),
        type: "action",
        actor: { id: ME.id, name: "Olivia Owner" },
        detail: {
          action: "revoke_sessions",
          target: { type: "user", id: sam.user.id, label: "Sam Support <sam@example.com>" },
          result: "2 sessions revoked",
        },
        created_at: "2026-11-20T11:00:00.000Z",
      },
    ]);
    const reopened = { ...d, status: "investigating" as const };
    const s = mockServer({
      ...base,
      "GET /api/incidents": { body: { items: [open], next_cursor: null } },
      [`GET /api/incidents/${open.id}`]: { body: d },
      [`PATCH /api/incidents/${open.id}`]: { body: reopened },
      [`POST /api/incidents/${open.id}/comments`]: { status: 201, body: reopened },
      "GET /api/incidents/containment-targets": {
        body: {
          members: [{ id: sam.user.id, name: "Sam Support", email: "sam@example.com", role: "support", locked: false }],
          api_keys: [],
        },
      },
      [`POST /api/incidents/${open.id}/actions`]: {
        body: {
          action: "lock_account",
          target: { type: "user", id: sam.user.id, label: "Sam Support <sam@example.com>" },
          result: "Account locked",
          incident: reopened,
        },
      },
    });
    renderSignedIn(<IncidentsPage variant="all" />, { path: "/incident-management", at: `/incident-management?incident=${open.id}` });
    const timeline = await screen.findByRole("list", { name: "Incident timeline" });
    expect(within(timeline).getByText("Revoke sessions on Sam Support <sam@example.com>: 2 sessions revoked")).toBeTruthy();
    // Closed: containment waits for a reopening.
    expect(screen.getByText("Reopen the incident to take containment actions.")).toBeTruthy();

    await userEvent.click(screen.getByLabelText("Set status"));
    await userEvent.click(await screen.findByRole("option", { name: "Investigating" }));
    const reason = await screen.findByLabelText(/Why reopen/);
    await userEvent.type(reason, "Seen again");
    await userEvent.click(screen.getByRole("button", { name: "Reopen" }));
    await waitFor(() => expect(s.calls.find((c) => c.method === "PATCH")?.body).toEqual({ status: "investigating", reason: "Seen again" }));

    await userEvent.type(screen.getByLabelText("Add a comment"), "Checking logs");
    await userEvent.click(screen.getByRole("button", { name: "Comment" }));
    await waitFor(() => expect(s.calls.find((c) => c.path.endsWith("/comments"))?.body).toEqual({ body: "Checking logs" }));

    await userEvent.click(await screen.findByLabelText("Action"));
    await userEvent.click(await screen.findByRole("option", { name: "Lock account" }));
    await userEvent.click(screen.getByLabelText("Member"));
    await userEvent.click(await screen.findByRole("option", { name: "Sam Support <sam@example.com>" }));
    await userEvent.click(screen.getByRole("button", { name: "Lock account…" }));
    const confirm = await screen.findByRole("dialog", { name: "Lock account?" });
    expect(within(confirm).getByText(/cannot sign in/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: "Lock account" }));
    await waitFor(() =>
      expect(s.calls.find((c) => c.path.endsWith("/actions"))?.body).toEqual({ action: "lock_account", user_id: sam.user.id }),
    );
  });

  it("support follows and updates incidents but sees neither create nor containment", async () => {
    const i = incident();
    mockServer({
      "GET /api/auth/me": {
        body: me({ role: "support", permissions: ["incidents:read", "incidents:update", "team:read"], is_instance_admin: false }),
      },
      [`GET /api/v1/workspaces/${WS_ID}/members`]: memberPage([SELF, sam]),
      "GET /api/incidents": { body: { items: [i], next_cursor: null } },
      [`GET /api/incidents/${i.id}`]: { body: detail(i) },
    });
    renderSignedIn(<IncidentsPage variant="security" />, {
      path: "/security/incident-response",
      at: `/security/incident-response?incident=${i.id}`,
    });
    expect(await screen.findByRole("list", { name: "Incident timeline" })).toBeTruthy();
    expect(screen.getByLabelText("Add a comment")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New security incident" })).toBeNull();
    expect(screen.queryByText("Containment")).toBeNull();
  });
});
