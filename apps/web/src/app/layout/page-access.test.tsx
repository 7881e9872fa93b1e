import { ThemeProvider } from "@mui/material/styles";
import type { AccessRequest } from "@prospector/contracts";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../lib/api-client.ts";
import { tokenStore } from "../../lib/storage.ts";
import { ME, me, mockServer } from "../../test/kit.ts";
import { ToastProvider } from "../../ui/toast/toast-provider.tsx";
import { extendedUser, Shell, stubSocket, workspace } from "../permissions/permissions.test-kit.tsx";
import { createQueryClient } from "../query-client.ts";
import { createAppTheme } from "../theme.ts";
import { PageAccess, WorkspaceBanners } from "./page-access.tsx";

/** A page whose list the server refuses: 403 naming the permission. */
function LeadsPage() {
  const q = useQuery({ queryKey: ["leads", "list"], queryFn: () => api.get("/leads/") });
  return (
    <div>
      <h2>Leads page</h2>
      {q.isError && <p>list failed</p>}
      <Link to="/dashboard">to dashboard</Link>
    </div>
  );
}

function renderApp(at: string) {
  tokenStore.set("test-token", { remember: true });
  const router = createMemoryRouter(
    [
      {
        element: (
          <Shell>
            <WorkspaceBanners />
            <PageAccess />
          </Shell>
        ),
        children: [
          { path: "/leads", element: <LeadsPage /> },
          { path: "/crm", element: <h2>CRM page</h2> },
          { path: "/dashboard", element: <h2>Dashboard page</h2> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider theme={createAppTheme("dark")}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const accessRequest = (over: Partial<AccessRequest> = {}): AccessRequest => ({
  id: "018f0000-0000-7000-8000-0000000000aa",
  user_id: ME.id,
  resource: "leads",
  action: "read",
  resource_id: null,
  reason: null,
  status: "pending",
  decided_by: null,
  decided_at: null,
  decision_note: null,
  created_at: "2026-03-01T00:00:00.000Z",
  ...over,
});

const denied = {
  status: 403,
  body: { detail: "You do not have permission to perform this action.", code: "FORBIDDEN", requiredPermission: "leads:read" },
};

beforeEach(() => stubSocket());
afterEach(() => vi.unstubAllGlobals());

describe("403 → Request access", () => {
  it("a refused request shows the permission it needed and files an access request", async () => {
    const server = mockServer({
      "GET /api/auth/me": { body: me({ role: "sales_rep", permissions: ["leads:read"] }) },
      "GET /api/v1/auth/me/extended": { body: extendedUser({ roles: ["sales_rep"], permissions: ["leads:read"] }) },
      "GET /api/v1/workspaces": { body: [workspace({ id: ME.workspace.id })] },
      "GET /api/leads/": denied,
      "POST /api/v1/rbac/access-requests": { status: 201, body: accessRequest() },
    });
    renderApp("/leads");
    await screen.findByText("list failed");
    const banner = await screen.findByTestId("access-denied");
    expect(banner.textContent).toContain("Part of this page is hidden");
    expect(banner.textContent).toContain("leads:read");

    fireEvent.click(screen.getByRole("button", { name: "Request access" }));
    expect(await screen.findByText("Request sent")).toBeTruthy();
    expect(server.to("POST", "/api/v1/rbac/access-requests").map((r) => r.body)).toEqual([{ resource: "leads", action: "read" }]);

    // The refusal belongs to that page.
    act(() => fireEvent.click(screen.getByText("to dashboard")));
    await screen.findByText("Dashboard page");
    expect(screen.queryByTestId("access-denied")).toBeNull();
  });

  it("says why when the access request fails", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/v1/auth/me/extended": { body: extendedUser({ permissions: ["leads:read"] }) },
      "GET /api/v1/workspaces": { body: [workspace({ id: ME.workspace.id })] },
      "GET /api/leads/": denied,
      "POST /api/v1/rbac/access-requests": {
        status: 429,
        body: { detail: "Rate limit exceeded", code: "RATE_LIMITED" },
      },
    });
    renderApp("/leads");
    fireEvent.click(await screen.findByRole("button", { name: "Request access" }));
    await waitFor(() => expect(screen.getByTestId("access-denied").textContent).toContain("Rate limit exceeded"));
    expect(screen.queryByText("Request sent")).toBeNull();
  });

  it("a page the role may not open shows AccessDenied in its place", async () => {
    mockServer({
      "GET /api/auth/me": { body: me({ role: "viewer", permissions: ["leads:read"] }) },
      "GET /api/v1/auth/me/extended": { body: extendedUser({ roles: ["viewer"], permissions: ["leads:read", "!crm:*"] }) },
      "GET /api/v1/workspaces": { body: [workspace({ id: ME.workspace.id })] },
    });
    renderApp("/crm");
    expect(await screen.findByText("You don't have access to this page")).toBeTruthy();
    expect(screen.getByTestId("access-denied").textContent).toContain("crm:read");
    expect(screen.queryByText("CRM page")).toBeNull();
    expect(screen.getByRole("button", { name: "Request access" })).toBeTruthy();
  });

  it("a page the role may open renders as usual", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/v1/auth/me/extended": { body: extendedUser({ roles: ["admin"], permissions: ["*:*"] }) },
      "GET /api/v1/workspaces": { body: [workspace({ id: ME.workspace.id })] },
    });
    renderApp("/crm");
    expect(await screen.findByText("CRM page")).toBeTruthy();
    expect(screen.queryByTestId("access-denied")).toBeNull();
  });
});
