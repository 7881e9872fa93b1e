import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tokenStore } from "../../lib/storage.ts";
import { lead, ME, me, mockServer, uuid } from "../../test/kit.ts";
import { activeItem } from "../layout/nav-items.ts";
import { availableSources, SearchDialog, useSearchHotkey } from "./search-dialog.tsx";
import { SEARCH_SOURCES } from "./search-sources.ts";

function Harness() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useSearchHotkey(() => setOpen(true));
  return (
    <>
      <div data-testid="location">{`${location.pathname}${location.search}`}</div>
      <SearchDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function renderHarness() {
  tokenStore.set("test-token", { remember: true });
  const router = createMemoryRouter([{ path: "*", element: <Harness /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("SearchDialog", () => {
  it("opens on Ctrl+K, waits 300 ms, and says so honestly when nothing can be found", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const api = mockServer({ "GET /api/auth/me": { body: ME } });
    localStorage.setItem("recentSearches", JSON.stringify(["one", "two", "three", "four", "five", "six"]));
    renderHarness();
    await waitFor(() => expect(api.to("GET", "/api/auth/me")).toHaveLength(1));
    vi.useFakeTimers();
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.keyDown(window, { key: "k", ctrlKey: true });
    expect(screen.getByRole("dialog", { name: "Search" })).toBeTruthy();
    // Five recent searches of the six stored.
    expect(screen.getByText("five")).toBeTruthy();
    expect(screen.queryByText("six")).toBeNull();
    fireEvent.change(screen.getByLabelText("Search query"), { target: { value: "acme" } });
    await act(async () => vi.advanceTimersByTime(299));
    expect(screen.queryByText("No results found")).toBeNull();
    expect(api.calls.filter((c) => c.path !== "/api/auth/me")).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1));
    await act(async () => vi.advanceTimersByTime(10));
    expect(screen.getByText("No results found")).toBeTruthy();
    expect(screen.getByText("Try searching for leads, campaigns, customers, or deals")).toBeTruthy();
    // Every source whose page this build has, once each, with search and limit=5.
    const asked = api.calls.filter((c) => c.path !== "/api/auth/me");
    expect(asked.map((c) => c.path).sort()).toEqual(
      SEARCH_SOURCES.filter((s) => activeItem(s.page))
        .map((s) => `/api${s.path}`)
        .sort(),
    );
    expect(asked.every((c) => c.query.get("search") === "acme" && c.query.get("limit") === "5")).toBe(true);
    // Escape closes it.
    fireEvent.keyDown(screen.getByLabelText("Search query"), { key: "Escape" });
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens the highlighted result with the arrows and Enter and remembers the search", async () => {
    const ada = lead({ id: uuid(41), first_name: "Ada", last_name: "Lovelace", company_name: "Analytical" });
    const adam = lead({ id: uuid(42), first_name: "Adam", last_name: "Smith", company_name: "Wealth" });
    mockServer({ "GET /api/auth/me": { body: ME }, "GET /api/leads/": { body: [adam, ada] } });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderHarness();
    fireEvent.keyDown(window, { key: "k", metaKey: true });
    const input = screen.getByLabelText("Search query");
    fireEvent.change(input, { target: { value: "ada" } });
    const options = await screen.findAllByRole("option");
    // "Ada Lovelace" starts with the query like "Adam Smith": alphabetical between them.
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining("Ada Lovelace"), expect.stringContaining("Adam Smith")]);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(screen.getByTestId("location").textContent).toBe(`/leads?selected=${adam.id}`);
    expect(JSON.parse(localStorage.getItem("recentSearches")!)).toEqual(["ada"]);
  });

  it("asks only the sources this user may open", () => {
    const reader = me({ role: "viewer", permissions: ["leads:read"] });
    expect(availableSources(reader).map((s) => s.type)).toEqual(["lead"]);
    expect(availableSources(null)).toEqual([]);
    expect(availableSources(ME).map((s) => s.type)).toEqual(SEARCH_SOURCES.filter((s) => activeItem(s.page)).map((s) => s.type));
  });
});
