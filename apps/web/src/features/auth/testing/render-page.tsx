/**
 * Component-test helpers for the public pages: the real providers and API client, with fetch
 * replaced by a scripted server so tests see exactly what a user would after each answer.
 */
import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { createQueryClient } from "../../../app/query-client.ts";
import { createAppTheme } from "../../../app/theme.ts";

export interface Reply {
  status?: number;
  body?: unknown;
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** Scripted API: `routes["POST /api/auth/login"]` answers that call; anything else is 404. */
export function mockApi(routes: Record<string, Reply | ((body: unknown) => Reply)>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === "function" ? route(body) : (route ?? { status: 404, body: { detail: "Not found", code: "NOT_FOUND" } });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  /** Calls the page made, without the error tracker's background reports. */
  const made = () => calls.filter((c) => c.path !== "/api/errors/report");
  return { calls: made, fetchMock };
}

function Where() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders `element` at `path` (other paths show where navigation went). */
export function renderPage(element: ReactElement, { path = "/", at = path }: { path?: string; at?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: "*", element: <Where /> },
    ],
    { initialEntries: [at] },
  );
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={createAppTheme("light")}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
