import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WorkspaceProvider } from "../../../app/permissions/index.ts";
import { ME, me, mockServer, type Route, renderSignedIn } from "../../../test/kit.ts";
import { invite, member, memberPage, SELF, WS_ID, workspace } from "../test/team-builders.ts";
import TeamMembersPage from "./team-members-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const base = `/api/v1/workspaces/${WS_ID}`;
const sam = member({ user: { email: "sam@example.com", full_name: "Sam Seller", presence: "away" } });
const vic = member({ role: "viewer", status: "suspended", user: { email: "vic@example.com", full_name: "Vic Viewer" } });

function server(extra: Record<string, Route> = {}, user = ME) {
  return mockServer({
    "GET /api/auth/me": { body: user },
    [`GET ${base}/members`]: memberPage([SELF, sam, vic]),
    [`GET ${base}/invites`]: { body: [invite({ email: "pending@example.com" })] },
    ...extra,
  });
}

describe("/team/members", { timeout: 30_000 }, () => {
  it("states its question and lists members with role, status and presence, filterable", async () => {
    server();
    renderSignedIn(<TeamMembersPage />, { path: "/team/members" });
    expect(await screen.findByText("Who has access to this workspace, with which role?")).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Members" });
    const samRow = within(table).getByText("Sam Seller").closest("tr")!;
    expect(within(samRow).getByText("Away")).toBeTruthy();
    expect(within(samRow).getByText("Active")).toBeTruthy();
    const vicRow = within(table).getByText("Vic Viewer").closest("tr")!;
    expect(within(vicRow).getByText("Suspended")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Search name or email"), "vic@");
    await waitFor(() => expect(within(table).queryByText("Sam Seller")).toBeNull());
    expect(within(table).getByText("Vic Viewer")).toBeTruthy();
    // The invitations list beside it.
    expect(await screen.findByText("pending@example.com")).toBeTruthy();
  });

  it("invites one address with the chosen role", async () => {
    const s = server({
      [`POST ${base}/invite`]: (req) => ({ status: 201, body: invite({ email: (req.body as { email: string }).email, role: "manager" }) }),
    });
    renderSignedIn(<TeamMembersPage />, { path: "/team/members" });
    await userEvent.click(await screen.findByRole("button", { name: "Invite member" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a member" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(within(dialog).getByText("Enter an email address")).toBeTruthy();
    expect(s.to("POST", `${base}/invite`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Email address/), "ann@example.com");
    await userEvent.click(within(dialog).getByLabelText("Role"));
    await userEvent.click(await screen.findByRole("option", { name: "Manager" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(s.to("POST", `${base}/invite`)).toHaveLength(1));
    expect(s.to("POST", `${base}/invite`)[0]!.body).toEqual({ email: "ann@example.com", roleId: "manager" });
    expect(await screen.findByText("Invitation sent to ann@example.com")).toBeTruthy();
  });

  it("shows the server's refusal of an invite to an existing member in the dialog", async () => {
    server({
      [`POST ${base}/invite`]: {
        status: 409,
        body: { code: "INVITE_ALREADY_MEMBER", detail: "This person is already a member of this workspace" },
      },
    });
    renderSignedIn(<TeamMembersPage />, { path: "/team/members" });
    await userEvent.click(await screen.findByRole("button", { name: "Invite member" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a member" });
    await userEvent.type(within(dialog).getByLabelText(/Email address/), "sam@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText("This person is already a member of this workspace")).toBeTruthy();
  });

  it("bulk-invites a pasted list: bad addresses are reported with the server's reason, the good ones sent", async () => {
    const s = server({
      [`POST ${base}/invite/bulk`]: {
        body: {
          sent: [invite({ email: "a@example.com" }), invite({ email: "b@example.com" })],
          failed: [
            { email: "not-an-address", code: "INVITE_INVALID_EMAIL", message: "Enter a valid email address" },
            { email: "sam@example.com", code: "INVITE_ALREADY_MEMBER", message: "This person is already a member of this workspace" },
          ],
        },
      },
    });
    renderSignedIn(<TeamMembersPage />, { path: "/team/members" });
    await userEvent.click(await screen.findByRole("button", { name: "Invite from a list" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite several people" });
    // An empty list is refused before anything is sent.
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitations" }));
    expect(within(dialog).getByText("Paste at least one email address")).toBeTruthy();
    await userEvent.type(
      within(dialog).getByLabelText("Email addresses"),
      "a@example.com, b@example.com{enter}not-an-address{enter}sam@example.com{enter}a@example.com",
    );
    expect(within(dialog).getByText("4 addresses (1 repeated, sent once)")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitations" }));
    expect(await within(dialog).findByText("2 sent, 2 failed")).toBeTruthy();
    expect(s.to("POST", `${base}/invite/bulk`)[0]!.body).toEqual({
      invites: ["a@example.com", "b@example.com", "not-an-address", "sam@example.com"].map((email) => ({ email, roleId: "sales_rep" })),
    });
    const failed = within(dialog).getByRole("list", { name: "Failed invitations" });
    expect(within(failed).getByText("not-an-address")).toBeTruthy();
    expect(within(failed).getByText("Enter a valid email address")).toBeTruthy();
    expect(within(failed).getByText("This person is already a member of this workspace")).toBeTruthy();
    expect(within(within(dialog).getByRole("list", { name: "Sent invitations" })).getByText("b@example.com")).toBeTruthy();
  });

  it("changes a member's role and suspends another", async () => {
    const s = server({
      [`PUT ${base}/members/${sam.id}/role`]: (req) => ({ body: { ...sam, role: (req.body as { role: "manager" }).role } }),
      [`PUT ${base}/members/${sam.id}/status`]: { body: { ...sam, status: "suspended" } },
    });
    renderSignedIn(<TeamMembersPage />, { path: "/team/members" });
    await screen.findByRole("table", { name: "Members" });
    await userEvent.click(screen.getByRole("combobox", { name: "Role of Sam Seller" }));
    await userEvent.click(await screen.findByRole("option", { name: "Manager" }));
    await waitFor(() => expect(s.to("PUT", `${base}/members/${sam.id}/role`)[0]?.body).toEqual({ role: "manager" }));
    await userEvent.click(screen.getByRole("button", { name: "Actions for Sam Seller" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Suspend" }));
    await waitFor(() => expect(s.to("PUT", `${base}/members/${sam.id}/status`)[0]?.body).toEqual({ status: "suspended" }));
  });

  it("asks before removing and shows the server's refusal for the last admin", async () => {
    const s = server({
      [`DELETE ${base}/members/${sam.id}`]: {
        status: 409,
        body: { code: "LAST_ADMIN", detail: "A workspace must keep at least one active administrator" },
      },
    });
    renderSignedIn(<TeamMembersPage />, { path: "/team/members" });
    await screen.findByRole("table", { name: "Members" });
    await userEvent.click(screen.getByRole("button", { name: "Actions for Sam Seller" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Remove from workspace" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove this member?" });
    expect(s.to("DELETE", `${base}/members/${sam.id}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await within(dialog).findByText("A workspace must keep at least one active administrator")).toBeTruthy();
  });

  it("resends and cancels a pending invitation", async () => {
    const pending = invite({ email: "pending@example.com" });
    const s = server({
      [`GET ${base}/invites`]: { body: [pending] },
      [`POST ${base}/invites/${pending.id}/resend`]: { body: { ...pending, send_count: 2 } },
      [`DELETE ${base}/invites/${pending.id}`]: { body: { ...pending, status: "cancelled" } },
    });
    renderSignedIn(<TeamMembersPage />, { path: "/team/members" });
    await userEvent.click(await screen.findByRole("button", { name: "Resend invitation to pending@example.com" }));
    await waitFor(() => expect(s.to("POST", `${base}/invites/${pending.id}/resend`)).toHaveLength(1));
    await userEvent.click(screen.getByRole("button", { name: "Cancel invitation to pending@example.com" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this invitation?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel invitation" }));
    await waitFor(() => expect(s.to("DELETE", `${base}/invites/${pending.id}`)).toHaveLength(1));
  });

  it("hides invite, role and removal actions from a viewer", async () => {
    const viewer = me({ id: SELF.user.id, role: "viewer", permissions: ["campaigns:read", "leads:read"] });
    const s = server({}, viewer);
    renderSignedIn(<TeamMembersPage />, { path: "/team/members" });
    await screen.findByRole("table", { name: "Members" });
    expect(screen.queryByRole("button", { name: "Invite member" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Role of Sam Seller" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Actions for Sam Seller" })).toBeNull();
    // Invitations need team:read: not asked for.
    expect(s.to("GET", `${base}/invites`)).toHaveLength(0);
  });

  it("says how to get members when the user is alone", async () => {
    server({ [`GET ${base}/members`]: memberPage([SELF]), [`GET ${base}/invites`]: { body: [] } });
    renderSignedIn(<TeamMembersPage />, { path: "/team/members" });
    expect(await screen.findByText("You are the only member")).toBeTruthy();
    expect(screen.getByText(/Invite colleagues by email/)).toBeTruthy();
  });

  it("offers no changes in an archived workspace and says how to restore it", async () => {
    server({ "GET /api/v1/workspaces": { body: [workspace({ archived_at: "2026-03-01T00:00:00.000Z" })] } });
    renderSignedIn(
      <WorkspaceProvider>
        <TeamMembersPage />
      </WorkspaceProvider>,
      { path: "/team/members" },
    );
    expect(await screen.findByText(/This workspace is archived: restore it on the Workspaces page/)).toBeTruthy();
    await screen.findByRole("table", { name: "Members" });
    expect(screen.queryByRole("button", { name: "Invite member" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Role of Sam Seller" })).toBeNull();
    // Still readable: the invitations are listed, without resend or cancel.
    expect(await screen.findByText("pending@example.com")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Resend invitation to pending@example.com" })).toBeNull();
  });

  it("shows more invitations on request (pending first, 50 at a time)", async () => {
    const many = Array.from({ length: 60 }, (_, i) => invite({ email: `p${i}@example.com` }));
    const s = server({ [`GET ${base}/invites`]: (req) => ({ body: many.slice(0, Number(req.query.get("limit"))) }) });
    renderSignedIn(<TeamMembersPage />, { path: "/team/members" });
    expect(await screen.findByText("p49@example.com")).toBeTruthy();
    expect(screen.queryByText("p50@example.com")).toBeNull();
    expect(screen.getByText(/^50\+ open\./)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Show more invitations" }));
    expect(await screen.findByText("p59@example.com")).toBeTruthy();
    expect(s.to("GET", `${base}/invites`).map((c) => c.query.get("limit"))).toEqual(["50", "100"]);
    expect(screen.queryByRole("button", { name: "Show more invitations" })).toBeNull();
  });
});
