import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, type Route, renderSignedIn, uuid } from "../../../test/kit.ts";
import { domain, member, memberPage, SELF, WS_ID, workspace } from "../test/team-builders.ts";
import TeamWorkspacesPage from "./team-workspaces-page.tsx";

afterEach(() => vi.unstubAllGlobals());

const acme = workspace();
const lab = workspace({
  id: uuid(700),
  name: "Lab",
  is_default: false,
  role: "admin",
  owner_id: ME.id,
  member_count: 3,
  archived_at: "2026-03-01T00:00:00.000Z",
});
const sales = workspace({ id: uuid(701), name: "Sales EU", is_default: false, role: "viewer", owner_id: uuid(5) });

function server(extra: Record<string, Route> = {}) {
  return mockServer({
    "GET /api/auth/me": { body: ME },
    "GET /api/v1/workspaces": { body: [acme, lab, sales] },
    [`GET /api/v1/workspaces/${WS_ID}/domains`]: { body: [] },
    ...extra,
  });
}

describe("/team/workspaces", { timeout: 30_000 }, () => {
  it("lists the workspaces with the caller's role, members, default, archived and current", async () => {
    server();
    renderSignedIn(<TeamWorkspacesPage />, { path: "/team/workspaces" });
    expect(await screen.findByText("Which workspaces do I belong to, and how are they set up?")).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Your workspaces" });
    const acmeRow = within(table).getByText("Acme", { selector: "span" }).closest("tr")!;
    expect(within(acmeRow).getByText("Current")).toBeTruthy();
    expect(within(acmeRow).getByText("Default")).toBeTruthy();
    expect(within(acmeRow).getByText("Administrator")).toBeTruthy();
    const labRow = within(table).getByText("Lab").closest("tr")!;
    expect(within(labRow).getByText("Archived (read-only)")).toBeTruthy();
    expect(within(labRow).getByText("3 / 10")).toBeTruthy();
    expect(within(within(table).getByText("Sales EU").closest("tr")!).getByText("Viewer")).toBeTruthy();
  });

  it("offers only what the caller's role there allows: a viewer's workspace has no settings or delete", async () => {
    server();
    renderSignedIn(<TeamWorkspacesPage />, { path: "/team/workspaces" });
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Sales EU" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).queryByRole("menuitem", { name: "Settings" })).toBeNull();
    expect(within(menu).queryByRole("menuitem", { name: /Delete/ })).toBeNull();
    expect(within(menu).queryByRole("menuitem", { name: "Export as JSON" })).toBeNull();
    await userEvent.keyboard("{Escape}");
    await userEvent.click(screen.getByRole("button", { name: "Actions for Lab" }));
    const labMenu = await screen.findByRole("menu");
    expect(within(labMenu).getByRole("menuitem", { name: "Restore" })).toBeTruthy();
    expect(within(labMenu).queryByRole("menuitem", { name: "Archive" })).toBeNull();
  });

  it("creates a workspace, refusing an empty name before sending", async () => {
    const s = server({
      "POST /api/v1/workspaces": (req) => ({ status: 201, body: workspace({ id: uuid(702), name: (req.body as { name: string }).name }) }),
    });
    renderSignedIn(<TeamWorkspacesPage />, { path: "/team/workspaces" });
    await userEvent.click(await screen.findByRole("button", { name: "New workspace" }));
    const dialog = await screen.findByRole("dialog", { name: "Create a workspace" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Create workspace" }));
    expect(within(dialog).getByText("Enter a workspace name")).toBeTruthy();
    expect(s.to("POST", "/api/v1/workspaces")).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Name/), "Outbound");
    await userEvent.type(within(dialog).getByLabelText("Description"), "Cold outreach team");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create workspace" }));
    await waitFor(() => expect(s.to("POST", "/api/v1/workspaces")).toHaveLength(1));
    expect(s.to("POST", "/api/v1/workspaces")[0]!.body).toMatchObject({
      name: "Outbound",
      settings: { description: "Cold outreach team", allow_domain_join: false },
    });
    expect(await screen.findByText(/Workspace "Outbound" created/)).toBeTruthy();
  });

  it("deletes only after the name is typed, and shows the server's refusal", async () => {
    const s = server({
      [`DELETE /api/v1/workspaces/${lab.id}`]: {
        status: 409,
        body: { code: "WORKSPACE_ARCHIVED", detail: "This workspace is archived: restore it to make changes" },
      },
    });
    renderSignedIn(<TeamWorkspacesPage />, { path: "/team/workspaces" });
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Lab" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Lab?" });
    const confirm = within(dialog).getByRole("button", { name: "Delete for good" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Type "Lab" to confirm'), "Lab");
    expect(confirm.disabled).toBe(false);
    await userEvent.click(confirm);
    expect(await within(dialog).findByText("This workspace is archived: restore it to make changes")).toBeTruthy();
    expect(s.to("DELETE", `/api/v1/workspaces/${lab.id}`)).toHaveLength(1);
  });

  it("does not offer deleting the default workspace", async () => {
    server();
    renderSignedIn(<TeamWorkspacesPage />, { path: "/team/workspaces" });
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Acme" }));
    const item = await screen.findByRole("menuitem", { name: /the default workspace cannot be deleted/ });
    expect(item.getAttribute("aria-disabled")).toBe("true");
  });

  it("transfers ownership to an active member", async () => {
    const sam = member({ user: { full_name: "Sam Seller", email: "sam@example.com" } });
    const s = server({
      [`GET /api/v1/workspaces/${WS_ID}/members`]: memberPage([SELF, sam]),
      [`POST /api/v1/workspaces/${WS_ID}/transfer`]: { body: workspace({ owner_id: sam.user.id }) },
    });
    renderSignedIn(<TeamWorkspacesPage />, { path: "/team/workspaces" });
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Acme" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Transfer ownership" }));
    const dialog = await screen.findByRole("dialog", { name: "Transfer ownership of Acme" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Transfer" }));
    expect(within(dialog).getByText("Choose the new owner")).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByRole("combobox") as HTMLElement).getAttribute("aria-disabled")).not.toBe("true"));
    await userEvent.click(within(dialog).getByRole("combobox"));
    await userEvent.click(await screen.findByRole("option", { name: /Sam Seller/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Transfer" }));
    await waitFor(() => expect(s.to("POST", `/api/v1/workspaces/${WS_ID}/transfer`)[0]?.body).toEqual({ newOwnerId: sam.user.id }));
  });

  it("verifies a domain: shows the exact record, then the check's result in plain words", async () => {
    const pending = domain();
    let list = [] as (typeof pending)[];
    const s = server({
      [`GET /api/v1/workspaces/${WS_ID}/domains`]: () => ({ body: list }),
      [`POST /api/v1/workspaces/${WS_ID}/domain/verify`]: () => {
        list = [pending];
        return { status: 201, body: pending };
      },
      [`GET /api/v1/workspaces/${WS_ID}/domain/verify/${pending.id}`]: () => {
        list = [
          {
            ...pending,
            status: "failed",
            last_checked_at: new Date().toISOString(),
            last_error: "No TXT record with the token was found at acme.test",
          },
        ];
        return { body: list[0]! };
      },
    });
    renderSignedIn(<TeamWorkspacesPage />, { path: "/team/workspaces" });
    expect(await screen.findByText("No domain yet. Add one below.")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Domain"), "acme.test");
    await userEvent.click(screen.getByRole("button", { name: "Add domain" }));
    await waitFor(() =>
      expect(s.to("POST", `/api/v1/workspaces/${WS_ID}/domain/verify`)[0]?.body).toEqual({ domain: "acme.test", method: "dns" }),
    );
    const panel = await screen.findByRole("region", { name: "Domain acme.test" });
    expect(within(panel).getByText("prospector-verification=tok123")).toBeTruthy();
    expect(within(panel).getByRole("button", { name: "Copy value" })).toBeTruthy();
    expect(within(panel).getByText("Not checked yet: publish the record, then press Check now.")).toBeTruthy();
    await userEvent.click(within(panel).getByRole("button", { name: "Check now" }));
    expect(
      await within(panel).findByText(/No TXT record with the token was found at acme.test/, { selector: "[role=status]" }),
    ).toBeTruthy();
    expect(within(panel).getByText("Not found")).toBeTruthy();
  });

  it("refuses a free mail domain with the server's reason under the field", async () => {
    server({
      [`POST /api/v1/workspaces/${WS_ID}/domain/verify`]: {
        status: 422,
        body: { code: "DOMAIN_FREE_MAIL", detail: "A free email provider's domain cannot be verified: people from anywhere use it" },
      },
    });
    renderSignedIn(<TeamWorkspacesPage />, { path: "/team/workspaces" });
    await userEvent.type(await screen.findByLabelText("Domain"), "gmail.com");
    await userEvent.click(screen.getByRole("button", { name: "Add domain" }));
    expect(await screen.findByText("A free email provider's domain cannot be verified: people from anywhere use it")).toBeTruthy();
  });

  it("saves settings, refusing a member limit out of range before sending", async () => {
    const s = server({
      [`PUT /api/v1/workspaces/${WS_ID}`]: (req) => ({ body: workspace({ name: (req.body as { name: string }).name }) }),
    });
    renderSignedIn(<TeamWorkspacesPage />, { path: "/team/workspaces" });
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Acme" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Settings" }));
    const dialog = await screen.findByRole("dialog", { name: "Settings of Acme" });
    const limit = within(dialog).getByLabelText("Member limit");
    await userEvent.clear(limit);
    await userEvent.type(limit, "0");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("A whole number from 1 to 500")).toBeTruthy();
    expect(s.to("PUT", `/api/v1/workspaces/${WS_ID}`)).toHaveLength(0);
    await userEvent.clear(limit);
    await userEvent.type(limit, "25");
    await userEvent.click(within(dialog).getByLabelText("Let people with a verified email domain join when they sign up"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(s.to("PUT", `/api/v1/workspaces/${WS_ID}`)).toHaveLength(1));
    expect(s.to("PUT", `/api/v1/workspaces/${WS_ID}`)[0]!.body).toMatchObject({
      name: "Acme",
      settings: { max_members: 25, allow_domain_join: true, domain_join_role: "viewer", timezone: "UTC" },
    });
  });

  it("clones with a new name and, when asked, the leads", async () => {
    const s = server({
      [`POST /api/v1/workspaces/${WS_ID}/clone`]: (req) => ({
        status: 201,
        body: workspace({ id: uuid(703), name: (req.body as { name: string }).name }),
      }),
    });
    renderSignedIn(<TeamWorkspacesPage />, { path: "/team/workspaces" });
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Acme" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Clone" }));
    const dialog = await screen.findByRole("dialog", { name: "Clone Acme" });
    const name = within(dialog).getByLabelText(/Name of the copy/);
    expect((name as HTMLInputElement).value).toBe("Acme (copy)");
    await userEvent.clear(name);
    await userEvent.type(name, "Acme Sandbox");
    await userEvent.click(within(dialog).getByLabelText("Copy the leads too"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Clone" }));
    await waitFor(() =>
      expect(s.to("POST", `/api/v1/workspaces/${WS_ID}/clone`)[0]?.body).toEqual({ name: "Acme Sandbox", include_leads: true }),
    );
    expect(await screen.findByText('"Acme Sandbox" created from Acme')).toBeTruthy();
  });

  it("exports a workspace as a JSON download", async () => {
    const created: Blob[] = [];
    // jsdom has no object URLs: keep what the page hands to the download link.
    const createObjectURL = (b: Blob) => {
      created.push(b);
      return "blob:export";
    };
    Object.defineProperty(URL, "createObjectURL", { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, "revokeObjectURL", { value: () => {}, configurable: true });
    const s = server({ [`GET /api/v1/workspaces/${WS_ID}/export`]: { body: { workspace: { name: "Acme" } } } });
    renderSignedIn(<TeamWorkspacesPage />, { path: "/team/workspaces" });
    await userEvent.click(await screen.findByRole("button", { name: "Actions for Acme" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Export as JSON" }));
    expect(await screen.findByText("Acme exported")).toBeTruthy();
    expect(s.to("GET", `/api/v1/workspaces/${WS_ID}/export`)[0]!.query.get("format")).toBe("json");
    expect(JSON.parse(await created[0]!.text())).toEqual({ workspace: { name: "Acme" } });
  });
});
