import { Button } from "@mui/material";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import CampaignsPage from "../../features/campaigns/pages/campaigns-page.tsx";
import LeadsPage from "../../features/leads/pages/leads-page.tsx";
import { lead, listBody, ME, me, mockServer, renderSignedIn } from "../../test/kit.ts";
import { Can } from "./can.tsx";
import { PermissionGate } from "./gated.tsx";
import { StaticPermissionProvider } from "./permission-provider.tsx";

afterEach(() => vi.unstubAllGlobals());

const HEAVY_RENDER_MS = 60_000;

describe("<Can> and PermissionGate", () => {
  it("<Can> shows its children for any or all of a list, else the fallback", async () => {
    mockServer({ "GET /api/auth/me": { body: ME } });
    renderSignedIn(
      <StaticPermissionProvider permissions={["leads:*", "!leads:delete"]}>
        <Can permission="leads:create">
          <p>create</p>
        </Can>
        <Can permission="leads:delete" fallback={<p>no delete</p>}>
          <p>delete</p>
        </Can>
        <Can permission={["campaigns:read", "leads:read"]}>
          <p>any</p>
        </Can>
        <Can permission={["campaigns:read", "leads:read"]} all fallback={<p>not all</p>}>
          <p>all</p>
        </Can>
      </StaticPermissionProvider>,
      { path: "/" },
    );
    expect(await screen.findByText("create")).toBeTruthy();
    expect(screen.getByText("no delete")).toBeTruthy();
    expect(screen.queryByText("delete")).toBeNull();
    expect(screen.getByText("any")).toBeTruthy();
    expect(screen.getByText("not all")).toBeTruthy();
  });

  it("disables a control the role may not use, with a tooltip naming the permission, or hides it", async () => {
    mockServer({ "GET /api/auth/me": { body: ME } });
    const clicked = vi.fn();
    renderSignedIn(
      <StaticPermissionProvider permissions={["leads:read"]}>
        <PermissionGate permission="leads:create">
          <Button onClick={clicked}>New lead</Button>
        </PermissionGate>
        <PermissionGate permission="leads:delete" hide>
          <Button>Delete</Button>
        </PermissionGate>
        <PermissionGate permission="leads:read">
          <Button>Export</Button>
        </PermissionGate>
      </StaticPermissionProvider>,
      { path: "/" },
    );
    const create = screen.getByRole("button", { name: "New lead" }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.click(create);
    expect(clicked).not.toHaveBeenCalled();
    await userEvent.hover(create.parentElement!);
    expect((await screen.findByRole("tooltip")).textContent).toBe("Requires the leads:create permission");
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    expect((screen.getByRole("button", { name: "Export" }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("gated buttons on the main pages", { timeout: HEAVY_RENDER_MS }, () => {
  it("leads: a viewer sees New lead and Import CSV disabled; a sales rep with leads:create can use them", async () => {
    const server = {
      "GET /api/auth/me": { body: me({ role: "viewer", permissions: ["leads:read"] }) },
      "GET /api/leads/": { body: [lead()], headers: { "x-total-count": "1" } },
    };
    mockServer(server);
    const view = renderSignedIn(
      <StaticPermissionProvider permissions={["leads:read"]}>
        <LeadsPage />
      </StaticPermissionProvider>,
      { path: "/leads" },
    );
    await waitFor(() => expect((screen.getByRole("button", { name: "New lead" }) as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByRole("button", { name: "Import CSV" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Merge duplicates" })).toBeNull();
    view.unmount();

    mockServer(server);
    renderSignedIn(
      <StaticPermissionProvider permissions={["leads:read", "leads:create", "leads:update"]}>
        <LeadsPage />
      </StaticPermissionProvider>,
      { path: "/leads" },
    );
    await waitFor(() => expect((screen.getByRole("button", { name: "New lead" }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByRole("button", { name: "Merge duplicates" })).toBeTruthy();
  });

  it("campaigns: New campaign is disabled without campaigns:create, even under a wildcard allow with a deny", async () => {
    mockServer({
      "GET /api/auth/me": { body: ME },
      "GET /api/campaigns/": { body: listBody([]) },
    });
    renderSignedIn(
      <StaticPermissionProvider permissions={["campaigns:*", "!campaigns:create"]}>
        <CampaignsPage />
      </StaticPermissionProvider>,
      { path: "/campaigns" },
    );
    const link = await screen.findByRole("link", { name: "New campaign" });
    expect(link.getAttribute("aria-disabled")).toBe("true");
    expect(link.closest("[data-permission]")?.getAttribute("data-permission")).toBe("campaigns:create");
  });
});
