import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StaticPermissionProvider } from "../../../app/permissions/index.ts";
import { ME, mockServer, type Route, renderSignedIn, uuid } from "../../../test/kit.ts";
import {
  accessRequest,
  auditEntry,
  checkResult,
  config,
  flag,
  MEMBER_ME,
  member,
  memberPage,
  policy,
  roles,
  team,
  teamPage,
  WS,
} from "../test/rbac-builders.ts";
import RbacPage from "./rbac-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const HEAVY_RENDER_MS = 60_000;
const ada = member({ id: uuid(501), name: "Ada Lovelace", email: "ada@analytical.io", role: "sales_rep" });
const alan = member({ id: uuid(502), name: "Alan Turing", email: "alan@bletchley.example", role: "admin" });

function server(extra: Record<string, Route> = {}) {
  return mockServer({
    "GET /api/auth/me": { body: ME },
    "GET /api/v1/rbac/config": { body: config() },
    "GET /api/v1/rbac/roles": { body: roles() },
    [`GET /api/v1/workspaces/${WS}/members`]: { body: memberPage([MEMBER_ME, ada, alan]) },
    "GET /api/v1/rbac/access-requests": { body: [] },
    "GET /api/v1/rbac/teams": { body: teamPage([]) },
    "GET /api/v1/rbac/policies": { body: [] },
    "GET /api/v1/rbac/features": { body: [] },
    ...extra,
  });
}

/** Typing long text key by key re-renders the whole dialog per key: paste it instead. */
async function paste(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const open = (tab: string) => renderSignedIn(<RbacPage />, { path: "/security/rbac", at: `/security/rbac?tab=${tab}` });

describe("/security/rbac", { timeout: HEAVY_RENDER_MS }, () => {
  it("states its question, opens the tab in the address, and counts pending requests on the tab", async () => {
    server({
      "GET /api/v1/rbac/access-requests": { body: [accessRequest({ user_id: ada.user.id }), accessRequest({ status: "approved" })] },
    });
    const view = open("roles");
    expect(screen.getByText("Who can do what in this workspace, and why?")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Sales Representative" })).toBeTruthy();
    expect(await screen.findByRole("tab", { name: "Access requests (1 pending)" })).toBeTruthy();
    await userEvent.click(screen.getByRole("tab", { name: "Feature flags" }));
    expect(view.router.state.location.search).toBe("?tab=flags");
    expect(await screen.findByText("No feature flags yet")).toBeTruthy();
  });

  it("policies: the condition builder sends the conditions as JSON, and the server's field errors land on their row and field", async () => {
    const s = server({
      "POST /api/v1/rbac/policies": {
        status: 422,
        body: {
          code: "VALIDATION_FAILED",
          detail: "Invalid",
          errors: [
            { field: "conditions.1", message: 'Field "country" is not available for ip conditions' },
            { field: "applies_to.users.0", message: "Not a member of this workspace" },
          ],
        },
      },
    });
    open("policies");
    expect(await screen.findByText("No policies yet")).toBeTruthy();
    await userEvent.click(screen.getAllByRole("button", { name: "New policy" })[0]!);
    const dialog = await screen.findByRole("dialog");
    await paste(within(dialog).getByRole("textbox", { name: "Name" }), "Office hours from the office");
    await paste(within(dialog).getByRole("textbox", { name: "Permissions" }), "leads:delete, campaigns:*");
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Users" }));
    await userEvent.click(await screen.findByRole("option", { name: /Ada Lovelace/ }));

    // Condition 1: time of day between 09:00 and 17:30.
    await userEvent.click(within(dialog).getByRole("button", { name: "Add condition" }));
    const first = within(dialog).getByRole("group", { name: "Condition 1" });
    await userEvent.click(within(first).getByRole("combobox", { name: "Field" }));
    await userEvent.click(await screen.findByRole("option", { name: "Time of day (HH:MM, UTC)" }));
    fireEvent.change(within(first).getByLabelText("From"), { target: { value: "09:00" } });
    fireEvent.change(within(first).getByLabelText("To"), { target: { value: "17:30" } });

    // Condition 2: IP in a range; a bad range is caught before sending.
    await userEvent.click(within(dialog).getByRole("button", { name: "Add condition" }));
    const second = within(dialog).getByRole("group", { name: "Condition 2" });
    await userEvent.click(within(second).getByRole("combobox", { name: "Type" }));
    expect(screen.getByRole("option", { name: "Quota (not evaluated by this server)" }).getAttribute("aria-disabled")).toBe("true");
    await userEvent.click(screen.getByRole("option", { name: "IP address" }));
    const ranges = within(second).getByRole("textbox", { name: /CIDR ranges/ });
    await paste(ranges, "10.0.0.0/33");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create policy" }));
    expect(within(second).getByRole("alert").textContent).toBe('"10.0.0.0/33" is not an IP address or CIDR range');
    expect(s.to("POST", "/api/v1/rbac/policies")).toHaveLength(0);

    await userEvent.clear(ranges);
    await paste(ranges, "10.0.0.0/8, 192.168.1.10");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create policy" }));
    await waitFor(() => expect(s.to("POST", "/api/v1/rbac/policies")).toHaveLength(1));
    expect(s.to("POST", "/api/v1/rbac/policies")[0]!.body).toEqual({
      name: "Office hours from the office",
      description: null,
      priority: 0,
      is_active: true,
      effect: "deny",
      permissions: ["leads:delete", "campaigns:*"],
      applies_to: { users: [ada.user.id], roles: [], teams: [] },
      conditions: [
        { type: "time", field: "time", operator: "between", value: ["09:00", "17:30"] },
        { type: "ip", field: "ip", operator: "in_cidr", value: ["10.0.0.0/8", "192.168.1.10"] },
      ],
    });
    expect((await within(second).findByRole("alert")).textContent).toBe('Field "country" is not available for ip conditions');
    expect(within(dialog).getByText("Not a member of this workspace")).toBeTruthy();
    expect(within(first).queryByRole("alert")).toBeNull();
  });

  it("policies: listed by priority with their conditions in words; the active switch saves the whole rule", async () => {
    const low = policy({
      name: "Allow exports",
      priority: 1,
      effect: "allow",
      permissions: ["exports:create"],
      applies_to: { users: [], roles: [], teams: [] },
    });
    const high = policy({
      name: "No deletes abroad",
      priority: 50,
      applies_to: { users: [ada.user.id], roles: ["sales_rep"], teams: [] },
      conditions: [{ type: "location", field: "country", operator: "not_in", value: ["FR", "DE"] }],
    });
    const s = server({
      "GET /api/v1/rbac/policies": { body: [low, high] },
      [`PUT /api/v1/rbac/policies/${high.id}`]: (req) => ({ body: { ...high, ...(req.body as object) } }),
    });
    open("policies");
    const table = await screen.findByRole("table", { name: "Policies by priority" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]!.textContent).toContain("No deletes abroad");
    expect(rows[0]!.textContent).toContain("location.country is none of FR, DE");
    await waitFor(() => expect(rows[0]!.textContent).toContain("Sales Representative, Ada Lovelace"));
    expect(rows[1]!.textContent).toContain("Everyone");
    await userEvent.click(screen.getByRole("switch", { name: "No deletes abroad active" }));
    await waitFor(() => expect(s.to("PUT", `/api/v1/rbac/policies/${high.id}`)).toHaveLength(1));
    expect(s.to("PUT", `/api/v1/rbac/policies/${high.id}`)[0]!.body).toMatchObject({
      name: "No deletes abroad",
      is_active: false,
      conditions: high.conditions,
    });
  });

  it("test a decision: asks for the picked member with the simulated context and shows the reason and the deciding rule", async () => {
    const denied = checkResult({
      allowed: false,
      reason: 'Denied by policy "No deletes abroad"',
      matched: { kind: "policy", id: uuid(), effect: "deny", permission: "leads:delete", name: "No deletes abroad" },
      step: "policy",
      user_id: ada.user.id,
    });
    const s = server({ "POST /api/v1/rbac/check/detailed": { body: denied } });
    open("check");
    const form = await screen.findByRole("form", { name: "Test a decision" });
    await userEvent.click(within(form).getByRole("combobox", { name: "User" }));
    await userEvent.click(await screen.findByRole("option", { name: /Ada Lovelace/ }));
    await userEvent.type(within(form).getByRole("textbox", { name: "Permission" }), "leads:delete");
    await userEvent.type(within(form).getByRole("textbox", { name: "Country (optional)" }), "br");
    await userEvent.type(within(form).getByRole("textbox", { name: "IP address (optional)" }), "203.0.113.7");
    await userEvent.click(within(form).getByRole("button", { name: "Check" }));
    const result = await screen.findByTestId("check-result");
    expect(s.to("POST", "/api/v1/rbac/check/detailed")[0]!.body).toEqual({
      resource: "leads",
      action: "delete",
      user_id: ada.user.id,
      context: { ip: "203.0.113.7", country: "BR" },
    });
    expect(result.textContent).toContain("Denied");
    expect(result.textContent).toContain('Reason: Denied by policy "No deletes abroad"');
    expect(result.textContent).toContain('Decided by: Policy "No deletes abroad" denies leads:delete');
  });

  it("test a decision: says when nothing matched, in the spec's words, and refuses a malformed permission before asking", async () => {
    const s = server({ "POST /api/v1/rbac/check/detailed": { body: checkResult({ step: "no_match" }) } });
    open("check");
    const form = await screen.findByRole("form", { name: "Test a decision" });
    await userEvent.type(within(form).getByRole("textbox", { name: "Permission" }), "delete leads");
    await userEvent.click(within(form).getByRole("button", { name: "Check" }));
    expect(within(form).getByText("Write it as resource:action, e.g. leads:delete")).toBeTruthy();
    expect(s.to("POST", "/api/v1/rbac/check/detailed")).toHaveLength(0);
    await userEvent.clear(within(form).getByRole("textbox", { name: "Permission" }));
    await userEvent.type(within(form).getByRole("textbox", { name: "Permission" }), "billing:update");
    await userEvent.click(within(form).getByRole("button", { name: "Check" }));
    const result = await screen.findByTestId("check-result");
    expect(s.to("POST", "/api/v1/rbac/check/detailed")[0]!.body).toEqual({ resource: "billing", action: "update" });
    expect(result.textContent).toContain("Reason: No matching permissions found");
    expect(result.textContent).toContain("Nothing matched");
  });

  it("feature flags: moving the rollout slider saves the new percentage with the rest of the flag", async () => {
    let f = flag({ targeted_roles: ["manager"] });
    const s = server({
      "GET /api/v1/rbac/features": () => ({ body: [f] }),
      "PUT /api/v1/rbac/features/new-editor": (req) => {
        f = { ...f, ...(req.body as object) };
        return { body: f };
      },
    });
    open("flags");
    const card = await screen.findByRole("region", { name: "New editor" });
    expect(within(card).getByText("Always on for: Manager")).toBeTruthy();
    const slider = within(card).getByRole("slider", { name: "Rollout: 20% of users" });
    slider.focus();
    await userEvent.keyboard("{ArrowRight}");
    await waitFor(() => expect(s.to("PUT", "/api/v1/rbac/features/new-editor")).toHaveLength(1));
    expect(s.to("PUT", "/api/v1/rbac/features/new-editor").at(-1)!.body).toEqual({
      name: "New editor",
      description: null,
      enabled: true,
      rollout_percentage: 25,
      targeted_roles: ["manager"],
      targeted_users: [],
      targeted_teams: [],
    });
    expect(await within(card).findByText("Rollout: 25% of users")).toBeTruthy();
  });

  it("access requests: pending first; approve sends the note, reject too, and a refusal stays in the dialog", async () => {
    const old = accessRequest({
      user_id: alan.user.id,
      status: "rejected",
      created_at: "2026-11-21T10:00:00.000Z",
      decision_note: "Not now",
    });
    const ask = accessRequest({ user_id: ada.user.id, created_at: "2026-11-19T10:00:00.000Z" });
    const other = accessRequest({ user_id: alan.user.id, resource: "exports", action: "create", created_at: "2026-11-18T10:00:00.000Z" });
    const s = server({
      "GET /api/v1/rbac/access-requests": { body: [old, ask, other] },
      [`POST /api/v1/rbac/access-requests/${ask.id}/approve`]: { body: { ...ask, status: "approved", decision_note: "For the cleanup" } },
      [`POST /api/v1/rbac/access-requests/${other.id}/reject`]: {
        status: 409,
        body: { code: "ACCESS_REQUEST_DECIDED", detail: "This access request has already been decided" },
      },
    });
    open("requests");
    const table = await screen.findByRole("table", { name: "Access requests" });
    await within(table).findByText("Ada Lovelace");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((r) => [r.textContent?.includes("Alan") ? "Alan" : "Ada", within(r).getByText(/pending|approved|rejected/).textContent]),
    ).toEqual([
      ["Ada", "pending"],
      ["Alan", "pending"],
      ["Alan", "rejected"],
    ]);
    expect(rows[1]!.textContent).toContain("exports:create");
    expect(rows[2]!.textContent).toContain("“Not now”");

    await userEvent.click(within(rows[0]!).getByRole("button", { name: "Approve leads:delete for Ada Lovelace" }));
    let dialog = await screen.findByRole("dialog", { name: "Approve this request?" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Note (optional)" }), "For the cleanup");
    await userEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(s.to("POST", `/api/v1/rbac/access-requests/${ask.id}/approve`)).toHaveLength(1));
    expect(s.to("POST", `/api/v1/rbac/access-requests/${ask.id}/approve`)[0]!.body).toEqual({ note: "For the cleanup" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await userEvent.click(within(rows[1]!).getByRole("button", { name: "Reject exports:create for Alan Turing" }));
    dialog = await screen.findByRole("dialog", { name: "Reject this request?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This access request has already been decided");
    expect(s.to("POST", `/api/v1/rbac/access-requests/${other.id}/reject`)[0]!.body).toEqual({});
  });

  it("audit log: each filter goes into the query, the page resets, and the CSV export asks for the same filters", async () => {
    const s = server({
      "GET /api/v1/rbac/audit/logs": (req) => ({
        body: {
          items: [auditEntry({ user_id: ada.user.id })],
          total: 120,
          page: Number(req.query.get("page")),
          per_page: Number(req.query.get("per_page")),
        },
      }),
      "GET /api/v1/rbac/audit/logs.csv": { body: "id,event\n", headers: { "content-type": "text/csv" } },
    });
    const createObjectURL = vi.fn(() => "blob:csv");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    open("audit");
    expect(await screen.findByText("Ada Lovelace")).toBeTruthy();
    const last = () => s.to("GET", "/api/v1/rbac/audit/logs").at(-1)!.query;
    expect(last().get("page")).toBe("1");
    await userEvent.click(screen.getByRole("button", { name: "Go to next page" }));
    await waitFor(() => expect(last().get("page")).toBe("2"));

    const filters = screen.getByRole("search", { name: "Audit filters" });
    await userEvent.click(within(filters).getByRole("combobox", { name: "User" }));
    await userEvent.click(await screen.findByRole("option", { name: "Ada Lovelace" }));
    await userEvent.click(within(filters).getByRole("combobox", { name: "Result" }));
    await userEvent.click(await screen.findByRole("option", { name: "denied" }));
    await userEvent.type(within(filters).getByRole("combobox", { name: "Event" }), "access_denied");
    await userEvent.type(within(filters).getByRole("textbox", { name: "Resource" }), "leads");
    fireEvent.change(within(filters).getByLabelText("From"), { target: { value: "2026-11-01" } });
    fireEvent.change(within(filters).getByLabelText("To"), { target: { value: "2026-11-02" } });
    await waitFor(() => expect(last().get("resource")).toBe("leads"));
    await waitFor(() => expect(last().get("event")).toBe("access_denied"));
    const q = last();
    expect(q.get("user_id")).toBe(ada.user.id);
    expect(q.get("result")).toBe("denied");
    expect(q.get("from")).toBe(new Date(2026, 10, 1).toISOString());
    expect(q.get("to")).toBe(new Date(2026, 10, 2, 23, 59, 59, 999).toISOString());
    expect(q.get("page")).toBe("1");

    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(s.to("GET", "/api/v1/rbac/audit/logs.csv")).toHaveLength(1));
    const csv = s.to("GET", "/api/v1/rbac/audit/logs.csv")[0]!.query;
    expect(Object.fromEntries(csv)).toEqual({
      user_id: ada.user.id,
      event: "access_denied",
      result: "denied",
      resource: "leads",
      from: q.get("from"),
      to: q.get("to"),
    });
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });

  it("users: changing a role asks first, and the server's last-administrator refusal is shown in the dialog", async () => {
    const s = server({
      "POST /api/v1/rbac/roles/assign": {
        status: 409,
        body: { code: "LAST_ADMIN", detail: "This workspace needs at least one administrator: make someone else an administrator first" },
      },
    });
    open("users");
    const select = await screen.findByRole("combobox", { name: "Role of Alan Turing" });
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole("option", { name: "Viewer" }));
    const dialog = await screen.findByRole("dialog", { name: "Change this role?" });
    expect(dialog.textContent).toContain("Alan Turing goes from Administrator to Viewer.");
    expect(s.to("POST", "/api/v1/rbac/roles/assign")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Change role" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("at least one administrator");
    expect(s.to("POST", "/api/v1/rbac/roles/assign")[0]!.body).toEqual({ user_id: alan.user.id, role: "viewer" });
  });

  it("teams: the tree nests sub-teams, and a team cannot be moved under its own sub-team", async () => {
    const sales = team({ name: "Sales", member_count: 2 });
    const emea = team({ name: "EMEA", parent_id: sales.id });
    const paris = team({ name: "Paris", parent_id: emea.id });
    const support = team({ name: "Support" });
    const s = server({
      "GET /api/v1/rbac/teams": { body: teamPage([paris, support, sales, emea]) },
      [`GET /api/v1/rbac/teams/${sales.id}`]: {
        body: {
          ...sales,
          members: [{ id: ada.user.id, name: "Ada Lovelace", email: "ada@analytical.io" }],
          grants: [{ resource: "exports", action: "create", effect: "allow" }],
        },
      },
      [`PUT /api/v1/rbac/teams/${sales.id}`]: (req) => ({ body: { ...sales, ...(req.body as object) } }),
    });
    open("teams");
    const tree = await screen.findByRole("list", { name: "Team tree" });
    expect(
      within(tree)
        .getAllByRole("button")
        .map((b) => b.textContent?.split(/\d/)[0]),
    ).toEqual(["Sales", "EMEA", "Paris", "Support"]);
    expect(await screen.findByText("exports:create")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Rename or move" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Parent team" }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["None (top level)", "Support"]);
    await userEvent.click(screen.getByRole("option", { name: "Support" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(s.to("PUT", `/api/v1/rbac/teams/${sales.id}`)).toHaveLength(1));
    expect(s.to("PUT", `/api/v1/rbac/teams/${sales.id}`)[0]!.body).toEqual({ name: "Sales", description: null, parent_id: support.id });
  });

  it("a viewer sees only the tabs they can use, roles without change controls, and a refused read names the permission to request", async () => {
    server({
      [`GET /api/v1/workspaces/${WS}/members`]: {
        status: 403,
        body: { code: "FORBIDDEN", detail: "You do not have permission to perform this action", requiredPermission: "team:read" },
      },
    });
    renderSignedIn(
      <StaticPermissionProvider permissions={["campaigns:read", "leads:read"]} roles={["viewer"]}>
        <RbacPage />
      </StaticPermissionProvider>,
      { path: "/security/rbac", at: "/security/rbac?tab=audit" },
    );
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Roles", "Users", "Test a decision", "Access requests"]);
    // ?tab=audit is not open to a viewer: the first tab shows instead.
    expect(screen.getByRole("tab", { name: "Roles" }).getAttribute("aria-selected")).toBe("true");
    await userEvent.click(screen.getByRole("tab", { name: "Users" }));
    expect(await screen.findByText(/team:read/)).toBeTruthy();
    expect(screen.getByRole("button", { name: /Request access/ })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: /Role of/ })).toBeNull();
  });
});
