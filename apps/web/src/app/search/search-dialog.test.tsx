import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockServer } from "../../test/kit.ts";
import { SearchDialog, useSearchHotkey } from "./search-dialog.tsx";

function Harness() {
  const [open, setOpen] = useState(false);
  useSearchHotkey(() => setOpen(true));
  return <SearchDialog open={open} onClose={() => setOpen(false)} />;
}

function renderHarness() {
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
    vi.useFakeTimers();
    const api = mockServer({});
    localStorage.setItem("recentSearches", JSON.stringify(["one", "two", "three", "four", "five", "six"]));
    renderHarness();
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.keyDown(window, { key: "k", ctrlKey: true });
    expect(screen.getByRole("dialog")).toBeTruthy();
    // Five recent searches of the six stored.
    expect(screen.getByText("five")).toBeTruthy();
    expect(screen.queryByText("six")).toBeNull();
    fireEvent.change(screen.getByLabelText("Search query"), { target: { value: "acme" } });
    await act(async () => vi.advanceTimersByTime(299));
    expect(screen.queryByText("No results found")).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    await act(async () => vi.advanceTimersByTime(10));
    expect(screen.getByText("No results found")).toBeTruthy();
    expect(screen.getByText("Try searching for leads, campaigns, customers, or deals")).toBeTruthy();
    // Only the sources whose page exists in this build are asked (leads and campaigns so far).
    const asked = api.calls.map((c) => c.path).sort();
    expect(asked).toEqual(["/api/campaigns/", "/api/leads/"]);
  });
});
