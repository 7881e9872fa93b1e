import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../app/query-client.ts";
import { me, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { widgetKeys } from "../api/widget-queries.ts";
import type { LayoutItem } from "../lib/widget-layout.ts";
import { WidgetGrid } from "./widget-grid.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const items: LayoutItem[] = [
  { id: "a", type: "account", size: "small" },
  { id: "l", type: "leads-month", size: "small" },
  { id: "q", type: "lead-quality", size: "medium" },
];
const handlers = { onMove: () => {}, onShift: () => {}, onResize: () => {}, onRemove: () => {} };
const fades = (type: string) => screen.getByTestId(`widget-${type}`).style.animationDuration !== "";

describe("widget grid entrance", () => {
  it("shows at once the widgets it opens with complete, up to the first still waiting; that one and those after it fade in", () => {
    const user = me();
    mockServer({
      "GET /api/leads/quality-report": () => new Promise(() => {}),
    });
    // The leads count is in the cache (as the early start leaves it), the quality report is not.
    const queryClient = createQueryClient();
    queryClient.setQueryData(widgetKeys.leadsCount, {
      count: 3,
      since: "2026-11-01",
      plan: { plan: "free", limit: null, used: 3, remaining: null },
    });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <WidgetGrid
            items={items}
            user={user}
            options={{ compact: false, showTitles: true, animate: true }}
            editing={false}
            handlers={handlers}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(fades("account")).toBe(false);
    expect(fades("leads-month")).toBe(false);
    expect(fades("lead-quality")).toBe(true);
  });

  it("fades in every widget when the first one is still waiting for its figures", async () => {
    const user = me();
    mockServer({ "GET /api/leads/count": () => new Promise(() => {}), "GET /api/leads/quality-report": () => new Promise(() => {}) });
    const reordered = [items[1]!, items[0]!, items[2]!];
    renderSignedIn(
      <WidgetGrid
        items={reordered}
        user={user}
        options={{ compact: false, showTitles: true, animate: true }}
        editing={false}
        handlers={handlers}
      />,
      { path: "/" },
    );
    for (const type of ["leads-month", "account", "lead-quality"]) expect(fades(type)).toBe(true);
  });
});
