import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, me, mockServer, type Route, renderSignedIn } from "../../../test/kit.ts";
import { member, memberPage, role, SELF, WS_ID } from "../test/team-builders.ts";
import TeamPermissionsPage from "./team-permissions-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const sam = member({ role: "manager", user: { full_name: "Sam Seller", email: "sam@example.com" } });
const ROLES = [
  role("viewer", "Viewer", 30, ["leads:read"]),
  role("admin", "Administrator", 100, ["*:*"]),
  role("manager", "Manager", 90, ["leads:read", "team:read", "crm:*", "!leads:delete"]),
];

function server(extra: Record<string, Route> = {}, user = ME) {
  return mockServer({
    "GET /api/auth/me": { body: user },
    "GET /api/v1/rbac/roles": { body: ROLES },
    [`GET /api/v1/workspaces/${WS_ID}/members`]: memberPage([SELF, sam]),
    "GET /api/v1/rbac/teams": {
      body: {
        items: [
          {
            id: "t1",
            name: "EMEA",
            description: null,
            parent_id: null,
            member_count: 1,
            grants: [],
            created_at: "2026-01-01T00:00:00.000Z",
            updated_at: "2026-01-01T00:00:00.000Z",
          },
        ],
        total: 1,
        page: 1,
        per_page: 200,
      },
    },
    [`GET /api/v1/rbac/users/${ME.id}/permissions`]: {
      body: {
        user_id: ME.id,
        roles: ["admin"],
        grants: [{ resource: "*", action: "*", effect: "allow", resource_id: null, source: "role", source_id: "admin" }],
      },
    },
    [`GET /api/v1/rbac/users/${sam.user.id}/permissions`]: {
      body: {
        user_id: sam.user.id,
        roles: ["manager"],
        grants: [
          { resource: "team", action: "read", effect: "allow", resource_id: null, source: "role", source_id: "manager" },
          { resource: "campaigns", action: "delete", effect: "deny", resource_id: null, source: "user", source_id: sam.user.id },
          { resource: "reports", action: "create", effect: "allow", resource_id: null, source: "team", source_id: "t1" },
        ],
      },
    },
    ...extra,
  });
}

const cell = (row: HTMLElement, label: string) =>
  within(row)
    .getByLabelText(new RegExp(`^${label}: `))
    .getAttribute("aria-label");

describe("/team/permissions", { timeout: 30_000 }, () => {
  it("shows the role × permission matrix, highest role first, with wildcards and denies applied", async () => {
    server();
    renderSignedIn(<TeamPermissionsPage />, { path: "/team/permissions" });
    expect(await screen.findByText("Who may do what here?")).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Permissions by role" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Permission", "Administrator", "Manager", "Viewer"]);
    const row = (perm: string) => within(table).getByRole("rowheader", { name: perm }).closest("tr")!;
    expect(cell(row("team:read"), "Manager")).toBe("Manager: allowed");
    expect(cell(row("team:read"), "Viewer")).toBe("Viewer: not allowed");
    expect(cell(row("team:delete"), "Administrator")).toBe("Administrator: allowed");
    expect(cell(row("leads:delete"), "Manager")).toBe("Manager: not allowed");
    await userEvent.type(screen.getByLabelText("Filter permissions (e.g. leads)"), "crm");
    await waitFor(() => expect(within(table).queryByRole("rowheader", { name: "team:read" })).toBeNull());
    expect(cell(row("crm:*"), "Manager")).toBe("Manager: allowed");
    expect(screen.getByRole("link", { name: "Edit in Access Control" }).getAttribute("href")).toBe("/security/rbac");
  });

  it("shows a member's effective permissions and where each comes from", async () => {
    server();
    renderSignedIn(<TeamPermissionsPage />, { path: "/team/permissions" });
    // The signed-in user first.
    const mine = await screen.findByRole("table", { name: "Effective permissions" });
    expect(within(mine).getByText("Role: Administrator")).toBeTruthy();
    await userEvent.click(screen.getByRole("combobox", { name: "Member" }));
    await userEvent.click(await screen.findByRole("option", { name: /Sam Seller/ }));
    await waitFor(() => expect(screen.getByText("Granted directly")).toBeTruthy());
    const table = screen.getByRole("table", { name: "Effective permissions" });
    const denied = within(table).getByText("campaigns:delete").closest("tr")!;
    expect(within(denied).getByText("Deny")).toBeTruthy();
    expect(within(table).getByText("Team: EMEA")).toBeTruthy();
    expect(within(table).getByText("Role: Manager")).toBeTruthy();
  });

  it("hides the edit link and other people from a role without team access", async () => {
    const viewer = me({ role: "viewer", permissions: ["leads:read"] });
    const s = server({}, viewer);
    renderSignedIn(<TeamPermissionsPage />, { path: "/team/permissions" });
    await screen.findByRole("table", { name: "Permissions by role" });
    expect(screen.queryByRole("link", { name: "Edit in Access Control" })).toBeNull();
    expect(screen.getByText(/ask an administrator/)).toBeTruthy();
    expect(s.to("GET", "/api/v1/rbac/teams")).toHaveLength(0);
  });
});
