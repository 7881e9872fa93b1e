import { act, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorFallback } from "../components/error-fallback.tsx";
import NotFoundPage from "./not-found-page.tsx";

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/", element: <p>Home page</p> },
      { path: "*", element: <NotFoundPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("404 screen", () => {
  afterEach(() => vi.useRealTimers());

  it("shows the spec's texts and goes home after 5 seconds", () => {
    vi.useFakeTimers();
    const router = renderAt("/no/such/page");
    expect(screen.getByText("404")).toBeTruthy();
    expect(screen.getByText("Page Not Found")).toBeTruthy();
    expect(
      screen.getByText("The page you're looking for doesn't exist. You'll be redirected to the home page in a few seconds."),
    ).toBeTruthy();
    act(() => vi.advanceTimersByTime(4999));
    expect(router.state.location.pathname).toBe("/no/such/page");
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByText("Home page")).toBeTruthy();
  });

  it("Go to Home leaves at once", () => {
    const router = renderAt("/missing");
    fireEvent.click(screen.getByRole("button", { name: "Go to Home" }));
    expect(router.state.location.pathname).toBe("/");
  });
});

describe("error fallback", () => {
  it("shows the spec's texts and reloads at / from Go to Home", () => {
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign } as Location);
    render(<ErrorFallback />);
    expect(screen.getByText("Something went wrong")).toBeTruthy();
    expect(screen.getByText("We encountered an unexpected error. The issue has been logged.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Go to Home" }));
    expect(assign).toHaveBeenCalledWith("/");
    vi.restoreAllMocks();
  });
});
