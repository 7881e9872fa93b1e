import { useQuery } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, WORKSPACE_KEY } from "../../lib/api-client.ts";
import { ME, mockServer, renderSignedIn } from "../../test/kit.ts";
import { extendedUser, FakeSocket, Shell, stubSocket, workspace } from "../permissions/permissions.test-kit.tsx";
import { WorkspaceBanners } from "./page-access.tsx";
import { ConnectionStatus, WorkspaceSwitcher } from "./workspace-switcher.tsx";

const home = workspace({ id: ME.workspace.id, name: "Acme", is_default: true, role: "admin" });
const emea = workspace({ name: "EMEA sales", role: "sales_rep" });
const old = workspace({ name: "2025 pilot", role: "viewer", archived_at: "2026-02-01T00:00:00.000Z" });

/** A page's query: it must refetch in the new workspace after a switch. */
function Page() {
  const q = useQuery({ queryKey: ["probe"], queryFn: () => api.get<{ scope: string }>("/probe") });
  return <div data-testid="page">{q.data?.scope ?? "loading"}</div>;
}

function headersOf(fetchMock: ReturnType<typeof mockServer>["fetchMock"], path: string): Array<Record<string, string>> {
  return fetchMock.mock.calls
    .filter(([url]) => new URL(String(url), "http://localhost").pathname === path)
    .map(([, init]) => (init?.headers ?? {}) as Record<string, string>);
}

function render(list: ReturnType<typeof workspace>[] = [home, emea, old]) {
  const server = mockServer({
    "GET /api/auth/me": { body: ME },
    "GET /api/v1/workspaces": { body: list },
    "GET /api/v1/auth/me/extended": { body: extendedUser({ roles: ["admin"], permissions: ["*:*"] }) },
    "GET /api/probe": (req) => ({ body: { scope: `page ${req.path}` } }),
  });
  const view = renderSignedIn(
    <Shell>
      <ConnectionStatus />
      <WorkspaceSwitcher />
      <WorkspaceBanners />
      <Page />
    </Shell>,
    { path: "/" },
  );
  return { ...server, ...view };
}

beforeEach(() => stubSocket());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("WorkspaceSwitcher", () => {
  it("shows the current workspace and lists each with the role held there, archived ones marked", async () => {
    render();
    const button = await screen.findByRole("button", { name: "Workspace: Acme" });
    fireEvent.click(button);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("EMEA sales")).toBeTruthy();
    expect(within(menu).getByText("Sales Representative")).toBeTruthy();
    expect(within(menu).getByText("Viewer · Archived (read-only)")).toBeTruthy();
    expect(within(menu).getByText("Manage workspaces")).toBeTruthy();
  });

  it("switching stores the choice, sends X-Workspace-Id, refetches the page in the new scope and moves the socket", async () => {
    const server = render();
    await screen.findByText("page /api/probe");
    const socket = FakeSocket.latest();
    act(() => socket.open());
    expect(headersOf(server.fetchMock, "/api/probe")[0]!["X-Workspace-Id"]).toBeUndefined();

    fireEvent.click(await screen.findByRole("button", { name: "Workspace: Acme" }));
    fireEvent.click(await screen.findByText("EMEA sales"));

    await screen.findByRole("button", { name: "Workspace: EMEA sales" });
    expect(window.localStorage.getItem(WORKSPACE_KEY)).toBe(emea.id);
    // The page's data was dropped and asked again, this time in the chosen workspace.
    await waitFor(() => expect(headersOf(server.fetchMock, "/api/probe")).toHaveLength(2));
    expect(headersOf(server.fetchMock, "/api/probe")[1]!["X-Workspace-Id"]).toBe(emea.id);
    // Permissions are asked again, once, in the new workspace.
    await waitFor(() => expect(headersOf(server.fetchMock, "/api/v1/auth/me/extended")).toHaveLength(2));
    expect(headersOf(server.fetchMock, "/api/v1/auth/me/extended")[1]!["X-Workspace-Id"]).toBe(emea.id);
    expect(socket.sent.filter((m) => m.type === "workspace.switch")).toEqual([
      { type: "workspace.switch", payload: { workspace_id: emea.id } },
    ]);
    await screen.findByText("page /api/probe");
    expect(headersOf(server.fetchMock, "/api/v1/auth/me/extended")).toHaveLength(2);
  });

  it("an archived workspace shows the read-only banner", async () => {
    window.localStorage.setItem(WORKSPACE_KEY, old.id);
    render();
    expect((await screen.findByTestId("archived-banner")).textContent).toContain("2025 pilot is archived, so it is read-only.");
  });

  it("a stored workspace the user no longer belongs to falls back to the default with a toast", async () => {
    window.localStorage.setItem(WORKSPACE_KEY, "018f0000-0000-7000-8000-00000000dead");
    render();
    expect(await screen.findByText("Workspace not found")).toBeTruthy();
    await screen.findByRole("button", { name: "Workspace: Acme" });
    expect(window.localStorage.getItem(WORKSPACE_KEY)).toBeNull();
  });

  it("says 'Failed to load team data' when the list fails, never sample workspaces", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/v1/workspaces": { status: 500, body: { detail: "Server error occurred. Please try again later.", code: "INTERNAL" } },
    });
    renderSignedIn(
      <Shell>
        <WorkspaceSwitcher />
      </Shell>,
      { path: "/" },
    );
    const button = await screen.findByRole("button", { name: "Workspace: Failed to load team data" });
    fireEvent.click(button);
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .queryAllByRole("menuitem")
        .map((i) => i.textContent),
    ).toEqual(["Failed to load team dataTry again", "Manage workspaces"]);
  });
});

describe("ConnectionStatus", () => {
  it("says 'Offline — reconnecting' while the team socket is down", async () => {
    render();
    await screen.findByText("page /api/probe");
    const socket = FakeSocket.latest();
    act(() => socket.open());
    expect(screen.queryByTestId("connection-status")).toBeNull();
    act(() => socket.drop());
    expect((await screen.findByTestId("connection-status")).textContent).toBe("Offline — reconnecting");
  });
});
