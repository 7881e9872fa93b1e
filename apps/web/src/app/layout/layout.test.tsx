import type { Me } from "@prospector/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useCallback, useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockServer } from "../../test/kit.ts";
import { ThemeModeProvider } from "../theme-mode-provider.tsx";
import { activeItem, type NavSection, pageTitle, permits, visibleSections } from "./nav-items.ts";
import { shouldFade } from "./page-transition.tsx";
import { SideNav } from "./side-nav.tsx";
import { LazySearchDialog, useSearchShortcut } from "./top-bar.tsx";
import { isOpenSwipe } from "./use-edge-swipe.ts";

const user = (over: Partial<Me> = {}): Me => ({
  id: "u1",
  email: "ada@example.com",
  full_name: "Ada Lovelace",
  image: null,
  email_verified: true,
  is_active: true,
  is_instance_admin: false,
  role: "sales_rep",
  role_label: "Sales Representative",
  permissions: ["leads:read"],
  organization: { id: "o1", name: "Acme", plan: "starter" },
  workspace: { id: "w1", name: "Default" },
  created_at: "2026-01-01T00:00:00Z",
  ...over,
});

describe("navigation list", () => {
  it("hides admin-only entries and empty groups from other users", () => {
    const ids = (u: Me) => visibleSections(u).flatMap((s) => s.items.map((i) => i.path));
    expect(ids(user())).not.toContain("/mailbox");
    expect(visibleSections(user()).map((s) => s.id)).not.toContain("administration");
    expect(ids(user({ is_instance_admin: true }))).toContain("/mailbox");
  });

  it("filters by permission with wildcards", () => {
    const sections: NavSection[] = [
      { id: "s", label: "S", items: [{ path: "/leads", label: "Leads", icon: (() => null) as never, permission: "leads:read" }] },
    ];
    expect(visibleSections(user({ permissions: ["campaigns:*"] }), sections)).toEqual([]);
    expect(visibleSections(user({ permissions: ["*:*"] }), sections)).toHaveLength(1);
    expect(permits(["leads:*"], "leads:delete")).toBe(true);
    expect(permits(["leads:read"], "leads:delete")).toBe(false);
  });

  it("titles pages by path, including sub-paths", () => {
    expect(pageTitle("/dashboard")).toBe("Dashboard");
    expect(pageTitle("/mailbox")).toBe("Local Mailbox");
    expect(pageTitle("/settings/profile")).toBe("Profile");
    expect(activeItem("/notifications/extra")?.path).toBe("/notifications");
    expect(pageTitle("/nowhere")).toBe("Prospector");
  });
});

describe("SideNav", () => {
  afterEach(() => vi.useRealTimers());

  it("shows a skeleton for 600 ms, then the entries; groups collapse and expand", () => {
    vi.useFakeTimers();
    const router = createMemoryRouter(
      [{ path: "*", element: <SideNav user={user({ is_instance_admin: true })} collapsed={false} onToggleCollapsed={() => {}} /> }],
      { initialEntries: ["/mailbox"] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ThemeModeProvider>
          <RouterProvider router={router} />
        </ThemeModeProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId("nav-skeleton")).toBeTruthy();
    expect(screen.queryByText("Dashboard")).toBeNull();
    act(() => vi.advanceTimersByTime(599));
    expect(screen.getByTestId("nav-skeleton")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("nav-skeleton")).toBeNull();
    expect(screen.getByRole("link", { name: "Local Mailbox" }).getAttribute("aria-current")).toBe("page");
    const group = screen.getByRole("button", { name: "Administration" });
    expect(group.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(group);
    expect(group.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(group);
    expect(group.getAttribute("aria-expanded")).toBe("true");
  });
});

describe("SideNav in the phone drawer", () => {
  it("shows its entries at once when mounted without the skeleton", () => {
    const router = createMemoryRouter([{ path: "*", element: <SideNav user={user()} collapsed={false} skeleton={false} /> }], {
      initialEntries: ["/leads"],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ThemeModeProvider>
          <RouterProvider router={router} />
        </ThemeModeProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId("nav-skeleton")).toBeNull();
    expect(screen.getByRole("link", { name: "Leads" }).getAttribute("aria-current")).toBe("page");
  });
});

describe("SideNav's AI Activity badge", () => {
  const renderNav = (u: Me) => {
    const router = createMemoryRouter([{ path: "*", element: <SideNav user={u} collapsed={false} skeleton={false} /> }], {
      initialEntries: ["/dashboard"],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ThemeModeProvider>
          <RouterProvider router={router} />
        </ThemeModeProvider>
      </QueryClientProvider>,
    );
  };

  it("shows the unread count inside the AI Activity entry", async () => {
    const s = mockServer({ "GET /api/ai/activity/unread-count": { body: { count: 3, since: null } } });
    renderNav(user({ permissions: ["analytics:read"] }));
    const badge = await screen.findByRole("status", { name: "3 unread AI actions" });
    expect(badge.textContent).toBe("3");
    expect(screen.getByRole("link", { name: /AI Activity/ }).contains(badge)).toBe(true);
    expect(s.to("GET", "/api/ai/activity/unread-count")).toHaveLength(1);
  });

  it("hides the badge at 0 and does not ask without analytics:read", async () => {
    const s = mockServer({ "GET /api/ai/activity/unread-count": { body: { count: 0, since: "2026-11-01T00:00:00.000Z" } } });
    renderNav(user({ permissions: ["analytics:read"] }));
    await waitFor(() => expect(s.to("GET", "/api/ai/activity/unread-count")).toHaveLength(1));
    expect(screen.getByRole("link", { name: "AI Activity" })).toBeTruthy();
    expect(screen.queryByRole("status", { name: /unread AI actions/ })).toBeNull();
    const other = mockServer({ "GET /api/ai/activity/unread-count": { body: { count: 120, since: null } } });
    renderNav(user({ permissions: ["leads:read"] }));
    expect(screen.getAllByRole("link", { name: "Leads" }).length).toBeGreaterThan(0);
    expect(other.to("GET", "/api/ai/activity/unread-count")).toHaveLength(0);
  });
});

/** The shell's search wiring as app-layout has it: the shortcut opens the lazily loaded dialog. */
function SearchHarness() {
  const [open, setOpen] = useState(false);
  const openSearch = useCallback(() => setOpen(true), []);
  useSearchShortcut(openSearch);
  return <LazySearchDialog open={open} onClose={() => setOpen(false)} />;
}

describe("search from the top bar", () => {
  it("loads the dialog on the first Ctrl+K and opens it on that press; nothing is mounted before", async () => {
    mockServer({});
    const router = createMemoryRouter([{ path: "*", element: <SearchHarness /> }], { initialEntries: ["/dashboard"] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ThemeModeProvider>
          <RouterProvider router={router} />
        </ThemeModeProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.keyDown(window, { key: "k", ctrlKey: true });
    expect(await screen.findByRole("dialog", {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.keyDown(window, { key: "K", metaKey: true });
    expect(await screen.findByRole("dialog")).toBeTruthy();
  }, 30_000);
});

describe("shell behaviour rules", () => {
  it("fades between pages except within/into campaigns, crm, settings and into the dashboard", () => {
    expect(shouldFade("/notifications", "/mailbox")).toBe(true);
    expect(shouldFade("/mailbox", "/dashboard")).toBe(false);
    expect(shouldFade("/dashboard", "/campaigns")).toBe(false);
    expect(shouldFade("/campaigns", "/campaigns/1")).toBe(false);
    expect(shouldFade("/crm/deals", "/crm/tasks")).toBe(false);
    expect(shouldFade("/notifications", "/settings/profile")).toBe(false);
    expect(shouldFade("/settings", "/mailbox")).toBe(true);
    expect(shouldFade(null, "/mailbox")).toBe(false);
  });

  it("opens the drawer only for a swipe that starts within 20 px and travels over 50 px", () => {
    expect(isOpenSwipe(10, 61)).toBe(true);
    expect(isOpenSwipe(10, 60)).toBe(false);
    expect(isOpenSwipe(21, 200)).toBe(false);
    expect(isOpenSwipe(20, 71)).toBe(true);
  });
});
